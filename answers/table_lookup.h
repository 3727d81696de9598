// Which table of a directory answers a question: the file of a game and
// its parameters, where a position may name its own table (a chess FEN's
// material). Shared by tbprobe --dir and tbserve, so both find the same file.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "games/params.h"
#include "probe/table.h"

namespace rtb::answers {

struct TableLookup {
  std::filesystem::path dir;
  std::string game;  // empty: a chess FEN in `position` names chess
  std::string solver = "wdl";
  Params params;                        // as given (--param), over those the position names
  std::optional<std::string> position;  // the position asked about, if any
};

// The game a lookup is about: `game`, or chess for a FEN when it is empty.
// Throws UsageError when neither names one.
std::string game_of(const TableLookup& lookup);

// The table's parameters: those the position names (chess: its material),
// then those given.
Params table_params(const TableLookup& lookup);

// The path where the table would be; throws UsageError (unknown solver)
// or GameError (bad parameters or position).
std::filesystem::path expected_table(const TableLookup& lookup);

// The same, and throws ProbeError naming the missing file when it is not there.
std::filesystem::path find_table(const TableLookup& lookup);

// What the table asked for must be (its game, identity and value kind).
storage::TableIdentity asked_identity(const TableLookup& lookup);

// The table asked for, opened; throws as find_table does, and
// storage::IdentityError when the file there is another table.
OpenedTable open_table(const TableLookup& lookup);

}  // namespace rtb::answers
