#include "games/connect4/column_rank.h"

#include <atomic>

namespace rtb {
namespace {

std::atomic<std::uint64_t> next_serial{1};

// The last board this thread decoded. The next index in order (the first
// pass, the statistics) keeps its leading columns' states, as its rank stays
// in their intervals, so only the columns after the first that changed are
// searched again. Keyed by the table's serial: copies share their terms.
struct LastDecode {
  std::uint64_t serial = 0;
  int discs = -1;
  std::uint32_t states[ColumnRank::kMaxWidth];
  Index first[ColumnRank::kMaxWidth], end[ColumnRank::kMaxWidth];  // column c's interval of ranks
};
thread_local LastDecode last_decode;

Index binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  Index b = 1;
  for (int j = 1; j <= k; ++j) b = b * (n - k + j) / j;
  return b;
}

}  // namespace

ColumnRank::ColumnRank(int width, int height, std::size_t max_table_bytes)
    : width_(width), height_(height), cells_(width * height), max_k_(cells_ / 2), serial_(next_serial++) {
  const std::size_t rows = static_cast<std::size_t>(width_ + 1) * (cells_ + 1) * (max_k_ + 1);
  counts_.assign(rows, 0);
  below_height_.assign(rows * (height_ + 2), 0);
  counts_[cell(width_, 0, 0)] = 1;
  for (int c = width_ - 1; c >= 0; --c)
    for (int d = 0; d <= cells_; ++d)
      for (int k = 0; k <= max_k_; ++k) {
        Index below = 0;  // the states of columns c.. whose column c is lower than h
        for (int h = 0; h <= height_ + 1; ++h) {
          below_height_[cell(c, d, k) * (height_ + 2) + h] = below;
          for (int j = 0; j <= h && h <= height_; ++j) below += binomial(h, j) * count(c + 1, d - h, k - j);
        }
        counts_[cell(c, d, k)] = below;
      }
  const std::size_t entries = (rows - static_cast<std::size_t>(cells_ + 1) * (max_k_ + 1)) << (height_ + 1);
  if (entries * sizeof(Index) > max_table_bytes) return;
  terms_.resize(entries);
  for (int c = 0; c < width_; ++c)
    for (int d = 0; d <= cells_; ++d)
      for (int k = 0; k <= max_k_; ++k)
        for (std::uint32_t s = 0; s < (1u << (height_ + 1)); ++s)
          terms_[row(c, d, k) + s] = computed_term(c, d, k, s);
}

// The states below s: all of lower height, then those of height h whose
// mask is smaller (below the highest bit where the masks differ, anything).
Index ColumnRank::computed_term(int c, int d, int k, std::uint32_t s) const {
  const int h = height_of(s);
  const std::uint64_t mask = mask_of(s);
  Index t = below_height_[cell(c, d, k) * (height_ + 2) + h];
  for (int r = h - 1; r >= 0; --r) {
    if (!(mask >> r & 1)) continue;
    const int ones_above = std::popcount(mask >> (r + 1));
    for (int j = 0; j <= r; ++j) t += binomial(r, j) * count(c + 1, d - h, k - ones_above - j);
  }
  return t;
}

Index ColumnRank::rank(const std::uint32_t* states, int discs) const {
  Index r = 0;
  int d = discs, k = discs / 2;
  for (int c = 0; c < width_; ++c) {
    r += term(c, d, k, states[c]);
    d -= height_of(states[c]);
    k -= std::popcount(mask_of(states[c]));
  }
  return r;
}

// Column c's state for rank r when r has passed the interval [first, end)
// of state s: the next few states, as the next index in order finds it.
bool ColumnRank::forward(int c, int d, int k, Index r, std::uint32_t& s, Index& first, Index& end) const {
  const std::uint32_t last = (1u << (height_ + 1)) - 1;
  for (std::uint32_t next = s + 1, steps = 0; next < last && steps < 4; ++next, ++steps) {
    const Index after = term(c, d, k, next + 1);
    if (r < after) {
      s = next;
      first = end;
      end = after;
      return true;
    }
    end = after;
  }
  return false;
}

void ColumnRank::unrank(Index r, int discs, std::uint32_t* states) const {
  LastDecode& last = last_decode;
  int same = last.serial == serial_ && last.discs == discs ? width_ : 0;  // columns that may keep their state
  int d = discs, k = discs / 2;
  for (int c = 0; c < width_; ++c) {
    if (c < same && r >= last.end[c] && forward(c, d, k, r, last.states[c], last.first[c], last.end[c])) {
      same = c;  // a later state of this column: the columns after it start over
    } else if (c >= same || r < last.first[c] || r >= last.end[c]) {
      same = c;
      std::uint32_t lo = 0, hi = (1u << (height_ + 1)) - 1;  // term(lo) <= r < term(hi)
      Index end = count(c, d, k);
      while (hi - lo > 1) {
        const std::uint32_t mid = (lo + hi) / 2;
        const Index t = term(c, d, k, mid);
        if (t <= r) {
          lo = mid;
        } else {
          hi = mid;
          end = t;
        }
      }
      last.states[c] = lo;
      last.first[c] = term(c, d, k, lo);
      last.end[c] = end;
    }
    states[c] = last.states[c];
    r -= last.first[c];
    d -= height_of(states[c]);
    k -= std::popcount(mask_of(states[c]));
  }
  last.serial = serial_;
  last.discs = discs;
}

ChildRanks::ChildRanks(const ColumnRank& rank, const std::uint32_t* states, int width, bool second)
    : rank_of_(&rank), second_(second ? 1 : 0), states_(states) {
  int d = 0, k = 0;
  for (int c = width - 1; c >= 0; --c) {
    d += ColumnRank::height_of(states[c]);
    k += std::popcount(ColumnRank::mask_of(states[c]));
    d_[c] = d;
    k_[c] = k;
  }
  Index before = 0, after = 0;
  for (int c = 0; c < width; ++c) {
    prefix_[c] = before;
    before += rank.term(c, d_[c] + 1, k_[c] + second_, states[c]);
  }
  for (int c = width - 1; c >= 0; --c) {
    suffix_[c] = after;
    after += rank.term(c, d_[c], k_[c], states[c]);
  }
  rank_ = after;
}

}  // namespace rtb
