#include "storage/pair_grammar.h"

#include <algorithm>
#include <bitset>
#include <cstring>
#include <stdexcept>

#include "storage/parts.h"

namespace rtb::storage {
namespace {

constexpr std::uint32_t kMaxSymbols = 4096;

// A map from pairs (keys a << 16 | b) to values: open addressing with
// linear probing, keys stored plus one so that a zeroed slot is empty,
// doubled past half full. A round's pairs take a few MB at most, where a
// dense width x width array would touch tens of MB of pages.
template <class V>
class PairTable {
 public:
  void clear(int bits) {
    bits_ = bits;
    used_ = 0;
    slots_.assign(std::size_t{1} << bits, Slot{});
  }
  V& operator[](std::uint32_t key) {  // inserts V{} where key is missing
    std::size_t at = find(key);
    if (slots_[at].key == 0) {
      if (2 * (used_ + 1) > slots_.size()) {
        grow();
        at = find(key);
      }
      slots_[at].key = key + 1;
      ++used_;
    }
    return slots_[at].value;
  }
  V get(std::uint32_t key) const {
    const Slot& slot = slots_[find(key)];
    return slot.key == 0 ? V{} : slot.value;
  }
  template <class F>
  void for_each(const F& f) const {  // f(key, value) for each key held
    for (const Slot& slot : slots_)
      if (slot.key != 0) f(slot.key - 1, slot.value);
  }

 private:
  struct Slot {
    std::uint32_t key = 0;
    V value{};
  };
  std::size_t find(std::uint32_t key) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t at = ((key + 1) * 0x9E3779B97F4A7C15ull) >> (64 - bits_);
    while (slots_[at].key != key + 1 && slots_[at].key != 0) at = (at + 1) & mask;
    return at;
  }
  void grow() {
    const std::vector<Slot> old = std::move(slots_);
    clear(bits_ + 1);
    for (const Slot& slot : old)
      if (slot.key != 0) slots_[find(slot.key - 1)] = slot, ++used_;
  }

  int bits_ = 0;
  std::size_t used_ = 0;
  std::vector<Slot> slots_;
};

// One round's pair counts and the symbols given to the pairs it replaces.
class PairCounts {
 public:
  // A round over a sequence of `width` symbols. The first rounds, whose
  // sequences are the longest, have few symbols: their counts fit a dense
  // width x width array that stays in the cache, and no hash is computed.
  void start(std::uint32_t width) {
    if (dense_)
      for (std::uint32_t k : replaced_) dense_symbols_[at(k)] = 0;  // at the last round's width
    width_ = width;
    dense_ = width * width <= kDenseCells;
    if (dense_) {
      dense_counts_.assign(std::size_t{width} * width, 0);
      dense_symbols_.resize(dense_counts_.size());
    } else {
      counts_.clear(12);
      symbols_.clear(10);
    }
    replaced_.clear();
    lefts_.reset();
    rights_.reset();
  }

  static std::uint32_t key(std::uint16_t a, std::uint16_t b) { return std::uint32_t{a} << 16 | b; }
  static std::uint16_t left(std::uint32_t key) { return static_cast<std::uint16_t>(key >> 16); }
  static std::uint16_t right(std::uint32_t key) { return static_cast<std::uint16_t>(key); }

