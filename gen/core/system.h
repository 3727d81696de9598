// What the operating system says about this process.
#pragma once

#include <malloc.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <string>

namespace rtb {

// A field of /proc/self/status in bytes ("VmHWM:"), or 0 where it is missing.
inline std::uint64_t status_bytes(const std::string& field) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind(field, 0) == 0) return std::stoull(line.substr(field.size())) * 1024;
  return 0;
}

// Peak resident memory in bytes (VmHWM), or 0 where /proc is missing.
inline std::uint64_t peak_memory_bytes() {
  return status_bytes("VmHWM:");
}

// Resident memory now in bytes (VmRSS), or 0 where /proc is missing.
inline std::uint64_t resident_memory_bytes() {
  return status_bytes("VmRSS:");
}

// The machine's physical memory in bytes.
inline std::uint64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

// Has every thread allocate from one heap. By default glibc gives threads
// heaps of their own, and a table is built on whichever thread is free, so
// the arrays a table freed often stayed in a heap its next table's thread
// did not allocate from: a run of many tables held 20-50% more memory, and
// how much moved from run to run (material=all4 --compact, one thread:
// 100-137 MB peak against 80-95 MB with one heap). A fixed mmap threshold
// instead (1 MiB) gave 72-75 MB at three times the system time, each large
// array mapped afresh and faulted in again. Allocations are few and large
// here, so threads rarely wait on the one heap.
inline void share_one_heap() {
  mallopt(M_ARENA_MAX, 1);
}

}  // namespace rtb
