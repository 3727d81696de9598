#include "storage/map_guard.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <mutex>
#include <system_error>
#include <utility>

namespace rtb::storage {

// One guarded map. end == 0: no map. The signal handler reads the slots
// while other threads take and free them, so every field is atomic.
struct MapGuard::Slot {
  std::atomic<bool> taken{false};
  std::atomic<std::uintptr_t> begin{0};
  std::atomic<std::uintptr_t> end{0};
  std::atomic<int> fd{-1};  // the mapped file's descriptor, which holds the lease; -1: none
  std::atomic<bool> changed{false};
};

namespace {

// The slots, in chunks that are linked and never freed, so that the handler
// can walk them without a lock at any moment.
struct Chunk {
  std::array<MapGuard::Slot, 256> slots;
  std::atomic<Chunk*> next{nullptr};
};

std::atomic<Chunk*> first_chunk{nullptr};
std::uintptr_t page_size = 0;
struct sigaction previous_action {};     // SIGBUS's
struct sigaction previous_io_action {};  // SIGIO's

// The interrupted code may be between a call and its look at errno: the
// handlers leave it as they found it.
class SavedErrno {
 public:
  SavedErrno() : saved_(errno) {}
  ~SavedErrno() { errno = saved_; }
  SavedErrno(const SavedErrno&) = delete;
  SavedErrno& operator=(const SavedErrno&) = delete;

