#!/bin/sh
# Runs one libFuzzer target for $REGIONLAB_FUZZ_SECONDS seconds (default 30):
#   run_fuzzer.sh FUZZER WORK_DIR INPUT_DIR...
# New inputs go to WORK_DIR/corpus (kept between runs, so a longer run
# continues where the last one stopped); the source tree's seed corpus and
# regressions are read only. A finding is written to WORK_DIR/ as
# crash-*, leak-*, timeout-* or oom-*, and the run fails.
set -eu
fuzzer="$1"
work="$2"
shift 2
mkdir -p "$work/corpus"
exec "$fuzzer" -max_total_time="${REGIONLAB_FUZZ_SECONDS:-30}" -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" "$@"