  // Counts the pairs of `seq` that can be replaced; returns those seen at
  // least min_count times and at least half as often as the most frequent,
  // most frequent first. A run "aaaa" is counted as it ends (2 aa), not
  // pair by pair: long runs are where the sequence is. Each of up to
  // `threads` parts of seq, cut where a run starts, counts apart.
  std::vector<std::uint32_t> frequent(const std::vector<std::uint16_t>& seq, std::uint32_t min_count,
                                      unsigned threads) {
    const unsigned parts = parts_for(seq.size(), threads);
    const std::vector<std::size_t> cut =
        cuts(seq.size(), parts, [&](std::size_t p) { return seq[p - 1] != seq[p]; });
    std::vector<std::uint32_t> found;  // seen min_count times
    if (dense_) {
      std::vector<std::vector<std::uint32_t>> more(parts - 1,
                                                   std::vector<std::uint32_t>(dense_counts_.size()));
      run_parts(parts, [&](unsigned k) {
        std::uint32_t* counts = k == 0 ? dense_counts_.data() : more[k - 1].data();
        const std::size_t width = width_;  // a local: a store through counts might change width_
        count_pairs(seq, cut[k], cut[k + 1],
                    [&](std::uint32_t key, std::uint32_t n) { counts[cell(key, width)] += n; });
      });
      for (const auto& counts : more)
        for (std::size_t c = 0; c < counts.size(); ++c) dense_counts_[c] += counts[c];
      for (std::size_t c = 0; c < dense_counts_.size(); ++c)
        if (dense_counts_[c] >= min_count)
          found.push_back(
              key(static_cast<std::uint16_t>(c / width_), static_cast<std::uint16_t>(c % width_)));
    } else {
      auto add = [&](std::uint32_t k, std::uint32_t n) {
        std::uint32_t& count = counts_[k];
        if (count < min_count && count + n >= min_count) found.push_back(k);
        count += n;
      };
      std::vector<PairTable<std::uint32_t>> more(parts - 1);
      run_parts(parts, [&](unsigned k) {
        if (k == 0) {
          count_pairs(seq, cut[0], cut[1], add);
        } else {
          more[k - 1].clear(12);
          count_pairs(seq, cut[k], cut[k + 1],
                      [&](std::uint32_t key, std::uint32_t n) { more[k - 1][key] += n; });
        }
      });
      for (const auto& counts : more) counts.for_each(add);
    }
    // Counts looked up once each: a sort comparing through the table costs more than the counting.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> counted;  // {count, key}
    std::uint32_t top = 0;
    for (std::uint32_t k : found) {
      counted.emplace_back(count(k), k);
      top = std::max(top, counted.back().first);
    }
    std::erase_if(counted, [&](const auto& x) { return x.first < std::max(min_count, top / 2); });
    std::ranges::sort(counted, [](const auto& x, const auto& y) {
      return x.first != y.first ? x.first > y.first : x.second < y.second;
    });
    found.clear();
    for (const auto& [c, k] : counted) found.push_back(k);
    return found;
  }
  std::uint32_t count(std::uint32_t key) const { return dense_ ? dense_counts_[at(key)] : counts_.get(key); }

  // Rewrites seq, left to right, replacing each pair given a symbol. Each
  // of up to `threads` parts of seq is rewritten apart, then moved up to
  // the one before: a part starts where the left-to-right rewrite of the
  // whole must stop too, between two symbols that differ and do not pair.
  void replace(std::vector<std::uint16_t>& seq, unsigned threads) const {
    if (dense_)
      replace_in_parts(seq, threads,
                       [&](std::uint16_t a, std::uint16_t b) { return dense_symbols_[a * width_ + b]; });
    else  // few symbols start or end a replaced pair: the others skip the table
      replace_in_parts(seq, threads, [&](std::uint16_t a, std::uint16_t b) {
        return lefts_[a] && rights_[b] ? symbols_.get(key(a, b)) : std::uint16_t{0};
      });
  }
  void set_replacement(std::uint32_t key, std::uint16_t symbol) {
    if (dense_)
      dense_symbols_[at(key)] = symbol;
    else
      symbols_[key] = symbol;
    replaced_.push_back(key);
    lefts_.set(left(key));
    rights_.set(right(key));
  }

 private:
  static constexpr std::uint32_t kDenseCells = 1u << 18;  // 1 MB of counts

