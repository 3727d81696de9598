// Where a table lives: <dir>/<name>.rtb, one LMDB file per table. The
// generator writes there and the readers look there, so both agree.
#pragma once

#include <filesystem>
#include <string>

namespace rtb {

inline std::filesystem::path table_path(const std::filesystem::path& dir, const std::string& name) {
  return dir / (name + ".rtb");
}

}  // namespace rtb
