// The table of value kinds, read side: for each kind of table (wdl16,
// grundy16, arena16 ...) where its file is and how tbprobe, tbserve and the
// Python module show it. The front ends that read tables dispatch through
// this table; tbgen's generation and verification of each kind are the
// solver table of cli/tbgen/solvers.h, keyed by the same names. A new kind is one
// entry here (its own file in answers/kinds/), one in cli/tbgen/solvers.h, its
// solver in gen/<kind>/ and its reader in probe/.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "answers/json.h"
#include "gen/core/reachable.h"
#include "probe/table.h"

namespace rtb::answers {

// What tbprobe asks of one position.
struct PositionQuery {
  std::optional<std::string> text;  // as the user wrote it
  std::optional<Index> index;       // or by index
  bool line = false;                // also the best line
};

// An open table of one kind, as tbprobe shows it. Each answer is one JSON
// object (tbprobe --json prints it as it is); print_* writes its text form.
class KindReader {
 public:
  virtual ~KindReader() = default;
  virtual Json position(const PositionQuery& query) const = 0;
  virtual void print_position(const Json& answer, std::ostream& out) const = 0;
  virtual Json stats() const = 0;
  virtual void print_stats(const Json& answer, std::ostream& out) const = 0;
  // Positions reachable from the game's start, found by `threads` workers
  // (progress after each ply); throws UsageError where the kind or the game
  // has no such thing.
  virtual Json reachable(unsigned threads, const ReachedProgress& progress) const;
  virtual void print_reachable(const Json& answer, std::ostream& out) const;
  // Every position in index order: a line "<position> <value>" each, or a
  // JSON object per line with `json`.
  virtual void dump(std::ostream& out, bool json) const = 0;
};

struct ValueKind {
  std::string_view name;     // TableMeta::value_kind
  std::string_view solver;   // tbgen --solver and tbprobe --solver
  std::string_view summary;  // one line for --help
  // --param keys that are the solver's, not the game's (arena16: objective).
  std::vector<std::string_view> solver_keys;

  // The counts of a written table, for the run summary ("765 positions: ...").
  std::string (*describe_counts)(const storage::TableMeta& meta);
  // tbprobe --dir: the file of `game` with `params` in `dir`.
  std::filesystem::path (*file_in)(const std::filesystem::path& dir, const std::string& game,
                                   const Params& params);
  // tbprobe: the reader of an open table of this kind.
  std::unique_ptr<KindReader> (*open)(OpenedTable table);
  // Another name --solver takes for it ("depth" for wdl, whose values are
  // win/draw/loss with exact depth); empty: none.
  std::string_view solver_alias = {};
};

const std::vector<ValueKind>& value_kinds();
// Throws std::runtime_error naming the kinds this build reads.
const ValueKind& kind_named(std::string_view value_kind);
// Throws UsageError naming the solvers.
const ValueKind& kind_of_solver(std::string_view solver);
// "wdl, grundy or arena", for help and errors.
std::string solver_names();

// What a reader asks the table of `kind` for `game` with `params` (the
// solver's among them) to be: the identity tbgen gives that table
// (storage/table_identity.h). Throws GameError for bad parameters.
storage::TableIdentity asked_identity(const ValueKind& kind, const std::string& game, const Params& params);

// The kinds' entries, each defined in answers/kinds/<kind>.cpp.
ValueKind depth_kind();
ValueKind grundy_kind();
ValueKind arena_kind();

// The meta record's fields every kind shows (--stats, --json).
Json meta_json(const storage::TableMeta& meta);
// A 64-bit checksum as tbprobe prints it: 16 lowercase hex digits.
std::string hex64(std::uint64_t value);

// --params split into the game's and the solver's.
struct SplitParams {
  Params game, solver;
};
SplitParams split_params(const Params& params, const std::vector<std::string_view>& solver_keys);

}  // namespace rtb::answers