  // Calls add(key, n) for each pair of seq and each run's n pairs whose
  // first symbol is in [lo, hi); lo starts a run.
  template <class Add>
  static void count_pairs(const std::vector<std::uint16_t>& seq, std::size_t lo, std::size_t hi,
                          const Add& add) {
    if (seq.size() < 2) return;
    const std::size_t stop = std::min(hi, seq.size() - 1);  // the pair at i ends at i + 1
    for (std::size_t i = lo; i < stop;) {
      const std::uint16_t a = seq[i], b = seq[i + 1];
      if (a != b) {
        add(key(a, b), 1);
        ++i;
        continue;
      }
      const std::size_t end = run_end(seq, i, seq.size());
      add(key(a, a),
          static_cast<std::uint32_t>((end - i) / 2));  // "aaa": the middle a cannot start a second aa
      if (end < seq.size()) add(key(a, seq[end]), 1);
      i = end;
    }
  }
  template <class Lookup>
  static void replace_in_parts(std::vector<std::uint16_t>& seq, unsigned threads, const Lookup& symbol_of) {
    const unsigned parts = parts_for(seq.size(), threads);
    const std::vector<std::size_t> cut = cuts(seq.size(), parts, [&](std::size_t p) {
      return seq[p - 1] != seq[p] && symbol_of(seq[p - 1], seq[p]) == 0;
    });
    std::vector<std::size_t> ends(parts);
    run_parts(parts, [&](unsigned k) { ends[k] = replace_pairs(seq, cut[k], cut[k + 1], symbol_of); });
    std::uint16_t* data = seq.data();
    std::size_t out = ends[0];
    for (unsigned k = 1; k < parts; ++k)
      out = static_cast<std::size_t>(std::copy(data + cut[k], data + ends[k], data + out) - data);
    seq.resize(out);
  }
  // symbol_of(a, b): the symbol replacing the pair ab, or 0. Rewrites
  // seq[lo, hi) in place from lo, left to right, so that a run "aaaaa"
  // becomes "rra" where aa is replaced by r; returns where it ends. Reads
  // nothing from hi on, which another part may be rewriting.
  template <class Lookup>
  static std::size_t replace_pairs(std::vector<std::uint16_t>& seq, std::size_t lo, std::size_t hi,
                                   const Lookup& symbol_of) {
    std::size_t out = lo, i = lo;
    while (i + 1 < hi) {
      const std::uint16_t a = seq[i], b = seq[i + 1];
      const std::uint16_t r = symbol_of(a, b);
      if (a == b) {  // a run: its pairs at once (writing behind i, never past what is still read)
        const std::size_t end = run_end(seq, i, hi), pairs = (end - i) / 2;
        if (r != 0) {
          std::fill_n(seq.begin() + static_cast<std::ptrdiff_t>(out), pairs, r);
          out += pairs;
          i += 2 * pairs;
        } else {  // all but its last a, which may still pair with what follows
          std::fill_n(seq.begin() + static_cast<std::ptrdiff_t>(out), end - 1 - i, a);
          out += end - 1 - i;
          i = end - 1;
        }
        continue;
      }
      seq[out++] = r != 0 ? r : a;
      i += r != 0 ? 2 : 1;
    }
    if (i < hi) seq[out++] = seq[i];
    return out;
  }
  // The end of the run of seq[i] that starts at i, at most hi. Four
  // symbols are compared at once: runs of one class are most of a sparse
  // stream.
  static std::size_t run_end(const std::vector<std::uint16_t>& seq, std::size_t i, std::size_t hi) {
    const std::uint16_t a = seq[i];
    const std::uint64_t four = a * 0x0001000100010001ull;
    std::size_t j = i + 1;
    for (std::uint64_t w = 0; j + 4 <= hi; j += 4) {
      std::memcpy(&w, &seq[j], sizeof w);
      if (w != four) break;
    }
    while (j < hi && seq[j] == a) ++j;
    return j;
  }
  static std::size_t cell(std::uint32_t key, std::size_t width) { return left(key) * width + right(key); }
  std::size_t at(std::uint32_t key) const { return cell(key, width_); }

  std::uint32_t width_ = 0;
  bool dense_ = false;
  std::vector<std::uint32_t> dense_counts_;
  std::vector<std::uint16_t> dense_symbols_;  // zero but where replaced_ says
  PairTable<std::uint32_t> counts_;
  PairTable<std::uint16_t> symbols_;  // new symbols are never 0
  std::vector<std::uint32_t> replaced_;
  std::bitset<kMaxSymbols> lefts_, rights_;  // the symbols that start and end a replaced pair
};

}  // namespace

PairGrammar build_pair_grammar(std::vector<std::uint16_t> sequence, std::uint32_t terminals,
                               const PairGrammarLimits& limits, unsigned threads) {
  if (terminals == 0 || terminals > limits.max_symbols || limits.max_symbols > kMaxSymbols)
    throw std::invalid_argument("build_pair_grammar: bad symbol counts");
  PairGrammar g;
  g.terminals = terminals;
  g.lengths.assign(terminals, 1);
  const auto min_count =
      static_cast<std::uint32_t>(std::clamp<std::uint64_t>(limits.min_count, 2, UINT32_MAX));
  PairCounts counts;
  while (g.symbols() < limits.max_symbols && sequence.size() >= 2) {
    counts.start(g.symbols());
    std::size_t chosen = 0;
    for (std::uint32_t key : counts.frequent(sequence, min_count, threads)) {
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
    counts.replace(sequence, threads);
  }
  g.sequence = std::move(sequence);
  return g;
}

}  // namespace rtb::storage
