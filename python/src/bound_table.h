// One table of any value kind as the Python module sees it: opened once,
// answering with the value kind's JSON objects (the very ones `tbprobe
// --json` prints, answers/value_kind.h), and raising the errors of errors.h
// for the causes a caller tells apart.
#pragma once

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "answers/value_kind.h"
#include "probe/grundy.h"

namespace rtb::python {

class BoundTable {
 public:
  // Opens the table at `path`; with `expected_game`, refuses one of another
  // game, and with `asked`, a table that is not that one (MissingTable,
  // naming both). MissingTable when there is no file (or a table it leads
  // into is missing beside it).
  BoundTable(const std::filesystem::path& path, const std::string& expected_game,
             const std::optional<storage::TableIdentity>& asked = std::nullopt);

  // Where a table asked for by its game and parameters is, and what it must be.
  struct Found {
    std::filesystem::path path;
    storage::TableIdentity asked;
  };
  // The file of `game`'s table with `params` in `dir` for `solver` (wdl,
  // grundy, arena), the parameters a `position` names (chess: its material)
  // added first, as tbprobe --dir finds it. MissingTable when it is not there.
  static Found file_in(const std::filesystem::path& dir, const std::string& game, const Params& params,
                       const std::string& solver, const std::optional<std::string>& position);

  const std::filesystem::path& path() const { return path_; }
  answers::Json meta() const { return answers::meta_json(meta_); }

  answers::Json position(const std::string& text, bool line) const;
  answers::Json position_at(Index index, bool line) const;
  answers::Json stats() const { return reader().stats(); }
  // `threads` workers, 0 for every core.
  answers::Json reachable(unsigned threads) const {
    return reader().reachable(threads ? threads : std::max(1u, std::thread::hardware_concurrency()), {});
  }
  // Checks every page, block and value; Corrupt on the first damage.
  void check() const;
  // The table's Grundy reader, for sums; BadArgument for a table of another kind.
  const GrundyTable& grundy() const;

  void close();
  bool closed() const { return !reader_; }

 private:
  const answers::KindReader& reader() const;

  std::filesystem::path path_;
  storage::TableMeta meta_;
  std::unique_ptr<AnyGame> game_;  // without dependencies: reads positions
  std::unique_ptr<answers::KindReader> reader_;
  mutable std::unique_ptr<GrundyTable> grundy_;  // opened by the first sum
};

}  // namespace rtb::python
