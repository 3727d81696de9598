# The public headers, installed under include/rtb/.
#
# In the source tree every header includes others by their path from the
# root ("games/any_game.h"). Installed, they keep that layout under rtb/
# (include/rtb/games/any_game.h) and their include lines name it
# (<rtb/games/any_game.h>), so a consumer needs only -I${prefix}/include and
# no folder named games/ or storage/ lands on its include path. The copies
# are made at configure time into ${PROJECT_BINARY_DIR}/include/rtb/; the
# sources stay as they are. Every header copied is a configure dependency:
# editing one (or adding an include to it) refreshes the copies.

include_guard(GLOBAL)
set(RTB_HEADER_DIR ${PROJECT_BINARY_DIR}/include)
set(rtb_include_line "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\"")

# The headers `entries` include, directly or not, themselves included.
# Anything from the generator or the front ends is an error: the probe
# library and its headers need neither.
function(rtb_header_closure out)
  set(todo ${ARGN})
  set(done "")
  while(todo)
    list(POP_FRONT todo header)
    if(header IN_LIST done)
      continue()
    endif()
    if(NOT header MATCHES "^(games|storage|probe)/")
      message(FATAL_ERROR "a public header of librtb includes ${header}: only games/, storage/ and probe/ are installed")
    endif()
    list(APPEND done ${header})
    file(STRINGS ${PROJECT_SOURCE_DIR}/${header} lines REGEX "${rtb_include_line}")
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "${rtb_include_line}.*" "\\1" included "${line}")
      list(APPEND todo ${included})
    endforeach()
  endwhile()
  set(${out} ${done} PARENT_SCOPE)
endfunction()

# Writes `content` to `path` unless it already holds it (no needless rebuilds).
function(rtb_write_if_changed path content)
  if(EXISTS ${path})
    file(READ ${path} old)
    if(old STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE ${path} "${content}")
endfunction()

# rtb_public_headers(ENTRY...): copies the closure of the entry headers to
# include/rtb/<path> with <rtb/...> includes, adds the short names of the C
# headers (<rtb/rtb.h>, <rtb/rtb_chess.h>), and installs them (component dev).
function(rtb_public_headers)
  rtb_header_closure(headers ${ARGN})
  set(written "")
  foreach(header IN LISTS headers)
    set(source ${PROJECT_SOURCE_DIR}/${header})
    set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${source})
    file(READ ${source} text)
    string(REGEX REPLACE "(#[ \t]*include[ \t]*)\"((games|storage|probe)/[^\"]+)\"" "\\1<rtb/\\2>" text "${text}")
    rtb_write_if_changed(${RTB_HEADER_DIR}/rtb/${header} "${text}")
    list(APPEND written ${RTB_HEADER_DIR}/rtb/${header})
  endforeach()
  foreach(short rtb rtb_chess)
    set(path ${RTB_HEADER_DIR}/rtb/${short}.h)
    rtb_write_if_changed(${path} "/* The C API of librtb: see rtb/probe/${short}.h. */\n#include <rtb/probe/${short}.h>\n")
    list(APPEND written ${path})
  endforeach()
  # A header no longer in the closure must not stay behind to be installed.
  file(GLOB_RECURSE present ${RTB_HEADER_DIR}/rtb/*)
  foreach(path IN LISTS present)
    if(NOT path IN_LIST written)
      file(REMOVE ${path})
    endif()
  endforeach()
  install(DIRECTORY ${RTB_HEADER_DIR}/rtb DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)
endfunction()
