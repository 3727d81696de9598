# rtb_install_command(TARGET "what it does"): installs a command (component
# tools) with its man page, made from its --help and --version by help2man
# at build time, and its bash completion (completion/rtb.bash, which knows
# every rtb command). The server's tbserve uses it like tbgen and tbprobe.
include_guard(GLOBAL)
option(RTB_MAN_PAGES "Make the commands' man pages with help2man" ON)
if(RTB_MAN_PAGES)
  find_program(RTB_HELP2MAN help2man)
  if(NOT RTB_HELP2MAN)
    message(FATAL_ERROR "help2man not found: run scripts/install-deps.sh, or configure with -DRTB_MAN_PAGES=OFF")
  endif()
endif()

function(rtb_install_command target description)
  install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
  install(FILES ${PROJECT_SOURCE_DIR}/cmake/completion/rtb.bash
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME ${target} COMPONENT tools)
  if(RTB_MAN_PAGES)
    set(page ${PROJECT_BINARY_DIR}/man/${target}.1)
    add_custom_command(
      OUTPUT ${page}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
      COMMAND ${RTB_HELP2MAN} --no-info --no-discard-stderr --section=1 "--name=${description}"
              --output=${page} $<TARGET_FILE:${target}>
      DEPENDS ${target}
      COMMENT "Man page ${target}.1"
      VERBATIM)
    add_custom_target(${target}_man ALL DEPENDS ${page})
    install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT tools)
  endif()
endfunction()
