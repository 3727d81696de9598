# `cmake --install`: librtb (components runtime and dev), its CMake package
# and its pkg-config file. The headers: RtbHeaders.cmake; the commands, their
# man pages and completions: RtbCommand.cmake.
include(CMakePackageConfigHelpers)

set(RTB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/rtb)

set_target_properties(rtb_static PROPERTIES EXPORT_NAME rtb_static)
install(TARGETS rtb EXPORT rtbTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT dev)
install(TARGETS rtb_static EXPORT rtbTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
install(EXPORT rtbTargets NAMESPACE rtb:: DESTINATION ${RTB_CMAKE_DIR} COMPONENT dev)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/rtbConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/rtbConfig.cmake INSTALL_DESTINATION ${RTB_CMAKE_DIR})
# 0.x follows the C header's rule: a new minor version only adds.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/rtbConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/rtbConfig.cmake ${PROJECT_BINARY_DIR}/rtbConfigVersion.cmake
        DESTINATION ${RTB_CMAKE_DIR} COMPONENT dev)

# rtb.pc names the prefix it is installed under, which `cmake --install
# --prefix P` chooses only then: the file is written at install time.
set(RTB_PC_PREFIX "@RTB_PC_PREFIX@")  # kept for the install-time step
configure_file(${PROJECT_SOURCE_DIR}/cmake/rtb.pc.in ${PROJECT_BINARY_DIR}/rtb.pc.in @ONLY)
install(CODE "
  set(RTB_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  configure_file(\"${PROJECT_BINARY_DIR}/rtb.pc.in\" \"${PROJECT_BINARY_DIR}/rtb.pc\" @ONLY)
  file(INSTALL \"${PROJECT_BINARY_DIR}/rtb.pc\" DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig\")
" COMPONENT dev)
