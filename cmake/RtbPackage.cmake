# `cpack -G DEB` (run in the build folder): one Debian package per install
# component. runtime -> librtb0, dev -> librtb-dev, tools -> rtb-tools; a
# component added later (python) is packed too, as rtb-<component> unless
# its CMakeLists sets CPACK_DEBIAN_<COMPONENT>_PACKAGE_NAME, _DEPENDS and
# _DESCRIPTION (first line: the summary).
set(CPACK_PACKAGE_NAME rtb)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "rtb maintainers <rtb@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Debian ships stripped files (the debug information goes to -dbgsym packages).
set(CPACK_STRIP_FILES ON)
# Install into /usr with DESTDIR, so that CMAKE_INSTALL_PREFIX is /usr when
# rtb.pc is written.
set(CPACK_SET_DESTDIR ON)
set(CPACK_INSTALL_PREFIX ${CPACK_PACKAGING_INSTALL_PREFIX})

get_cmake_property(CPACK_COMPONENTS_ALL COMPONENTS)
list(REMOVE_ITEM CPACK_COMPONENTS_ALL Unspecified)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Depends from the ELF files (dpkg-shlibdeps); librtb0's shlibs file and its
# postinst/postrm running ldconfig.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME librtb0)
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION "rtb tablebase probing library: runtime
librtb probes the tables written by tbgen, from C or C++.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME librtb-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_DEV_DEPENDS runtime)
# librtb.a, rtb.pc (Requires.private) and rtbConfig.cmake need these.
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "liblmdb-dev, libzstd-dev, libxxhash-dev, pkgconf | pkg-config")
set(CPACK_DEBIAN_DEV_DESCRIPTION "rtb tablebase probing library: development files
The headers under /usr/include/rtb, librtb.a, rtb.pc and the CMake package
rtb (find_package(rtb CONFIG), target rtb::rtb).")

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME rtb-tools)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION games)
set(CPACK_DEBIAN_TOOLS_DESCRIPTION "rtb tablebase commands
tbgen generates endgame tables by retrograde analysis; tbprobe reads them.")

include(CPack)
