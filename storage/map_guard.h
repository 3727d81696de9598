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
// A file rewritten in place raises no fault: for it the guard takes a read
// lease on the file (fcntl F_SETLEASE). A process that opens the file for
// writing or truncates it then waits while the kernel tells us (SIGIO, the
// same handler's other half); the map is marked changed before the writer
// may go on, so no read that can see its bytes is trusted. The lease needs
// the file to be the reader's own (or CAP_LEASE) and a local file system;
// without one a rewrite in place at the same size is seen only where a
// checksum covers the bytes read (a value block's, storage/block_codec.h).
//
// Nothing is paid on the read path but the load of one flag.
#pragma once

#include <cstddef>

namespace rtb::storage {

class MapGuard {
 public:
  MapGuard() = default;
  // Guards [base, base + size) until destroyed; the map must outlive the
  // guard. With `fd` (the mapped file's, open read-only, outliving the
  // guard), also takes a read lease on the file. Throws std::system_error
  // if the handlers cannot be installed.
  MapGuard(const void* base, std::size_t size, int fd = -1);
  ~MapGuard();
  MapGuard(MapGuard&& other) noexcept;
  MapGuard& operator=(MapGuard&& other) noexcept;
  MapGuard(const MapGuard&) = delete;
  MapGuard& operator=(const MapGuard&) = delete;

  // Whether a page of the map has been read beyond the file's end (and so
  // read as zeros); it stays so for the guard's life.
  bool changed() const;
  // Whether a rewrite in place is seen too: the lease was granted.
  bool leased() const { return leased_; }

  struct Slot;

 private:
  Slot* slot_ = nullptr;
  bool leased_ = false;
};

}  // namespace rtb::storage
