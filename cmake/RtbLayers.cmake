# One library per layer: what links it may include from its folder, and
# nothing else may.
#
# Every file includes others by their path from the source root
# ("games/game.h"). No include path covers the whole tree: each layer puts
# on its users' paths a folder of its own in the build tree,
# layers/<folder>/, that holds one link, <FOLDER> -> the source folder. So
# a file that includes from a layer its target does not link fails to
# compile: storage/ cannot include games/, probe/ cannot include gen/.
# `scripts/layers.py check` says the same of every file, compiled or not.
include_guard(GLOBAL)

# The include root of `folder`: layers/<folder, / as _>/<folder> -> source.
function(rtb_layer_root folder out)
  string(REPLACE "/" "_" name ${folder})
  set(root ${PROJECT_BINARY_DIR}/layers/${name})
  get_filename_component(parent ${root}/${folder} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  if(NOT IS_SYMLINK ${root}/${folder})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${folder} ${root}/${folder} SYMBOLIC)
  endif()
  set(${out} ${root} PARENT_SCOPE)
endfunction()

# rtb_layer_owner(TARGET FOLDER): TARGET is what FOLDER's files may
# include from: its own folder and what it links. scripts/layers.py reads
# the list (layers/layers.txt, written by rtb_write_layers()).
function(rtb_layer_owner target folder)
  set_property(GLOBAL APPEND PROPERTY RTB_LAYERS "${folder}=${target}")
endfunction()

# rtb_layer(TARGET FOLDER): FOLDER is TARGET's layer: on TARGET's include
# path, and on that of everything that links it.
function(rtb_layer target folder)
  if(NOT target MATCHES "_objects$")
    rtb_layer_owner(${target} ${folder})
  endif()
  rtb_layer_root(${folder} root)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "INTERFACE_LIBRARY")
    target_include_directories(${target} INTERFACE $<BUILD_INTERFACE:${root}>)
  else()
    target_include_directories(${target} PUBLIC $<BUILD_INTERFACE:${root}>)
  endif()
endfunction()

# rtb_library(TARGET FOLDER SOURCES src... [PUBLIC lib...] [PRIVATE lib...]):
# the static library TARGET of layer FOLDER, compiled once as position-
# independent objects (TARGET_objects) that librtb.so reuses.
function(rtb_library target folder)
  cmake_parse_arguments(arg "" "" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
  add_library(${target}_objects OBJECT ${arg_SOURCES})
  set_target_properties(${target}_objects PROPERTIES POSITION_INDEPENDENT_CODE ON)
  add_library(${target} STATIC $<TARGET_OBJECTS:${target}_objects>)
  foreach(t ${target}_objects ${target})
    target_link_libraries(${t} PUBLIC ${arg_PUBLIC} PRIVATE ${arg_PRIVATE})
    rtb_layer(${t} ${folder})
  endforeach()
endfunction()

# Writes layers/layers.txt: a line "FOLDER=TARGET" per layer.
function(rtb_write_layers)
  get_property(layers GLOBAL PROPERTY RTB_LAYERS)
  list(JOIN layers "\n" text)
  file(WRITE ${PROJECT_BINARY_DIR}/layers/layers.txt "${text}\n")
endfunction()
