// The arena16 kind: who wins an arena with owners (reach, safety, Buchi,
// co-Buchi; IOI 2017 Train), solved by gen/arena/, read by ArenaTable
// (probe/arena.h). `tbprobe --dump` prints "<station> <1|0>", 1 when A
// wins: for an IOI 2017 Train arena, the task's expected output.
#pragma once

#include <ostream>
#include <string>

#include "cli/json.h"
#include "gen/core/output.h"
#include "probe/arena.h"

namespace rtb::cli {

// Solves `game` for the objective named by `objective` or by params'
// objective=... (not both, unless they agree) and writes its arena16 table
// into options.out_dir. Throws GameError for a game that is no arena or a
// missing or unknown objective; GenError and storage::StorageError as
// build_table does.
void generate_arena(const std::string& game, const Params& params, const std::string& objective,
                    const BuildOptions& options);

Json arena_position(const ArenaTable& table, Index i);
void print_arena_position(const Json& answer, std::ostream& out);
void dump_arena(const ArenaTable& table, std::ostream& out, bool json = false);

}  // namespace rtb::cli
