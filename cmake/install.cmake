# What `cmake --install` puts where, and the Debian package CPack builds from
# it (`cpack -G DEB` in the build directory). tests/package/deb_test.sh
# installs that package into a scratch root and checks what it holds.
include(GNUInstallDirs)
set(CMAKE_INSTALL_DOCDIR ${CMAKE_INSTALL_DATAROOTDIR}/doc/regionlab)

# The programs. regionlab-bench and regionlab-bench-loop stay in the build
# tree: they are for measuring the engine, not for users.
set(REGIONLAB_INSTALLED_PROGRAMS regionlab-shell regionlab-scheme regionlab-demo)
foreach(program regionlab regionlab-rest)
  if(TARGET ${program})
    list(APPEND REGIONLAB_INSTALLED_PROGRAMS ${program})
  endif()
endforeach()
install(TARGETS ${REGIONLAB_INSTALLED_PROGRAMS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The desktop integration: the menu entry, the AppStream metadata and the
# icon in the hicolor theme's sizes.
if(REGIONLAB_BUILD_GUI)
  set(REGIONLAB_APP_ID io.github.regionlab.RegionLab)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/regionlab.desktop
    DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/applications RENAME ${REGIONLAB_APP_ID}.desktop)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/regionlab.metainfo.xml
    DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/metainfo RENAME ${REGIONLAB_APP_ID}.metainfo.xml)
  foreach(size 16 24 32 48 64 128 256)
    install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/regionlab-${size}.png
      DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/icons/hicolor/${size}x${size}/apps
      RENAME regionlab.png)
  endforeach()
endif()
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The Debian package. dpkg-shlibdeps reads the installed programs and lists
# the Debian packages of the libraries they link (Qt, QCustomPlot, snappy,
# SQLite, ...) as its dependencies.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME regionlab)
set(CPACK_PACKAGE_VENDOR "RegionLab")
set(CPACK_PACKAGE_CONTACT "RegionLab developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
  "RegionLab embeds an HBase-like storage engine (WAL, memstores, block-based store files, a block
cache, compactions and region splits) in a desktop application, so that a table's regions can be
watched as they fill, flush, compact and split. It designs tables and rowkeys, simulates their
distribution over regions, and speaks HBase shell syntax (regionlab-shell).")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION database)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
include(CPack)
