// The generator's entry points compiled once for every registered game
// (gen/instances/<game>.cpp), so that the commands and the tests that call
// them do not each compile the whole solver for chess again: an explicit
// instantiation definition per game there, and here the declarations that
// tell every includer to link it instead (extern template). What links
// rtb_gen_instances includes this after the solvers' headers.
#pragma once

#include <filesystem>

#include "games/registry.h"
#include "gen/check/plugin_check.h"
#include "gen/depth/build.h"

// RTB_GEN_INSTANCES(extern, G) declares the instances of game G;
// RTB_GEN_INSTANCES(, G) defines them (in gen/instances/<game>.cpp). The
// arguments are a keyword and a type, which parentheses would break.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define RTB_GEN_INSTANCES(EXTERN, G)                                                          \
  EXTERN template PluginCheckReport check_plugin<G>(const G&, const PluginCheckOptions&);     \
  EXTERN template GenResult generate_table<G>(G&, const GenOptions&);                         \
  EXTERN template AttachedDependencies attach_dependencies<G>(G&, const BuildOptions&, bool); \
  EXTERN template std::filesystem::path build_table<G>(G&, const BuildOptions&, GenStats*);

// The games the win/draw/loss solver cannot solve (moves to sums) have the
// plugin check only.
#define RTB_GEN_CHECK_INSTANCE(EXTERN, G) \
  EXTERN template PluginCheckReport check_plugin<G>(const G&, const PluginCheckOptions&);
// NOLINTEND(bugprone-macro-parentheses)

namespace rtb {

RTB_GEN_INSTANCES(extern, Graph)
RTB_GEN_INSTANCES(extern, TicTacToe)
RTB_GEN_INSTANCES(extern, ConnectFour)
RTB_GEN_INSTANCES(extern, Chess)
RTB_GEN_INSTANCES(extern, Quixo)
RTB_GEN_INSTANCES(extern, Subtraction)
RTB_GEN_CHECK_INSTANCE(extern, Octal)
RTB_GEN_INSTANCES(extern, Nim)
RTB_GEN_INSTANCES(extern, Dobutsu)
RTB_GEN_INSTANCES(extern, Takeaway)

}  // namespace rtb
