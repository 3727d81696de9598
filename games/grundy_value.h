// Generalised (loopy) Sprague-Grundy values of Smith and Fraenkel, their
// two-byte codes in a "grundy16" table, and the rule for sums.
//
// A value is a natural number, or infinity(K) with K the set of finite
// values among the position's followers. For the player to move: finite 0
// is a loss, finite non-zero a win, infinity(K) a win if 0 is in K (move to
// the follower of value 0) and a draw otherwise.
//
// Codes: a finite value n < 0x8000 is stored as n; infinity(K) as
// 0x8000 | k, where k indexes the table's list of distinct K sets. The list
// lives in the table's metadata as text (encode_inf_sets), so the values
// stay two bytes each and compress like the win/loss tables.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "games/value.h"

namespace rtb {

inline constexpr std::uint16_t kGrundyInfinite = 0x8000;  // flag bit of an infinity code
inline constexpr std::uint32_t kGrundyMaxFinite = 0x7FFF;
inline constexpr std::string_view kGrundyKind = "grundy16";  // TableMeta::value_kind

using InfSet = std::vector<std::uint16_t>;  // sorted, distinct finite values

struct GrundyValue {
  bool finite = true;
  std::uint32_t n = 0;  // the value, when finite
  InfSet k;             // K, when infinite and known
  bool k_known = true;  // false for a sum of two infinities: a draw, K not tracked

  static GrundyValue of(std::uint32_t n) { return {true, n, {}, true}; }
  static GrundyValue infinity(InfSet k) { return {false, 0, std::move(k), true}; }
  static GrundyValue infinity_unknown() { return {false, 0, {}, false}; }

  bool k_has(std::uint32_t v) const { return std::binary_search(k.begin(), k.end(), v); }
  Outcome outcome() const {
    if (finite) return n == 0 ? Outcome::Loss : Outcome::Win;
    return k_known && k_has(0) ? Outcome::Win : Outcome::Draw;
  }
  friend bool operator==(const GrundyValue&, const GrundyValue&) = default;
};

// "3", "inf(0,2)", "inf()" for infinity of the empty set, "inf" when K is
// not tracked (a sum of two infinities).
inline std::string to_string(const GrundyValue& v) {
  if (v.finite) return std::to_string(v.n);
  if (!v.k_known) return "inf";
  std::string s = "inf(";
  for (std::size_t j = 0; j < v.k.size(); ++j) s += (j ? "," : "") + std::to_string(v.k[j]);
  return s + ")";
}

// The value of a sum of two games: finite values add by XOR; infinity(K)
// plus a finite y is infinity(K xor y); infinity plus infinity is a draw.
inline GrundyValue operator+(const GrundyValue& a, const GrundyValue& b) {
  if (a.finite && b.finite) return GrundyValue::of(a.n ^ b.n);
  if (!a.finite && !b.finite) return GrundyValue::infinity_unknown();
  const GrundyValue& inf = a.finite ? b : a;
  const std::uint32_t y = a.finite ? a.n : b.n;
  if (!inf.k_known) return inf;
  InfSet k;
  for (std::uint16_t v : inf.k) k.push_back(static_cast<std::uint16_t>(v ^ y));
  std::sort(k.begin(), k.end());
  return GrundyValue::infinity(std::move(k));
}

struct GrundyFormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The value of a stored code; throws GrundyFormatError for an infinity code
// whose set is not in `sets`.
inline GrundyValue decode_grundy(std::uint16_t code, const std::vector<InfSet>& sets) {
  if (!(code & kGrundyInfinite)) return GrundyValue::of(code);
  const std::size_t k = code & kGrundyMaxFinite;
  if (k >= sets.size())
    throw GrundyFormatError("value code " + std::to_string(code) + " names infinity set " +
                            std::to_string(k) + " of only " + std::to_string(sets.size()));
  return GrundyValue::infinity(sets[k]);
}

// The K sets of a table as metadata text: "inf=" then each set in braces,
// e.g. "inf={}{1}{0,2}" for infinity({}), infinity({1}), infinity({0,2}).
inline std::string encode_inf_sets(const std::vector<InfSet>& sets) {
  std::string s = "inf=";
  for (const InfSet& set : sets) {
    s += '{';
    for (std::size_t j = 0; j < set.size(); ++j) s += (j ? "," : "") + std::to_string(set[j]);
    s += '}';
  }
  return s;
}

// Parses encode_inf_sets text; throws GrundyFormatError. Empty text is an
// empty list (a table without infinite values).
inline std::vector<InfSet> decode_inf_sets(std::string_view text) {
  std::vector<InfSet> sets;
  if (text.empty()) return sets;
  auto fail = [&](const std::string& why) -> std::vector<InfSet> {
    throw GrundyFormatError("bad infinity sets '" + std::string(text.substr(0, 60)) + "': " + why);
  };
  if (text.substr(0, 4) != "inf=") return fail("expected 'inf='");
  std::string_view rest = text.substr(4);
  while (!rest.empty()) {
    if (rest.front() != '{') return fail("expected '{'");
    const auto close = rest.find('}');
    if (close == std::string_view::npos) return fail("missing '}'");
    std::string_view body = rest.substr(1, close - 1);
    InfSet set;
    while (!body.empty()) {
      std::uint32_t v = 0;
      auto [end, ec] = std::from_chars(body.data(), body.data() + body.size(), v);
      if (ec != std::errc() || v > kGrundyMaxFinite || (!set.empty() && v <= set.back()))
        return fail("values must be increasing numbers up to 32767");
      set.push_back(static_cast<std::uint16_t>(v));
      body.remove_prefix(static_cast<std::size_t>(end - body.data()));
      if (body.empty()) break;
      if (body.front() != ',' || body.size() == 1) return fail("expected ',' and a value");
      body.remove_prefix(1);
    }
    sets.push_back(std::move(set));
    rest.remove_prefix(close + 1);
  }
  if (sets.size() > kGrundyMaxFinite + 1) return fail("more than 32768 sets");
  return sets;
}

}  // namespace rtb
