// What the operating system says about this process.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>

namespace rtb {

// Peak resident memory in bytes (VmHWM), or 0 where /proc is missing.
inline std::uint64_t peak_memory_bytes() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}

}  // namespace rtb
