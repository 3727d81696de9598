#include "games/chess/dense_order.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace rtb::chess {
namespace {

// kChoose[n][k]: the k-element subsets of n squares.
constexpr int kMaxChoose = DenseOrder::kMaxGroups + 1;
constexpr auto kChoose = [] {
  std::array<std::array<Index, kMaxChoose>, 65> c{};
  for (int n = 0; n <= 64; ++n) {
    c[n][0] = 1;
    for (int k = 1; k < kMaxChoose && n > 0; ++k) c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
  }
  return c;
}();

// The square of the free square numbered `rank` (counting up from a1)
// where `taken` holds the squares that are not free.
Square free_square(int rank, Bitboard taken) {
  Square s = rank;
  for (; taken; taken &= taken - 1)
    if (lsb(taken) <= s) ++s;
  return s;
}

}  // namespace

std::vector<DenseOrder::Group> DenseOrder::groups_in(const Layout& layout) {
  std::vector<Group> groups;  // in slot order
  for (int k = 0; k < layout.slots(); ++k) {
    if (k > 0 && layout.slot_color(k) == groups.back().color && layout.slot_type(k) == groups.back().type)
      ++groups.back().size;
    else
      groups.push_back({layout.slot_color(k), layout.slot_type(k), 1, k, 0});
  }
  return groups;
}

std::optional<DenseOrder> DenseOrder::make(const Layout& layout, const std::vector<int>& groups) {
  if (layout.pawns()) return std::nullopt;
  DenseOrder o{layout};
  const std::vector<Group> by_number = groups_in(layout);
  o.groups_ = static_cast<int>(by_number.size());
  std::vector<int> sorted = groups;
  std::ranges::sort(sorted);
  if (o.groups_ > kMaxGroups || static_cast<int>(groups.size()) != o.groups_) return std::nullopt;
  for (int g = 0; g < o.groups_; ++g)
    if (sorted[g] != g) return std::nullopt;
  if (by_number[groups[0]].size != 1) return std::nullopt;
  int placed = 0;
  o.per_side_ = 1;
  for (int p = 0; p < o.groups_; ++p) {
    Group g = by_number[groups[p]];
    g.radix = p == 0 ? 10 : kChoose[64 - placed][g.size];  // the symmetry piece: the triangle's squares
    o.per_side_ *= g.radix;
    placed += g.size;
    o.group_[p] = g;
    o.number_[p] = groups[p];
  }
  return o;
}

std::optional<DenseOrder> DenseOrder::from_tag(const Layout& layout, std::uint32_t tag) {
  if (!is_dense(tag)) return std::nullopt;
  const int groups = static_cast<int>((tag >> 24) & 15);
  if (groups > kMaxGroups) return std::nullopt;
  std::vector<int> order(groups);
  for (int p = 0; p < groups; ++p) order[p] = static_cast<int>((tag >> (3 * p)) & 7);
  auto o = make(layout, order);
  if (o && o->tag() != tag) return std::nullopt;  // stray bits
  return o;
}

std::vector<DenseOrder> DenseOrder::all(const Layout& layout) {
  std::vector<DenseOrder> out;
  std::vector<int> order(groups_in(layout).size());
  std::iota(order.begin(), order.end(), 0);
  do {
    if (auto o = make(layout, order)) out.push_back(*o);
  } while (std::ranges::next_permutation(order).found);
  return out;
}

std::uint32_t DenseOrder::tag() const {
  std::uint32_t tag = 0xFu << 28 | static_cast<std::uint32_t>(groups_) << 24;
  for (int p = 0; p < groups_; ++p) tag |= static_cast<std::uint32_t>(number_[p]) << (3 * p);
  return tag;
}

Index DenseOrder::place(const Board& b) const {
  const Square lead = lsb(b.pieces[group_[0].color][group_[0].type]);
  const int sym = index_tables::kTables.sym[lead];
  Sets sets{};
  for (int p = 0; p < groups_; ++p) sets[p] = transform(b.pieces[group_[p].color][group_[p].type], sym);
  Index y = place_of(sets);
  if (index_tables::on_diagonal(transform(lead, sym))) {
    for (int p = 0; p < groups_; ++p) sets[p] = flip_diagonal(sets[p]);
    y = std::min(y, place_of(sets));
  }
  return (b.stm == kBlack ? per_side_ : 0) + y;
}

