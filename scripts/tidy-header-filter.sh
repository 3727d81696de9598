#!/usr/bin/env bash
# Prints clang-tidy's --header-filter for this tree: diagnostics from the
# project's own headers only, not from system headers, reached from the
# source tree or through a build's layer folders (cmake/RtbLayers.cmake).
# Used by scripts/check-style.sh and scripts/dev-check.sh.
#   scripts/tidy-header-filter.sh SOURCE_ROOT BUILD_DIR   (absolute paths)
set -euo pipefail
echo "^($1|$2/layers/[^/]+)/(games|gen|storage|probe|answers|cli|server|python|tests)/"
