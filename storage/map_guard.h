// Keeps a reader alive when a file it has mapped shrinks under it. A page of
// a MAP_SHARED map beyond the file's end raises SIGBUS when it is touched
// (`truncate`, or `cp` over the file while it is open). A process-wide
// SIGBUS handler, installed when the first map is guarded, puts a page of
// zeros where the fault was (mmap MAP_FIXED over that one page), marks the
// map changed and returns: the read goes on over zeros, and the reader, which
// asks changed() after each read, throws instead of answering. A fault
// anywhere else goes to the handler that was there before (or to the
// default action, ending the process as it would have).
//
// Nothing is paid on the read path but the load of one flag. A file
// rewritten in place at the same size raises no signal: the blocks'
// checksums find that (storage/block_codec.h).
#pragma once

#include <cstddef>

namespace rtb::storage {

class MapGuard {
 public:
  MapGuard() = default;
  // Guards [base, base + size) until destroyed; the map must outlive the
  // guard. Throws std::system_error if the handler cannot be installed.
  MapGuard(const void* base, std::size_t size);
  ~MapGuard();
  MapGuard(MapGuard&& other) noexcept;
  MapGuard& operator=(MapGuard&& other) noexcept;
  MapGuard(const MapGuard&) = delete;
  MapGuard& operator=(const MapGuard&) = delete;

  // Whether a page of the map has been read beyond the file's end (and so
  // read as zeros); it stays so for the guard's life.
  bool changed() const;

  struct Slot;

 private:
  Slot* slot_ = nullptr;
};

}  // namespace rtb::storage
