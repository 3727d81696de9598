// Fork-join over the parts of one long pass of the stream encoder. Storage
// keeps no thread pool (the generator's lives in gen/, which storage may
// not use); a pass over millions of symbols costs far more than starting
// its threads.
#pragma once

#include <algorithm>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace rtb::storage {

// Calls part(k) for each k in [0, parts), part 0 on the calling thread and
// the others on threads of their own, and returns when all are done. The
// first exception (by part) is rethrown here, after every thread is joined.
template <class Part>
void run_parts(unsigned parts, const Part& part) {
  if (parts <= 1) {
    part(0u);
    return;
  }
  std::vector<std::exception_ptr> errors(parts);
  auto guarded = [&](unsigned k) {
    try {
      part(k);
    } catch (...) {
      errors[k] = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> threads;  // joined as they leave scope, even if starting one throws
    threads.reserve(parts - 1);
    for (unsigned k = 1; k < parts; ++k) threads.emplace_back(guarded, k);
    guarded(0);
  }
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

// How many parts a pass over `size` symbols is cut into with `threads`
// threads: none shorter than kMinPart, where a thread costs more than it
// saves.
constexpr std::size_t kMinPart = std::size_t{1} << 16;
inline unsigned parts_for(std::size_t size, unsigned threads) {
  return static_cast<unsigned>(std::clamp<std::size_t>(size / kMinPart, 1, std::max(1u, threads)));
}

// The starts of `parts` parts of [0, size), part k's at the first place p
// from k * size / parts on where can_cut(p) (or size), 0 < p: the last
// element is the end, so part k is [cuts[k], cuts[k + 1]), perhaps empty.
// parts is at most size.
template <class CanCut>
std::vector<std::size_t> cuts(std::size_t size, unsigned parts, const CanCut& can_cut) {
  std::vector<std::size_t> at(parts + 1, size);
  at[0] = 0;
  for (unsigned k = 1; k < parts; ++k) {
    std::size_t p = std::max(at[k - 1], size / parts * k);
    while (p < size && !can_cut(p)) ++p;
    at[k] = p;
  }
  return at;
}

}  // namespace rtb::storage
