# rtb_install_command(TARGET "what it does"): installs a command (component
# tools) with its man page, docs/man/TARGET.1 (written by hand; its NAME line
# says what the command does, as the second argument does here, and
# scripts/check-man.sh checks it against the command's --help), and its bash
# completion (completion/rtb.bash, which knows every rtb command). The
# server's tbserve uses it like tbgen and tbprobe.
include_guard(GLOBAL)

function(rtb_install_command target description)
  install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
  install(FILES ${PROJECT_SOURCE_DIR}/cmake/completion/rtb.bash
          DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME ${target} COMPONENT tools)
  set(page ${PROJECT_SOURCE_DIR}/docs/man/${target}.1)
  if(NOT EXISTS ${page})
    message(FATAL_ERROR "no man page ${page} for the command ${target} (${description})")
  endif()
  install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT tools)
endfunction()
