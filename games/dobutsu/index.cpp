#include "games/dobutsu/index.h"

#include <algorithm>
#include <utility>

namespace rtb::dobutsu {

namespace {

// Per kind state: pieces on the board, and in our hand (the rest is theirs).
constexpr std::array<int, 6> kOnBoard{2, 1, 1, 0, 0, 0};
constexpr std::array<int, 6> kOurHand{0, 1, 0, 2, 1, 0};

int kind_state(int on_board, int ours) {
  if (on_board == 2) return 0;
  if (on_board == 1) return ours ? 1 : 2;
  return 3 + (2 - ours);
}

constexpr std::uint32_t choose(int n, int k) {
  if (k == 0) return 1;
  if (k == 1) return static_cast<std::uint32_t>(n);
  return static_cast<std::uint32_t>(n * (n - 1) / 2);
}

// The rank of k (<= 2) ascending values among n.
std::uint32_t combo_rank(int k, const int* v) {
  if (k == 0) return 0;
  if (k == 1) return static_cast<std::uint32_t>(v[0]);
  return static_cast<std::uint32_t>(v[1] * (v[1] - 1) / 2 + v[0]);
}
void combo_unrank(int k, std::uint32_t r, int* v) {
  if (k == 1) v[0] = static_cast<int>(r);
  if (k != 2) return;
  int b = 1;
  while (static_cast<std::uint32_t>((b + 1) * b / 2) <= r) ++b;
  v[1] = b;
  v[0] = static_cast<int>(r) - b * (b - 1) / 2;
}

bool adjacent(int a, int b) {
  return std::max(std::abs(a / 3 - b / 3), std::abs(a % 3 - b % 3)) == 1;
}
int mirror_square(int s) {
  return s / 3 * 3 + 2 - s % 3;
}

}  // namespace

Index::Index() {
  for (auto& row : pair_of_) row.fill(-1);
  int pairs = 0;
  for (int m = 0; m < kSquares; ++m)
    for (int o = 0; o < kSquares; ++o) {
      if (m == o || m < 3 || o >= 9 || adjacent(m, o) || pair_of_[m][o] >= 0) continue;
      const int mm = mirror_square(m), mo = mirror_square(o);
      lions_[pairs] = {static_cast<std::int16_t>(m), static_cast<std::int16_t>(o)};
      self_mirror_[pairs] = mm == m && mo == o;
      pair_of_[m][o] = pair_of_[mm][mo] = static_cast<std::int16_t>(pairs);
      flip_[mm][mo] = !self_mirror_[pairs];
      ++pairs;
    }
  for (int c = 0; c < kClasses; ++c) {
    const int kc = kOnBoard[c / 36], ke = kOnBoard[c / 6 % 6], kg = kOnBoard[c % 6];
    const std::uint32_t places = choose(10, kc) * choose(10 - kc, ke) * choose(10 - kc - ke, kg);
    class_offset_[c + 1] = class_offset_[c] + (places << (kc + ke + kg + kc));
  }
  per_lion_ = class_offset_[kClasses];
  class_at_.resize((per_lion_ >> kClassShift) + 1);
  for (std::size_t j = 0, c = 0; j < class_at_.size(); ++j) {
    while (c + 1 < kClasses && class_offset_[c + 1] <= (j << kClassShift)) ++c;
    class_at_[j] = static_cast<std::uint8_t>(c);
  }
}

namespace {

// v without its bit p, the bits above p moved down by one.
std::uint32_t remove_bit(std::uint32_t v, int p) {
  const std::uint32_t below = (1u << p) - 1;
  return (v & below) | (v >> 1 & ~below);
}

// The rank among `among` (in the same 10-square space) of each bit of v,
// ascending, as combo_rank takes them.
std::uint32_t ranked(std::uint32_t v, std::uint32_t among, int* out) {
  int n = 0;
  for (; v; v &= v - 1, ++n) {
    const int s = __builtin_ctz(v);
    out[n] = s - __builtin_popcount(among & ((1u << s) - 1));
  }
  return combo_rank(n, out);
}

// One bit per piece of `pieces` (at most two, ascending): set where `set` has it.
std::uint32_t bits_of(std::uint32_t pieces, std::uint32_t set) {
  if (!pieces) return 0;
  const std::uint32_t low = pieces & (0u - pieces), high = pieces ^ low;
  return static_cast<std::uint32_t>((set & low) != 0) | static_cast<std::uint32_t>((set & high) != 0) << 1;
}

}  // namespace

// A chick's square is ranked among the 10 squares the lions leave, an
// elephant's among those the chicks leave, a giraffe's among those both leave.
std::uint64_t Index::placement_code(const Masks& x, const Hand& our_hand, int m, int o) const {
  const int hi = std::max(m, o), lo = std::min(m, o);
  auto squeeze = [&](std::uint32_t v) { return remove_bit(remove_bit(v, hi), lo); };
  const std::uint32_t chicks = x.kind[kChick] | x.kind[kHen], elephants = x.kind[kElephant],
                      giraffes = x.kind[kGiraffe];
  const std::uint32_t c10 = squeeze(chicks), e10 = squeeze(elephants), g10 = squeeze(giraffes);
  const int kc = __builtin_popcount(chicks), ke = __builtin_popcount(elephants),
            kg = __builtin_popcount(giraffes);
  int pos[2] = {};
  const std::uint32_t rank_c = ranked(c10, 0, pos), rank_e = ranked(e10, c10, pos),
                      rank_g = ranked(g10, c10 | e10, pos);
  const int cls =
      kind_state(kc, our_hand[0]) * 36 + kind_state(ke, our_hand[1]) * 6 + kind_state(kg, our_hand[2]);
  std::uint64_t code = rank_c;
  code = code * choose(10 - kc, ke) + rank_e;
  code = code * choose(10 - kc - ke, kg) + rank_g;
  code = (code << kc | bits_of(chicks, x.theirs)) << ke | bits_of(elephants, x.theirs);
  code = (code << kg | bits_of(giraffes, x.theirs)) << kc | bits_of(chicks, x.kind[kHen]);
  return class_offset_[cls] + code;
}

std::uint64_t Index::encode(const Masks& x, const Hand& our_hand) const {
  const int m = lion_square(x, 0), o = lion_square(x, 1);
  const int pair = pair_of_[m][o];
  const std::uint64_t base = static_cast<std::uint64_t>(pair) * per_lion_;
  if (flip_[m][o]) return base + placement_code(mirrored(x), our_hand, lions_[pair][0], lions_[pair][1]);
  const std::uint64_t code = placement_code(x, our_hand, m, o);
  if (!self_mirror_[pair]) return base + code;
  return base + std::min(code, placement_code(mirrored(x), our_hand, m, o));
}

std::uint64_t Index::wide_encode(const Masks& x, const Hand& our_hand) const {
  auto wide = [&](const Masks& y) {
    const int m = lion_square(y, 0), o = lion_square(y, 1);
    return static_cast<std::uint64_t>(m * kSquares + o) * per_lion_ + placement_code(y, our_hand, m, o);
  };
  return std::min(wide(x), wide(mirrored(x)));
}

namespace {

// The square of the r-th (from 0) set bit of v.
int select_bit(std::uint32_t v, int r) {
  for (; r > 0; --r) v &= v - 1;
  return __builtin_ctz(v);
}

}  // namespace

Position Index::decode_position(std::uint64_t i) const {
  const int pair = static_cast<int>(i / per_lion_);
  const auto within_lion = static_cast<std::uint32_t>(i % per_lion_);
  int cls = class_at_[within_lion >> kClassShift];
  while (class_offset_[cls + 1] <= within_lion) ++cls;
  std::uint64_t code = within_lion - class_offset_[cls];
  const int state[3] = {cls / 36, cls / 6 % 6, cls % 6};
  Position p;
  int count[3];
  for (int g = 0; g < 3; ++g) {
    count[g] = kOnBoard[state[g]];
    p.hand[0][g] = static_cast<std::uint8_t>(kOurHand[state[g]]);
    p.hand[1][g] = static_cast<std::uint8_t>(2 - count[g] - kOurHand[state[g]]);
  }
  const int kc = count[0], ke = count[1], kg = count[2];
  auto take = [&](int bits) {
    const auto v = static_cast<std::uint32_t>(code & ((1u << bits) - 1));
    code >>= bits;
    return v;
  };
  const std::uint32_t promos = take(kc), owner_g = take(kg), owner_e = take(ke), owner_c = take(kc);
  const std::uint32_t owner_bits[3] = {owner_c, owner_e, owner_g};
  int pos[3][2] = {};
  const std::uint32_t ng = choose(10 - kc - ke, kg), ne = choose(10 - kc, ke);
  combo_unrank(kg, static_cast<std::uint32_t>(code % ng), pos[2]);
  code /= ng;
  combo_unrank(ke, static_cast<std::uint32_t>(code % ne), pos[1]);
  combo_unrank(kc, static_cast<std::uint32_t>(code / ne), pos[0]);
  const int m = lions_[pair][0], o = lions_[pair][1];
  Masks& x = p.x;
  x.kind[kLion] = static_cast<std::uint16_t>(1u << m | 1u << o);
  x.theirs = static_cast<std::uint16_t>(1u << o);
  // Each kind's squares are ranked among those the kinds before it leave.
  std::uint32_t free = kAllSquares & ~(1u << m | 1u << o);
  for (int g = 0; g < 3; ++g) {
    std::uint32_t placed = 0;
    for (int j = 0; j < count[g]; ++j) {
      const std::uint32_t bit = 1u << select_bit(free, pos[g][j]);
      placed |= bit;
      const int k = g == 0 && (promos >> j & 1) ? kHen : g + 1;
      x.kind[k] |= static_cast<std::uint16_t>(bit);
      if (owner_bits[g] >> j & 1) x.theirs |= static_cast<std::uint16_t>(bit);
    }
    free &= ~placed;
  }
  x.kind[kEmpty] = static_cast<std::uint16_t>(free);
  return p;
}

}  // namespace rtb::dobutsu
