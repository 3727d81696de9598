// What a Syzygy probe (Fathom) reports for a position whose exact value
// under metric=dtz is v, from rtbgen's default files, which store DTZ in
// half resolution on most sides (facts read from syzygy1/tb's tbgen.c
// sort_values() and Fathom's probe_dtz()). `how` says how Fathom got its
// answer: "draw", "mate" (a mated side: Fathom says -1), "zeroing" (the
// best move zeroes: +1 or +101 without the DTZ file), "stored" (read from
// the side the .rtbz stores: an even distance reads one less) or "search"
// (the other side, by one ply of search over the stored side: an odd
// distance reads one less). A side whose values a file keeps exact (a
// table with a DTZ of exactly 100, or rtbgen -p) reads the exact value,
// so that is accepted too. Cursed wins and blessed losses count from 100.
#pragma once

#include <string>
#include <vector>

#include "games/chess/dtz.h"

namespace rtb::syzygy {

// The DTZ values Fathom may report for v given `how`; empty if `how` does
// not fit v's class at all.
inline std::vector<int> fathom_dtz(Value v, const std::string& how) {
  const int exact = chess::signed_dtz(v);
  if (how == "draw") return {0};
  if (how == "mate") return v.is_loss() && v.depth() == 0 ? std::vector<int>{-1} : std::vector<int>{};
  if (how == "zeroing") return {exact};
  if (how == "stored") return {exact, chess::syzygy_default_dtz(v, true)};
  if (how == "search") return {exact, chess::syzygy_default_dtz(v, false)};
  return {};
}

}  // namespace rtb::syzygy