Index DenseOrder::place_of(const Sets& sets) const {
  Index y = static_cast<Index>(index_tables::kTables.slot[lsb(sets[0])]);
  Bitboard taken = sets[0];
  for (int p = 1; p < groups_; ++p) {
    y = y * group_[p].radix + combination(sets[p], taken);
    taken |= sets[p];
  }
  return y;
}

Bitboard DenseOrder::squares_of(Index combination, int size, Bitboard taken) {
  Bitboard set = 0;
  for (int k = size; k > 0; --k) {  // the largest rank first
    int rank = k == 1 ? static_cast<int>(combination) : k - 1;
    if (k > 1)
      while (kChoose[rank + 1][k] <= combination) ++rank;
    combination -= kChoose[rank][k];
    set |= bit(free_square(rank, taken));
  }
  return set;
}

Index DenseOrder::combination(Bitboard set, Bitboard taken) {
  Index c = 0;
  int k = 1;
  for (; set; set &= set - 1, ++k) {
    const Square s = lsb(set);
    c += kChoose[s - std::popcount(taken & (bit(s) - 1))][k];
  }
  return c;
}

DenseOrder::Cursor DenseOrder::cursor(Index y) const {
  Cursor c{};
  c.stm = y >= per_side_ ? kBlack : kWhite;
  c.own = y - (c.stm == kBlack ? per_side_ : 0);
  Index rest = c.own;
  for (int p = groups_ - 1; p >= 0; --p) {
    c.digit[p] = rest % group_[p].radix;
    rest /= group_[p].radix;
  }
  place_groups(c, 0);
  return c;
}

int DenseOrder::advance(Cursor& c) const {
  ++c.own;
  int p = groups_ - 1;
  if (++c.digit[p] < group_[p].radix &&
      group_[p].size == 1) {  // most steps: a lone piece to the next free square
    const Square s = lsb(~c.below_last & (~Bitboard{0} << (lsb(c.sets[p]) + 1)));
    c.sets[p] = bit(s);
    c.squares[group_[p].first_slot] = s;
    return p;
  }
  while (c.digit[p] == group_[p].radix) {
    c.digit[p] = 0;
    if (p == 0) {  // past White's last place: Black's first
      c.stm = kBlack;
      c.own = 0;
      break;
    }
    ++c.digit[--p];
  }
  place_groups(c, p);
  return p;
}

void DenseOrder::place_groups(Cursor& c, int p) const {
  Bitboard taken = 0;
  for (int q = 0; q < p; ++q) taken |= c.sets[q];
  for (; p < groups_; ++p) {
    const Group& g = group_[p];
    const Bitboard set =
        p == 0 ? bit(index_tables::kTables.square[c.digit[0]]) : squares_of(c.digit[p], g.size, taken);
    c.sets[p] = set;
    if (p == groups_ - 1) c.below_last = taken;
    int slot = g.first_slot;
    for (Bitboard rest = set; rest; rest &= rest - 1) c.squares[slot++] = lsb(rest);
    taken |= set;
  }
}

int DenseOrder::duplicate_before_last(const Cursor& c) const {
  if (!index_tables::on_diagonal(lsb(c.sets[0]))) return -1;
  // The transpose's place against this one's, digit by digit: the first
  // group it moves decides. While the digits agree, so do the squares
  // taken before the next group.
  Bitboard taken = c.sets[0];
  for (int p = 1; p < groups_ - 1; ++p) {
    const Index digit = combination(flip_diagonal(c.sets[p]), taken);
    if (digit != c.digit[p]) return digit < c.digit[p] ? 1 : -1;
    taken |= c.sets[p];
  }
  return 0;
}

bool DenseOrder::duplicate_by_last(Bitboard set, Index digit, const Cursor& c) const {
  return combination(flip_diagonal(set), c.below_last) < digit;
}

}  // namespace rtb::chess
