// The arena16 kind: who wins an arena with owners (reach, safety, Buchi,
// co-Buchi; IOI 2017 Train), solved by gen/arena/, read by ArenaTable
// (probe/arena.h). `tbprobe --dump` prints "<station> <1|0>", 1 when A
// wins: for an IOI 2017 Train arena, the task's expected output.
#pragma once

#include <ostream>
#include <string>

#include "answers/json.h"
#include "probe/arena.h"

namespace rtb::answers {

// The objective named by `objective`, or else by params' objective=...;
// throws GameError when neither names one or the two disagree.
Objective arena_objective(const Params& params, const std::string& objective);
// The --param keys that are the arena solver's, not the game's.
extern const std::vector<std::string_view> kArenaSolverKeys;

Json arena_position(const ArenaTable& table, Index i);
void print_arena_position(const Json& answer, std::ostream& out);
void dump_arena(const ArenaTable& table, std::ostream& out, bool json = false);

}  // namespace rtb::answers
