// Re-checks a grundy16 table with moves() alone, as verify() does for
// wdl16: every stored value must satisfy the local rules of the
// generalised Sprague-Grundy function given its followers' stored values.
//   finite n:      n is the mex of the finite values among the followers,
//                  and every infinite follower has a follower of value n;
//   infinity(K):   K is the set of finite values among the followers, and
//                  some infinite follower has no follower of value mex(K).
// A position without moves is 0. These rules are necessary; with the
// acyclic pass (every finite value is reached by a chain of mex steps)
// they catch any single changed value in practice.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gen/core/check_positions.h"
#include "gen/grundy/support.h"

namespace rtb {

struct GrundyVerifyFailure {
  Index index;
  std::string why;
};

using GrundyVerifyReport = CheckReport<GrundyVerifyFailure>;

namespace grundy {

// The problem with position i's stored value, or "" if there is none.
template <ImpartialGame G>
std::string check_one(const G& game, std::span<const std::uint16_t> values, const std::vector<InfSet>& sets,
                      Index i, MexSet& followers) {
  auto k_of = [&](std::uint16_t c) -> const InfSet* {
    const std::size_t k = c & kGrundyMaxFinite;
    return k < sets.size() ? &sets[k] : nullptr;
  };
  const std::uint16_t code = values[i];
  if (!is_finite(code) && !k_of(code)) return "names an infinity set the table does not have";
  std::vector<std::uint16_t> infinite;  // codes of the infinite followers
  bool bad_sum = false;
  for_each_follower_code(game, values.data(), i, [&](std::uint16_t c) {
    if (c == kUnknown) bad_sum = true;
    if (is_finite(c))
      followers.add(c);
    else if (c != kUnknown)
      infinite.push_back(c);
  });
  if (bad_sum) return followers.clear(), "has a move to a sum with an infinite part";
  for (std::uint16_t c : infinite)
    if (!k_of(c)) return followers.clear(), "has a follower with an unknown infinity set";
  InfSet finite;
  followers.take_sorted(finite);
  std::uint32_t mex = 0;
  while (mex < finite.size() && finite[mex] == mex) ++mex;
  auto has = [](const InfSet& k, std::uint32_t v) { return std::binary_search(k.begin(), k.end(), v); };
  if (is_finite(code)) {
    if (code != mex) return "is not the mex " + std::to_string(mex) + " of its finite followers";
    for (std::uint16_t c : infinite)
      if (!has(*k_of(c), code))
        return "has an infinite follower without a follower of value " + std::to_string(code);
    return "";
  }
  if (*k_of(code) != finite) return "its K is not the set of finite values among its followers";
  for (std::uint16_t c : infinite)
    if (!has(*k_of(c), mex)) return "";
  return "is infinite without an infinite follower that avoids " + std::to_string(mex);
}

}  // namespace grundy

template <ImpartialGame G>
GrundyVerifyReport verify_grundy(const G& game, std::span<const std::uint16_t> values,
                                 const std::vector<InfSet>& sets, unsigned threads,
                                 std::size_t max_failures = 10) {
  if (values.size() != game.size()) throw std::invalid_argument("the table's size is not the game's");
  ThreadPool pool(threads);
  std::vector<grundy::MexSet> scratch(pool.size());
  return check_positions<GrundyVerifyFailure>(
      game, pool, 1 << 12, max_failures, [&](unsigned worker, Index i) -> std::optional<GrundyVerifyFailure> {
        std::string why = grundy::check_one(game, values, sets, i, scratch[worker]);
        if (why.empty()) return std::nullopt;
        return GrundyVerifyFailure{i, std::move(why)};
      });
}

}  // namespace rtb
