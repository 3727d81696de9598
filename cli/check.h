// tbgen check: the plugin contract's checks on a user's own parameters.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "games/params.h"

namespace rtb {

// Checks every table `params` names for `game` (every index of tables up to
// `sample` indices, a sample of that many of larger ones); prints one line
// per table and one per failure; returns 0 when all pass, 1 otherwise.
int run_plugin_check(const std::string& game, const rtb::Params& params, unsigned threads, std::uint64_t sample,
                     std::ostream& out);

}  // namespace rtb
