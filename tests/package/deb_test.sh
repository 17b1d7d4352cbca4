#!/usr/bin/env bash
# Builds the Debian package of this build with CPack, unpacks it into a
# scratch root with dpkg-deb -x (no root, nothing installed on the machine)
# and checks what it holds: the programs in usr/bin, each printing the
# version; the desktop entry, the AppStream metadata and the hicolor icons
# (when the GUI is built); the dependencies dpkg-shlibdeps found; and that no
# installed program carries the test-only crash-point hook.
#
# usage: deb_test.sh BUILD_DIR VERSION GUI(ON|OFF)
# Exit status 77 (CTest: skipped) when dpkg-deb is missing.
set -euo pipefail
build_dir="$1" version="$2" gui="$3"

if ! command -v dpkg-deb >/dev/null 2>&1; then
  echo "SKIP: dpkg-deb is not installed"
  exit 77
fi

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack -G DEB --config "$build_dir/CPackConfig.cmake" -B "$scratch/out" >"$scratch/cpack.log" 2>&1 ||
  { cat "$scratch/cpack.log" >&2; fail "cpack -G DEB failed"; }
debs=("$scratch"/out/regionlab_"$version"_*.deb)
[ -f "${debs[0]}" ] || fail "no regionlab_${version}_*.deb in $(ls "$scratch/out")"
deb="${debs[0]}"
echo "package: $(basename "$deb")"

dpkg-deb -x "$deb" "$scratch/root"
root="$scratch/root"

programs=(regionlab-shell regionlab-scheme regionlab-demo)
[ "$gui" = ON ] && programs+=(regionlab)
for p in "${programs[@]}"; do
  [ -x "$root/usr/bin/$p" ] || fail "usr/bin/$p is missing"
  out="$(QT_QPA_PLATFORM=offscreen "$root/usr/bin/$p" --version)" || fail "$p --version failed"
  case "$out" in
    *"$version"*) echo "ok: $p --version: $out" ;;
    *) fail "$p --version printed '$out', not the version $version" ;;
  esac
  if grep -q REGIONLAB_CRASH_POINT "$root/usr/bin/$p"; then
    fail "usr/bin/$p contains the test-only crash-point hook"
  fi
done
for p in regionlab-bench regionlab-bench-loop; do
  [ ! -e "$root/usr/bin/$p" ] || fail "usr/bin/$p is a developer tool and must not be packaged"
done

[ -f "$root/usr/share/doc/regionlab/copyright" ] || fail "usr/share/doc/regionlab/copyright is missing"
grep -q "Apache License" "$root/usr/share/doc/regionlab/copyright" || fail "the copyright file is not the Apache License"

depends="$(dpkg-deb -f "$deb" Depends)"
echo "Depends: $depends"
for lib in libsnappy libsqlite3 libstdc++; do
  [[ "$depends" == *"$lib"* ]] || fail "Depends lacks $lib"
done

if [ "$gui" = ON ]; then
  [[ "$depends" == *libqt6widgets6* ]] || fail "Depends lacks libqt6widgets6"
  [[ "$depends" == *libqcustomplot* ]] || fail "Depends lacks libqcustomplot"
  app_id=io.github.regionlab.RegionLab
  desktop="$root/usr/share/applications/$app_id.desktop"
  metainfo="$root/usr/share/metainfo/$app_id.metainfo.xml"
  [ -f "$desktop" ] || fail "the desktop entry is missing"
  [ -f "$metainfo" ] || fail "the AppStream metadata is missing"
  grep -q "^Exec=regionlab$" "$desktop" || fail "the desktop entry does not start regionlab"
  for size in 16 24 32 48 64 128 256; do
    icon="$root/usr/share/icons/hicolor/${size}x${size}/apps/regionlab.png"
    [ -f "$icon" ] || fail "icon ${size}x${size} is missing"
    dims="$(od -An -tu1 -j16 -N8 "$icon" | tr -s ' ')"
    want="$(printf ' 0 0 %d %d 0 0 %d %d' $((size / 256)) $((size % 256)) $((size / 256)) $((size % 256)))"
    [ "$dims" = "$want" ] || fail "icon ${size}x${size} is not ${size} by ${size} pixels (IHDR:$dims)"
  done
  if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$desktop" || fail "desktop-file-validate refused the desktop entry"
  fi
  if command -v appstreamcli >/dev/null 2>&1; then
    appstreamcli validate --no-net "$metainfo" || fail "appstreamcli refused the metadata"
  fi
fi
echo "ok: the package installs and holds what it should"
