// The probe library's C++ API: Tablebase, a directory of tables opened on
// first use, over the reader of each value kind: DepthTable (probe/depth.h:
// win/draw/loss with exact depth, kind wdl16), GrundyTable (probe/grundy.h),
// ArenaTable (probe/arena.h). A Tablebase may be shared by any number of
// threads.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "probe/depth.h"
#include "probe/table.h"

namespace rtb {

// A directory of wdl16 tables (win/draw/loss with exact depth), each opened
// on first use and kept open.
class Tablebase {
 public:
  explicit Tablebase(std::filesystem::path dir);
  const std::filesystem::path& dir() const { return dir_; }
  // The table of `game` with `params`; throws ProbeError if it is missing
  // (and tries again on the next call: a table may be added later), and
  // storage::IdentityError if the file of its name is another table.
  const DepthTable& table(std::string_view game, const Params& params) const;
  // The same, or nullptr when the directory has no such table.
  const DepthTable* find(std::string_view game, const Params& params) const;
  // Keeps a table of this directory that is already open, so it is not
  // opened again.
  const DepthTable& add(DepthTable table);

 private:
  std::filesystem::path dir_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::unique_ptr<DepthTable>> open_;  // by path; never an empty entry
};

}  // namespace rtb
