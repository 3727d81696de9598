// The two passes of a pair grammar round over its sequence, internal to
// storage/pair_grammar.cpp: counting the pairs that can be replaced and
// replacing the chosen ones, left to right. Both go symbol by symbol with
// no branch on the data, for the data branches of mixed short runs were
// mispredicted most of the time; a run of four or more equal symbols is
// taken at once.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

namespace rtb::storage::pair_scan {

inline std::uint32_t key(std::uint16_t a, std::uint16_t b) {
  return std::uint32_t{a} << 16 | b;
}
inline std::uint16_t left(std::uint32_t key) {
  return static_cast<std::uint16_t>(key >> 16);
}
inline std::uint16_t right(std::uint32_t key) {
  return static_cast<std::uint16_t>(key);
}

// Whether s[0, 4) are all a.
inline bool four_of(const std::uint16_t* s, std::uint16_t a) {
  std::uint64_t w;
  std::memcpy(&w, s, sizeof w);
  return w == a * 0x0001000100010001ull;
}

// The end of the run of seq[i] that starts at i, at most hi: four symbols
// compared at once, the first that differs found by its bits.
inline std::size_t run_end(std::span<const std::uint16_t> seq, std::size_t i, std::size_t hi) {
  const std::uint16_t a = seq[i];
  const std::uint64_t four = a * 0x0001000100010001ull;
  std::size_t j = i + 1;
  for (std::uint64_t w = 0; j + 4 <= hi; j += 4) {
    std::memcpy(&w, &seq[j], sizeof w);
    if (w != four) return j + static_cast<std::size_t>(std::countr_zero(w ^ four) / 16);
  }
  while (j < hi && seq[j] == a) ++j;
  return j;
}

// Calls add(key, n) for each pair of seq whose first symbol is in [lo, hi),
// lo the start of a run: n is 1, or 0 for a pair that overlaps the one
// counted before it, or a long run's count. The pairs of a run overlap:
// "aaaa" holds two aa that can be replaced, not three, so in a run only
// every other pair counts, which `odd` tracks.
template <class Add>
void count_pairs(std::span<const std::uint16_t> seq, std::size_t lo, std::size_t hi, const Add& add) {
  if (seq.size() < 2) return;
  const std::uint16_t* s = seq.data();
  const std::size_t stop = std::min(hi, seq.size() - 1);  // the pair at i ends at i + 1
  std::uint32_t odd = 0;  // whether s[i] is an odd number of places into its run
  for (std::size_t i = lo; i < stop;) {
    const std::uint16_t a = s[i], b = s[i + 1];
    if (i + 4 <= stop && four_of(s + i, a)) {
      const std::size_t end = run_end(seq, i, seq.size()), pairs = end - 1 - i;
      add(key(a, a), static_cast<std::uint32_t>((pairs + (odd ^ 1)) / 2));
      odd ^= static_cast<std::uint32_t>(pairs & 1);
      i = end - 1;
      continue;
    }
    const std::uint32_t same = a == b;
    add(key(a, b), 1 - (same & odd));
    odd = same & (odd ^ 1);
    ++i;
  }
}

// symbol_of(a, b): the symbol replacing the pair ab, or 0. Rewrites
// seq[lo, hi) in place from lo, left to right, so that a run "aaaaa"
// becomes "rra" where aa is replaced by r; returns where it ends. Reads
// nothing from hi on, which another part may be rewriting. A pair is
// replaced unless its first symbol went into the pair replaced before it
// (`taken`); every symbol is stored, and counted only if it stays.
template <class Lookup>
std::size_t replace_pairs(std::span<std::uint16_t> seq, std::size_t lo, std::size_t hi,
                          const Lookup& symbol_of) {
  std::uint16_t* s = seq.data();
  std::size_t out = lo;  // at most i: the stores stay behind what is still read
  std::uint32_t taken = 0;
  for (std::size_t i = lo; i + 1 < hi;) {
    const std::uint16_t a = s[i];
    if (i + 4 <= hi && four_of(s + i, a)) {
      const std::size_t end = run_end(seq, i, hi), pairs = end - 1 - i;
      const std::uint16_t r = symbol_of(a, a);
      const std::size_t n = r != 0 ? (pairs + (taken ^ 1)) / 2 : pairs - taken;
      std::fill_n(s + out, n, r != 0 ? r : a);
      out += n;
      taken = r != 0 && ((pairs - 1) & 1) == taken;  // whether the run's last pair was replaced
      i = end - 1;
      continue;
    }
    const std::uint16_t r = symbol_of(a, s[i + 1]);
    const std::uint32_t take = (r != 0) & (taken ^ 1);
    s[out] = take ? r : a;
    out += taken ^ 1;
    taken = take;
    ++i;
  }
  if (hi > lo && taken == 0) s[out++] = s[hi - 1];
  return out;
}

}  // namespace rtb::storage::pair_scan
