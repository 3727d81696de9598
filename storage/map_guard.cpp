#include "storage/map_guard.h"

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
struct sigaction previous_action {};

// Gives the signal to the handler that was there before us; with none, to
// the default action: the handler returns, the access faults again and the
// process ends as it would have without us.
void forward(int signal, siginfo_t* info, void* context) {
  if ((previous_action.sa_flags & SA_SIGINFO) != 0 && previous_action.sa_sigaction != nullptr) {
    previous_action.sa_sigaction(signal, info, context);
  } else if (previous_action.sa_handler != SIG_DFL && previous_action.sa_handler != SIG_IGN) {
    previous_action.sa_handler(signal);
  } else {
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(SIGBUS, &fallback, nullptr);
  }
}

MapGuard::Slot* slot_holding(std::uintptr_t address) {
  for (Chunk* chunk = first_chunk.load(std::memory_order_acquire); chunk != nullptr;
       chunk = chunk->next.load(std::memory_order_acquire))
    for (MapGuard::Slot& slot : chunk->slots)
      if (address < slot.end.load(std::memory_order_acquire) &&
          address >= slot.begin.load(std::memory_order_acquire))
        return &slot;
  return nullptr;
}

// Only async-signal-safe calls here: mmap, sigaction.
void on_sigbus(int signal, siginfo_t* info, void* context) {
  const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  if (MapGuard::Slot* slot = slot_holding(address)) {
    void* page = static_cast<char*>(info->si_addr) - (address & (page_size - 1));
    if (::mmap(page, page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
      slot->changed.store(true, std::memory_order_release);
      return;
    }
  }
  forward(signal, info, context);
}

void install_handler() {
  page_size = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  first_chunk.store(new Chunk, std::memory_order_release);
  struct sigaction action {};
  action.sa_sigaction = on_sigbus;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGBUS, &action, &previous_action) != 0)
    throw std::system_error(errno, std::generic_category(), "sigaction(SIGBUS)");
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

MapGuard::MapGuard(const void* base, std::size_t size) : slot_(&take_slot()) {
  const auto begin = reinterpret_cast<std::uintptr_t>(base);
  slot_->changed.store(false, std::memory_order_relaxed);
  slot_->begin.store(begin, std::memory_order_release);
  slot_->end.store(begin + size, std::memory_order_release);
}

MapGuard::~MapGuard() {
  if (slot_ == nullptr) return;
  slot_->end.store(0, std::memory_order_release);
  slot_->begin.store(0, std::memory_order_release);
  slot_->taken.store(false, std::memory_order_release);
}

MapGuard::MapGuard(MapGuard&& other) noexcept : slot_(std::exchange(other.slot_, nullptr)) {}

MapGuard& MapGuard::operator=(MapGuard&& other) noexcept {
  if (this != &other) {
    MapGuard gone(std::move(*this));
    slot_ = std::exchange(other.slot_, nullptr);
  }
  return *this;
}

bool MapGuard::changed() const {
  return slot_ != nullptr && slot_->changed.load(std::memory_order_acquire);
}

}  // namespace rtb::storage
