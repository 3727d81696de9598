#include "storage/pair_grammar.h"

#include <algorithm>
#include <span>
#include <stdexcept>
#include <utility>

#include "storage/pair_scan.h"
#include "storage/parts.h"

namespace rtb::storage {
namespace {

constexpr std::uint32_t kMaxSymbols = 4096;

using pair_scan::key;
using pair_scan::left;
using pair_scan::right;
using Counted = std::vector<std::pair<std::uint32_t, std::uint32_t>>;    // {count, key}
using RunCounts = std::vector<std::pair<std::uint32_t, std::uint32_t>>;  // {key, n}: a long run's pairs

// The symbols of a sparse round's replaced pairs by the rank of their left
// symbol among the lefts and of their right among the rights (0: none): a
// lookup is three loads and no branch, in a table of (lefts + 1) x
// (rights + 1) symbols. Where that table would pass kMaxCells (rounds that
// replace more than about a thousand pairs), a pair is looked up among the
// sorted pairs instead.
class Replacements {
 public:
  void clear() { pairs_.clear(); }
  void add(std::uint32_t key, std::uint16_t symbol) { pairs_.emplace_back(key, symbol); }
  void build(std::uint32_t width) {
    row_.assign(width, 0);
    col_.assign(width, 0);
    std::uint32_t rows = 0, cols = 0;
    for (const auto& [key, symbol] : pairs_) {
      if (row_[left(key)] == 0) row_[left(key)] = ++rows;
      if (col_[right(key)] == 0) col_[right(key)] = ++cols;
    }
    cols_ = cols + 1;
    cells_.clear();
    std::ranges::sort(pairs_);
    if (std::size_t{rows + 1} * cols_ > kMaxCells) return;
    cells_.assign(std::size_t{rows + 1} * cols_, 0);
    for (const auto& [key, symbol] : pairs_) cells_[row_[left(key)] * cols_ + col_[right(key)]] = symbol;
  }
  std::uint16_t operator()(std::uint16_t a, std::uint16_t b) const {
    if (!cells_.empty()) return cells_[row_[a] * cols_ + col_[b]];
    if (row_[a] == 0 || col_[b] == 0) return 0;
    const auto at = std::ranges::lower_bound(pairs_, std::pair{key(a, b), std::uint16_t{0}});
    return at != pairs_.end() && at->first == key(a, b) ? at->second : 0;
  }

 private:
  static constexpr std::size_t kMaxCells = std::size_t{1} << 20;  // 2 MB

  std::vector<std::pair<std::uint32_t, std::uint16_t>> pairs_;  // {key, symbol}
  std::vector<std::uint32_t> row_, col_;
  std::size_t cols_ = 1;
  std::vector<std::uint16_t> cells_;
};

// One round's pair counts and the symbols given to the pairs it replaces.
class PairCounts {
 public:
  // A round over a sequence of `width` symbols. The first rounds, whose
  // sequences are the longest, have few symbols: their counts fit a dense
  // width x width array that stays in the cache.
  void start(std::uint32_t width) {
    if (dense_)
      for (std::uint32_t k : replaced_) dense_symbols_[at(k)] = 0;  // at the last round's width
    width_ = width;
    dense_ = width * width <= kDenseCells;
    if (dense_) {
      dense_counts_.assign(std::size_t{width} * width, 0);
      dense_symbols_.resize(dense_counts_.size());
    } else {
      sparse_symbols_.clear();
    }
    replaced_.clear();
  }

  // Counts the pairs of `seq` that can be replaced; returns those seen at
  // least min_count times and at least half as often as the most frequent,
  // most frequent first. Each of up to `threads` parts of seq, cut where a
  // run starts, counts apart.
  std::vector<std::uint32_t> frequent(std::vector<std::uint16_t>& seq, std::uint32_t min_count,
                                      unsigned threads) {
    const unsigned parts = parts_for(seq.size(), threads);
    const std::vector<std::size_t> cut =
        cuts(seq.size(), parts, [&](std::size_t p) { return seq[p - 1] != seq[p]; });
    Counted counted;  // seen min_count times
    if (dense_)
      count_dense(seq, cut, min_count, counted);
    else
      count_sparse(seq, cut, min_count, counted);
    std::uint32_t top = 0;
    for (const auto& [c, k] : counted) top = std::max(top, c);
    std::erase_if(counted, [&](const auto& x) { return x.first < std::max(min_count, top / 2); });
    std::ranges::sort(counted, [](const auto& x, const auto& y) {
      return x.first != y.first ? x.first > y.first : x.second < y.second;
    });
    std::vector<std::uint32_t> found;
    for (const auto& [c, k] : counted) found.push_back(k);
    return found;
  }

