#include "games/chess/stream_order.h"

#include <algorithm>

namespace rtb::chess {

std::optional<StreamOrder> StreamOrder::make(const Layout& layout, const std::vector<int>& places,
                                             PawnSquares pawns) {
  StreamOrder o;
  o.fields_ = layout.material().pieces() - 1;
  o.pawns_ = pawns;
  o.layout_per_side_ = layout.size() / 2;
  o.king_slots_ = o.layout_per_side_ >> (6 * o.fields_);
  if (o.digits() > kMaxDigits || static_cast<int>(places.size()) != o.digits()) return std::nullopt;
  if (pawns == PawnSquares::Ranks2To7) {
    if (!layout.pawns() || o.digits() > kMaxDigitsRanks2To7) return std::nullopt;
    for (int f = 0; f < o.fields_; ++f)  // field f is slot f + 1's
      o.first_square_[2 + f] = layout.slot_type(f + 1) == kPawn ? 8 : 0;
  }
  std::vector<int> sorted = places;
  std::ranges::sort(sorted);
  for (int d = 0; d < o.digits(); ++d)
    if (sorted[d] != d) return std::nullopt;
  Index weight = 1;
  for (int p = o.digits() - 1; p >= 0; --p) {
    o.places_[p] = places[p];
    o.weight_[places[p]] = weight;
    weight *= o.radix(places[p]);
  }
  o.per_side_ = weight / 2;
  return o;
}

std::optional<StreamOrder> StreamOrder::from_tag(const Layout& layout, std::uint32_t tag) {
  const int digits = static_cast<int>(tag >> 28);
  if (digits > kMaxDigits) return std::nullopt;
  std::vector<int> places(digits);
  for (int p = 0; p < digits; ++p) places[p] = static_cast<int>((tag >> (4 * p)) & 15);
  const bool ranks = digits <= kMaxDigitsRanks2To7 && (tag & kRanks2To7Bit);
  auto o = make(layout, places, ranks ? PawnSquares::Ranks2To7 : PawnSquares::All);
  if (o && o->tag() != tag) return std::nullopt;  // stray bits
  return o;
}

std::vector<StreamOrder> StreamOrder::all(const Layout& layout) {
  const bool room = layout.material().pieces() + 1 <= kMaxDigitsRanks2To7;
  return all(layout, layout.pawns() && room ? PawnSquares::Ranks2To7 : PawnSquares::All);
}

std::vector<StreamOrder> StreamOrder::all(const Layout& layout, PawnSquares pawns) {
  std::vector<int> places(layout.material().pieces() + 1);
  std::iota(places.begin(), places.end(), 0);
  std::vector<StreamOrder> out;
  do {
    if (auto o = make(layout, places, pawns)) out.push_back(*o);
  } while (std::ranges::next_permutation(places).found);
  return out;
}

std::uint32_t StreamOrder::tag() const {
  std::uint32_t tag = static_cast<std::uint32_t>(digits()) << 28;
  for (int p = 0; p < digits(); ++p) tag |= static_cast<std::uint32_t>(places_[p]) << (4 * p);
  if (pawns_ == PawnSquares::Ranks2To7) tag |= kRanks2To7Bit;
  return tag;
}

Index StreamOrder::from_stream(Index y) const {
  std::array<Index, kMaxDigits> digit{};
  for (int p = digits() - 1; p >= 0; --p) {
    const Index r = radix(places_[p]);
    digit[places_[p]] = y % r;
    y /= r;
  }
  Index i = digit[0] * layout_per_side_ + (digit[1] << (6 * fields_));
  for (int f = 0; f < fields_; ++f) i += (digit[2 + f] + first_square_[2 + f]) << (6 * (fields_ - 1 - f));
  return i;
}

}  // namespace rtb::chess
