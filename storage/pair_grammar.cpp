#include "storage/pair_grammar.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <new>
#include <stdexcept>

namespace rtb::storage {
namespace {

// Pairs of symbols below `width` are counted in a dense array indexed by
// left * width + right. It is made with calloc, whose fresh pages cost
// nothing until touched: a round touches only the pairs that occur.
template <typename T>
struct CallocArray {
  explicit CallocArray(std::size_t n) : data(static_cast<T*>(std::calloc(n, sizeof(T)))) {
    if (data == nullptr) throw std::bad_alloc();
  }
  struct Free {
    void operator()(T* p) const noexcept { std::free(p); }
  };
  std::unique_ptr<T[], Free> data;
  T& operator[](std::size_t k) const { return data[k]; }
};

class PairCounts {
 public:
  explicit PairCounts(std::uint32_t width)
      : width_(width), count_(std::size_t{width} * width), replacement_(std::size_t{width} * width) {}

  std::uint32_t key(std::uint16_t a, std::uint16_t b) const { return a * width_ + b; }
  std::uint16_t left(std::uint32_t key) const { return static_cast<std::uint16_t>(key / width_); }
  std::uint16_t right(std::uint32_t key) const { return static_cast<std::uint16_t>(key % width_); }

  // Counts the pairs of `seq` that can be replaced; returns those seen at
  // least min_count times, most frequent first.
  std::vector<std::uint32_t> frequent(const std::vector<std::uint16_t>& seq, std::uint64_t min_count) {
    std::vector<std::uint32_t> found;
    bool counted_same = false;  // "aaa": the middle a cannot start a second aa
    for (std::size_t i = 0; i + 1 < seq.size(); ++i) {
      const std::uint16_t a = seq[i], b = seq[i + 1];
      if (a == b && counted_same) {
        counted_same = false;
        continue;
      }
      counted_same = a == b;
      if (++count_[key(a, b)] == min_count) found.push_back(key(a, b));
    }
    std::ranges::sort(found, [&](std::uint32_t x, std::uint32_t y) {
      return count_[x] != count_[y] ? count_[x] > count_[y] : x < y;
    });
    return found;
  }
  std::uint32_t count(std::uint32_t key) const { return count_[key]; }

  // Rewrites seq, left to right, replacing each pair given a symbol.
  void replace(std::vector<std::uint16_t>& seq) const {
    std::size_t out = 0;
    for (std::size_t i = 0; i < seq.size();) {
      const std::uint16_t r = i + 1 < seq.size() ? replacement_[key(seq[i], seq[i + 1])] : 0;
      seq[out++] = r != 0 ? r : seq[i];
      i += r != 0 ? 2 : 1;
    }
    seq.resize(out);
  }
  void set_replacement(std::uint32_t key, std::uint16_t symbol) { replacement_[key] = symbol; }

 private:
  std::uint32_t width_;
  CallocArray<std::uint32_t> count_;
  CallocArray<std::uint16_t> replacement_;  // 0: none (new symbols are never 0)
};

}  // namespace

PairGrammar build_pair_grammar(std::vector<std::uint16_t> sequence, std::uint32_t terminals,
                               const PairGrammarLimits& limits) {
  if (terminals == 0 || terminals > limits.max_symbols || limits.max_symbols > 4096)
    throw std::invalid_argument("build_pair_grammar: bad symbol counts");
  PairGrammar g;
  g.terminals = terminals;
  g.lengths.assign(terminals, 1);
  const std::uint64_t min_count = std::max<std::uint64_t>(limits.min_count, 2);
  while (g.symbols() < limits.max_symbols && sequence.size() >= 2) {
    PairCounts counts(g.symbols());  // pairs of this round's symbols
    const std::vector<std::uint32_t> frequent = counts.frequent(sequence, min_count);
    std::size_t chosen = 0;
    const std::uint64_t floor =
        frequent.empty() ? 0 : std::max<std::uint64_t>(min_count, counts.count(frequent[0]) / 2);
    for (std::uint32_t key : frequent) {
      if (counts.count(key) < floor || g.symbols() == limits.max_symbols) break;
      const std::uint16_t a = counts.left(key), b = counts.right(key);
      if (std::uint64_t{g.lengths[a]} + g.lengths[b] > limits.max_length) continue;
      const auto symbol = static_cast<std::uint16_t>(g.symbols());
      counts.set_replacement(key, symbol);
      g.pairs.emplace_back(a, b);
      g.lengths.push_back(g.lengths[a] + g.lengths[b]);
      ++chosen;
    }
    if (chosen == 0) break;
    counts.replace(sequence);
  }
  g.sequence = std::move(sequence);
  return g;
}

}  // namespace rtb::storage