  // Rewrites seq, left to right, replacing each pair given a symbol. Each
  // of up to `threads` parts of seq is rewritten apart, then moved up to
  // the one before: a part starts where the left-to-right rewrite of the
  // whole must stop too, between two symbols that differ and do not pair.
  void replace(std::vector<std::uint16_t>& seq, unsigned threads) {
    if (dense_) {
      replace_in_parts(seq, threads,
                       [&](std::uint16_t a, std::uint16_t b) { return dense_symbols_[a * width_ + b]; });
    } else {
      sparse_symbols_.build(width_);
      replace_in_parts(seq, threads, sparse_symbols_);
    }
  }
  void set_replacement(std::uint32_t key, std::uint16_t symbol) {
    if (dense_)
      dense_symbols_[at(key)] = symbol;
    else
      sparse_symbols_.add(key, symbol);
    replaced_.push_back(key);
  }

 private:
  static constexpr std::uint32_t kDenseCells = 1u << 18;  // 1 MB of counts

  void count_dense(std::span<const std::uint16_t> seq, const std::vector<std::size_t>& cut,
                   std::uint32_t min_count, Counted& counted) {
    const unsigned parts = static_cast<unsigned>(cut.size() - 1);
    std::vector<std::vector<std::uint32_t>> more(parts - 1, std::vector<std::uint32_t>(dense_counts_.size()));
    run_parts(parts, [&](unsigned k) {
      std::uint32_t* counts = k == 0 ? dense_counts_.data() : more[k - 1].data();
      const std::size_t width = width_;  // a local: a store through counts might change width_
      pair_scan::count_pairs(seq, cut[k], cut[k + 1], [&](std::uint32_t key, std::uint32_t n) {
        counts[left(key) * width + right(key)] += n;
      });
    });
    for (const auto& counts : more)
      for (std::size_t c = 0; c < counts.size(); ++c) dense_counts_[c] += counts[c];
    for (std::size_t c = 0; c < dense_counts_.size(); ++c)
      if (dense_counts_[c] >= min_count)
        counted.emplace_back(dense_counts_[c], key(static_cast<std::uint16_t>(c / width_),
                                                   static_cast<std::uint16_t>(c % width_)));
  }

  // Too many symbols for a dense array: each pair's right symbol is put in
  // the bucket of its left symbol (a counting sort: a pass over seq to size
  // the buckets, one to fill them), then each bucket is counted in a row of
  // `width` counts that stays in the cache, where a hash table of every
  // pair would not. The pairs of long runs (n > 1) are few and kept aside.
  // The buckets take 2 bytes a pair: they go in seq's spare capacity, which
  // the rounds before left at least as large in a long stream (its first
  // sparse round is a fraction of what was listed), so that no more is held.
  void count_sparse(std::vector<std::uint16_t>& sequence, const std::vector<std::size_t>& cut,
                    std::uint32_t min_count, Counted& counted) const {
    const std::size_t length = sequence.size();
    std::vector<std::uint16_t> own;  // where seq has not the room
    const Buckets buckets = fill_buckets(sequence, cut, own);
    const unsigned parts = static_cast<unsigned>(cut.size() - 1);
    // Part k counts the buckets of left symbols [first[k], first[k + 1]),
    // about its share of the pairs.
    const std::vector<std::size_t>& bucket = buckets.start;
    std::vector<std::uint32_t> first(parts + 1, width_);
    first[0] = 0;
    for (unsigned k = 1; k < parts; ++k)
      first[k] = static_cast<std::uint32_t>(std::ranges::upper_bound(bucket, bucket[width_] / parts * k) -
                                            bucket.begin() - 1);
    std::vector<Counted> found(parts);
    run_parts(parts, [&](unsigned k) {
      count_buckets(buckets, first[k], std::max(first[k], first[k + 1]), min_count, found[k]);
    });
    for (const Counted& f : found) counted.insert(counted.end(), f.begin(), f.end());
    sequence.resize(length);
  }

