#include "storage/pair_grammar.h"

#include <algorithm>
#include <bit>
#include <bitset>
#include <stdexcept>

namespace rtb::storage {
namespace {

constexpr std::uint32_t kMaxSymbols = 4096;

// The pairs of a round are counted in an open-addressing hash table sized
// for the pairs the round can hold (at most width^2, at most the sequence's
// length): a few MB where a dense width x width array would touch tens of
// MB of pages scattered over 64 MiB.
class PairCounts {
 public:
  // Starts a round over a sequence of `length` symbols below `width`.
  void start(std::uint32_t width, std::size_t length) {
    const std::uint64_t most = std::min<std::uint64_t>(std::uint64_t{width} * width, length);
    bits_ = std::max(10, static_cast<int>(std::bit_width(2 * most - 1)));
    slots_.assign(std::size_t{1} << bits_, Slot{});
    lefts_.reset();
    rights_.reset();
  }

  static std::uint32_t key(std::uint16_t a, std::uint16_t b) { return std::uint32_t{a} << 16 | b; }
  static std::uint16_t left(std::uint32_t key) { return static_cast<std::uint16_t>(key >> 16); }
  static std::uint16_t right(std::uint32_t key) { return static_cast<std::uint16_t>(key); }

  // Counts the pairs of `seq` that can be replaced; returns those seen at
  // least min_count times and at least half as often as the most frequent,
  // most frequent first. A run "aaaa" is counted as it ends (2 aa), not
  // pair by pair: long runs are where the sequence is.
  std::vector<std::uint32_t> frequent(const std::vector<std::uint16_t>& seq, std::uint32_t min_count) {
    std::vector<std::uint32_t> found;  // seen min_count times
    auto add = [&](std::uint32_t k, std::uint32_t n) {
      Slot& slot = slots_[slot_of(k)];
      slot.key = k;
      if (slot.count < min_count && slot.count + n >= min_count) found.push_back(k);
      slot.count += n;
    };
    std::size_t run = 1;  // of seq[i]
    for (std::size_t i = 0; i + 1 < seq.size(); ++i) {
      const std::uint16_t a = seq[i], b = seq[i + 1];
      if (a == b) {
        ++run;
        continue;
      }
      if (run > 1)
        add(key(a, a), static_cast<std::uint32_t>(run / 2));  // "aaa": the middle a cannot start a second aa
      run = 1;
      add(key(a, b), 1);
    }
    if (run > 1) add(key(seq.back(), seq.back()), static_cast<std::uint32_t>(run / 2));
    // Counts looked up once each: a sort comparing through the table costs more than the counting.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> counted;  // {count, key}
    std::uint32_t top = 0;
    for (std::uint32_t k : found) top = std::max(top, count(k));
    for (std::uint32_t k : found)
      if (const std::uint32_t c = count(k); c >= std::max(min_count, top / 2)) counted.emplace_back(c, k);
    std::ranges::sort(counted, [](const auto& x, const auto& y) {
      return x.first != y.first ? x.first > y.first : x.second < y.second;
    });
    found.clear();
    for (const auto& [c, k] : counted) found.push_back(k);
    return found;
  }
  std::uint32_t count(std::uint32_t key) const { return slots_[slot_of(key)].count; }

  // Rewrites seq, left to right, replacing each pair given a symbol. Few
  // symbols start or end a replaced pair: the others skip the table.
  void replace(std::vector<std::uint16_t>& seq) const {
    std::size_t out = 0;
    for (std::size_t i = 0; i < seq.size();) {
      const std::uint16_t a = seq[i], b = i + 1 < seq.size() ? seq[i + 1] : 0;
      const std::uint16_t r =
          i + 1 < seq.size() && lefts_.test(a) && rights_.test(b) ? slots_[slot_of(key(a, b))].symbol : 0;
      seq[out++] = r != 0 ? r : a;
      i += r != 0 ? 2 : 1;
    }
    seq.resize(out);
  }
  void set_replacement(std::uint32_t key, std::uint16_t symbol) {
    slots_[slot_of(key)].symbol = symbol;
    lefts_.set(left(key));
    rights_.set(right(key));
  }

 private:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFF;  // no pair: symbols are below kMaxSymbols
  struct Slot {
    std::uint32_t key = kEmpty;
    std::uint32_t count = 0;
    std::uint16_t symbol = 0;  // 0: none (new symbols are never 0)
  };

  // The slot of `key`, or the empty one where it would go (linear probing).
  std::size_t slot_of(std::uint32_t key) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t at = (key * 0x9E3779B97F4A7C15ull) >> (64 - bits_);
    while (slots_[at].key != key && slots_[at].key != kEmpty) at = (at + 1) & mask;
    return at;
  }

  int bits_ = 0;
  std::vector<Slot> slots_;
  std::bitset<kMaxSymbols> lefts_, rights_;  // the symbols that start and end a replaced pair
};

}  // namespace

PairGrammar build_pair_grammar(std::vector<std::uint16_t> sequence, std::uint32_t terminals,
                               const PairGrammarLimits& limits) {
  if (terminals == 0 || terminals > limits.max_symbols || limits.max_symbols > kMaxSymbols)
    throw std::invalid_argument("build_pair_grammar: bad symbol counts");
  PairGrammar g;
  g.terminals = terminals;
  g.lengths.assign(terminals, 1);
  const auto min_count =
      static_cast<std::uint32_t>(std::clamp<std::uint64_t>(limits.min_count, 2, UINT32_MAX));
  PairCounts counts;
  while (g.symbols() < limits.max_symbols && sequence.size() >= 2) {
    counts.start(g.symbols(), sequence.size());  // pairs of this round's symbols
    std::size_t chosen = 0;
    for (std::uint32_t key : counts.frequent(sequence, min_count)) {
      if (g.symbols() == limits.max_symbols) break;
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