 private:
  int saved_;
};

// Gives the signal to the handler that was there before us (`previous`);
// false where there was none (the default action, or ignored).
bool call_previous(const struct sigaction& previous, int signal, siginfo_t* info, void* context) {
  if ((previous.sa_flags & SA_SIGINFO) != 0 && previous.sa_sigaction != nullptr) {
    previous.sa_sigaction(signal, info, context);
    return true;
  }
  if (previous.sa_handler == SIG_DFL || previous.sa_handler == SIG_IGN) return false;
  previous.sa_handler(signal);
  return true;
}

void restore_default(int signal) {
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal, &fallback, nullptr);
}

template <class Holds>
MapGuard::Slot* find_slot(Holds&& holds) {
  for (Chunk* chunk = first_chunk.load(std::memory_order_acquire); chunk != nullptr;
       chunk = chunk->next.load(std::memory_order_acquire))
    for (MapGuard::Slot& slot : chunk->slots)
      if (holds(slot)) return &slot;
  return nullptr;
}

MapGuard::Slot* slot_holding(std::uintptr_t address) {
  return find_slot([&](const MapGuard::Slot& slot) {
    return address < slot.end.load(std::memory_order_acquire) &&
           address >= slot.begin.load(std::memory_order_acquire);
  });
}

// Only async-signal-safe calls here: mmap, sigaction.
void on_sigbus(int signal, siginfo_t* info, void* context) {
  const SavedErrno saved;
  const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  if (MapGuard::Slot* slot = slot_holding(address)) {
    void* page = static_cast<char*>(info->si_addr) - (address & (page_size - 1));
    if (::mmap(page, page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
      slot->changed.store(true, std::memory_order_release);
      return;
    }
  }
  // With no handler before us, the default action: the handler returns, the
  // access faults again and the process ends as it would have without us.
  if (!call_previous(previous_action, signal, info, context)) restore_default(SIGBUS);
}

// A lease break: another process (or this one) opens a guarded file for
// writing or truncates it, and waits until the lease is given up. The map
// is marked changed first, so every read that may see the writer's bytes
// is refused when it asks changed() after it. A lease break of a map no
// longer guarded (its signal late) is dropped; any other SIGIO goes where
// it went before. Only async-signal-safe calls here: fcntl, sigaction, raise.
void on_sigio(int signal, siginfo_t* info, void* context) {
  const SavedErrno saved;
  if (info->si_code == POLL_MSG) {
    const int fd = info->si_fd;
    if (MapGuard::Slot* slot = find_slot([&](const MapGuard::Slot& s) { return s.fd.load() == fd; })) {
      slot->changed.store(true, std::memory_order_release);
      ::fcntl(fd, F_SETLEASE, F_UNLCK);
      return;
    }
  }
  if (!call_previous(previous_io_action, signal, info, context) && previous_io_action.sa_handler == SIG_DFL &&
      info->si_code != POLL_MSG) {
    restore_default(SIGIO);
    raise(SIGIO);  // its default action, as without us
  }
}

void install(int signal, void (*handler)(int, siginfo_t*, void*), int flags, struct sigaction& previous,
             const char* what) {
  struct sigaction action {};
  action.sa_sigaction = handler;
  action.sa_flags = SA_SIGINFO | flags;
  sigemptyset(&action.sa_mask);
  if (sigaction(signal, &action, &previous) != 0)
    throw std::system_error(errno, std::generic_category(), what);
}

void install_handler() {
  page_size = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  first_chunk.store(new Chunk, std::memory_order_release);
  install(SIGBUS, on_sigbus, SA_ONSTACK, previous_action, "sigaction(SIGBUS)");
  // SA_RESTART: a system call of this process interrupted by the break goes on.
  install(SIGIO, on_sigio, SA_ONSTACK | SA_RESTART, previous_io_action, "sigaction(SIGIO)");
}

MapGuard::Slot& take_slot() {
  static std::once_flag installed;
  std::call_once(installed, install_handler);
  for (Chunk* chunk = first_chunk.load(std::memory_order_acquire);;) {
    for (MapGuard::Slot& slot : chunk->slots)
      if (!slot.taken.exchange(true, std::memory_order_acq_rel)) return slot;
    Chunk* next = chunk->next.load(std::memory_order_acquire);
    if (next == nullptr) {
      auto* fresh = new Chunk;
      if (chunk->next.compare_exchange_strong(next, fresh, std::memory_order_acq_rel)) {
        next = fresh;
      } else {
        delete fresh;
      }
    }
    chunk = next;
  }
}

}  // namespace

MapGuard::MapGuard(const void* base, std::size_t size, int fd) : slot_(&take_slot()) {
  const auto begin = reinterpret_cast<std::uintptr_t>(base);
  slot_->changed.store(false, std::memory_order_relaxed);
  slot_->begin.store(begin, std::memory_order_release);
  slot_->end.store(begin + size, std::memory_order_release);
  if (fd < 0) return;
  slot_->fd.store(fd, std::memory_order_release);
  // The signal carries the descriptor only with F_SETSIG. Without a lease
  // (a file of another user, a file system without leases, a file open
  // for writing somewhere) a rewrite in place goes unseen here.
  leased_ = ::fcntl(fd, F_SETSIG, SIGIO) == 0 && ::fcntl(fd, F_SETLEASE, F_RDLCK) == 0;
}

MapGuard::~MapGuard() {
  if (slot_ == nullptr) return;
  const int fd = slot_->fd.load(std::memory_order_acquire);
  if (leased_) ::fcntl(fd, F_SETLEASE, F_UNLCK);
  slot_->fd.store(-1, std::memory_order_release);
  slot_->end.store(0, std::memory_order_release);
  slot_->begin.store(0, std::memory_order_release);
  slot_->taken.store(false, std::memory_order_release);
}

MapGuard::MapGuard(MapGuard&& other) noexcept
    : slot_(std::exchange(other.slot_, nullptr)), leased_(std::exchange(other.leased_, false)) {}

MapGuard& MapGuard::operator=(MapGuard&& other) noexcept {
  if (this != &other) {
    MapGuard gone(std::move(*this));
    slot_ = std::exchange(other.slot_, nullptr);
    leased_ = std::exchange(other.leased_, false);
  }
  return *this;
}

bool MapGuard::changed() const {
  return slot_ != nullptr && slot_->changed.load(std::memory_order_acquire);
}

}  // namespace rtb::storage