  // A sparse round's pairs by left symbol: bucket a holds the right symbols
  // rights[start[a], start[a + 1]); `aside` the long runs' counts, by key.
  struct Buckets {
    std::vector<std::size_t> start;
    std::span<const std::uint16_t> rights;
    RunCounts aside;
  };
  // Fills the buckets of seq's pairs, in seq's spare capacity (seq then
  // grows past its pairs, which count_sparse undoes) or else in `own`.
  Buckets fill_buckets(std::vector<std::uint16_t>& sequence, const std::vector<std::size_t>& cut,
                       std::vector<std::uint16_t>& own) const {
    const std::span<const std::uint16_t> seq(sequence);
    const unsigned parts = static_cast<unsigned>(cut.size() - 1);
    std::vector<std::vector<std::size_t>> next(parts, std::vector<std::size_t>(width_));  // by left symbol
    std::vector<RunCounts> runs(parts);
    run_parts(parts, [&](unsigned k) {
      std::size_t* sizes = next[k].data();
      pair_scan::count_pairs(seq, cut[k], cut[k + 1], [&](std::uint32_t key, std::uint32_t n) {
        if (n == 1)
          ++sizes[left(key)];
        else if (n > 1)
          runs[k].emplace_back(key, n);
      });
    });
    Buckets out;
    out.start.resize(width_ + 1);  // each bucket holds its pairs part by part
    std::size_t end = 0;
    for (std::uint32_t a = 0; a < width_; ++a) {
      out.start[a] = end;
      for (unsigned k = 0; k < parts; ++k) end += std::exchange(next[k][a], end);
    }
    out.start[width_] = end;
    const std::size_t length = sequence.size();
    if (sequence.capacity() - length >= end)
      sequence.resize(length + end);  // within its capacity: seq still points at its pairs
    else
      own.resize(end);
    const std::span<std::uint16_t> rights =
        own.empty() ? std::span(sequence).subspan(length) : std::span<std::uint16_t>(own);
    run_parts(parts, [&](unsigned k) {
      std::size_t* at = next[k].data();
      pair_scan::count_pairs(seq, cut[k], cut[k + 1], [&](std::uint32_t key, std::uint32_t n) {
        if (n == 1) rights[at[left(key)]++] = right(key);
      });
    });
    out.rights = rights;
    for (const RunCounts& r : runs) out.aside.insert(out.aside.end(), r.begin(), r.end());
    std::ranges::sort(out.aside);
    return out;
  }

  // The pairs of the buckets of left symbols [lo, hi) seen at least
  // min_count times, counted in one row of `width` counts.
  void count_buckets(const Buckets& buckets, std::uint32_t lo, std::uint32_t hi, std::uint32_t min_count,
                     Counted& found) const {
    std::vector<std::uint32_t> row(width_);
    const RunCounts& aside = buckets.aside;
    auto side = std::ranges::lower_bound(aside, std::pair{key(static_cast<std::uint16_t>(lo), 0), 0u});
    for (std::uint32_t a = lo; a < hi; ++a) {
      const auto bs = buckets.rights.subspan(buckets.start[a], buckets.start[a + 1] - buckets.start[a]);
      auto side_end = side;
      while (side_end != aside.end() && left(side_end->first) == a) ++side_end;
      for (std::uint16_t b : bs) ++row[b];
      for (auto x = side; x != side_end; ++x) row[right(x->first)] += x->second;
      auto take = [&](std::uint16_t b) {  // each count once, and the row left zero
        if (const std::uint32_t c = std::exchange(row[b], 0); c >= min_count)
          found.emplace_back(c, key(static_cast<std::uint16_t>(a), b));
      };
      for (std::uint16_t b : bs) take(b);
      for (auto x = side; x != side_end; ++x) take(right(x->first));
      side = side_end;
    }
  }

  template <class Lookup>
  static void replace_in_parts(std::vector<std::uint16_t>& seq, unsigned threads, const Lookup& symbol_of) {
    const unsigned parts = parts_for(seq.size(), threads);
    const std::vector<std::size_t> cut = cuts(seq.size(), parts, [&](std::size_t p) {
      return seq[p - 1] != seq[p] && symbol_of(seq[p - 1], seq[p]) == 0;
    });
    std::vector<std::size_t> ends(parts);
    run_parts(parts,
              [&](unsigned k) { ends[k] = pair_scan::replace_pairs(seq, cut[k], cut[k + 1], symbol_of); });
    std::uint16_t* data = seq.data();
    std::size_t out = ends[0];
    for (unsigned k = 1; k < parts; ++k)
      out = static_cast<std::size_t>(std::copy(data + cut[k], data + ends[k], data + out) - data);
    seq.resize(out);
  }
  std::size_t at(std::uint32_t key) const { return left(key) * width_ + right(key); }

  std::uint32_t width_ = 0;
  bool dense_ = false;
  std::vector<std::uint32_t> dense_counts_;
  std::vector<std::uint16_t> dense_symbols_;  // zero but where replaced_ says
  Replacements sparse_symbols_;
  std::vector<std::uint32_t> replaced_;
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
      const std::uint16_t a = left(key), b = right(key);
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
