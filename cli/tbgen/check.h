// `tbgen check`: the plugin checks of gen/check/plugin_check.h on the
// tables a game and its parameters name, written as a short report. A
// plugin author runs them on their own parameters, with no test to edit.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "games/params.h"
#include "gen/check/plugin_check_report.h"

namespace rtb {

// Checks each table that `game` with `params` names (every table of a set
// such as chess material=all4) on `threads` threads: every index of a table
// of at most `sample` indices (0: of any size), else a sample of `sample`
// indices. Writes one line per table and one per failure to `out`; returns
// 0 when every check passes, 1 otherwise. Throws GameError for an unknown
// game or bad parameters, as every command does.
int run_plugin_check(const std::string& game, const rtb::Params& params, unsigned threads,
                     std::uint64_t sample, std::ostream& out);

// One table's report as run_plugin_check() writes it, `table` naming the
// table ("chess material=KRvK,metric=dtm"); returns report.ok().
bool print_plugin_check(std::string_view table, const PluginCheckReport& report, std::ostream& out);

}  // namespace rtb
