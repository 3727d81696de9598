#include "games/connect4/connect4.h"

#include <algorithm>

#include "games/quote_input.h"

namespace rtb {
namespace {
constexpr Index kTierAlign = 4096;  // tiers start on a storage block
}

std::vector<ParamDoc> ConnectFour::param_docs() {
  return {{"width", "columns", "4"}, {"height", "rows", "4"}};
}

ConnectFour::ConnectFour(const Params& params) : params_(params) {
  width_ = static_cast<int>(params.get_int("width", 4, 1, kMaxWidth));
  height_ = static_cast<int>(params.get_int("height", 4, 1, 15));
  params.reject_unknown(kName);
  if (width_ * (height_ + 1) > 64) throw GameError("connect4: width * (height + 1) must be at most 64");
  cells_ = width_ * height_;
  params_.set("width", std::to_string(width_));
  params_.set("height", std::to_string(height_));

  binomial_.assign(static_cast<std::size_t>(cells_ + 2) * (cells_ + 2), 0);
  for (int n = 0; n <= cells_ + 1; ++n) {
    binomial_[n * (cells_ + 2)] = 1;
    for (int k = 1; k <= n; ++k)
      binomial_[n * (cells_ + 2) + k] = binomial(n - 1, k - 1) + binomial(n - 1, k);
  }
  shapes_.assign(width_ + 1, std::vector<Index>(cells_ + 1, 0));
  shapes_[width_][0] = 1;
  for (int c = width_ - 1; c >= 0; --c)
    for (int s = 0; s <= cells_; ++s)
      for (int h = 0; h <= std::min(height_, s); ++h) shapes_[c][s] += shapes_[c + 1][s - h];
  shape_rank_.assign(static_cast<std::size_t>(width_) * (cells_ + 1) * (height_ + 2), 0);
  for (int c = 0; c < width_; ++c)
    for (int s = 0; s <= cells_; ++s)
      for (int h = 0; h <= height_; ++h)
        shape_rank_[(c * (cells_ + 1) + s) * (height_ + 2) + h + 1] =
            shape_rank(c, s, h) + (h <= s ? shapes_[c + 1][s - h] : 0);
  tier_begin_.push_back(0);
  for (int t = cells_; t >= 0; --t) {
    const Index tier = shapes_[0][t] * binomial(t, t / 2);
    tier_begin_.push_back(tier_begin_.back() + (tier + kTierAlign - 1) / kTierAlign * kTierAlign);
  }
  line_shifts_ = {1, height_ + 1, height_, height_ + 2};
}

std::string ConnectFour::identity() const {
  return "connect4;" + params_.canonical();
}

std::string ConnectFour::table_name() const {
  return "connect4-" + std::to_string(width_) + "x" + std::to_string(height_);
}

bool ConnectFour::has_four(std::uint64_t d) const {
  for (int s : line_shifts_) {
    const std::uint64_t pairs = d & (d >> s);
    if (pairs & (pairs >> (2 * s))) return true;
  }
  return false;
}

std::uint32_t ConnectFour::discs_of(Index i) const {
  const auto tier = std::upper_bound(tier_begin_.begin(), tier_begin_.end(), i) - tier_begin_.begin() - 1;
  return static_cast<std::uint32_t>(cells_ - tier);
}

ConnectFour::Board ConnectFour::board_in_tier(Index i, std::uint32_t t) const {
  Board b;
  b.discs = t;
  const Index colourings = binomial(t, t / 2), local = i - tier_begin_[cells_ - t];
  Index shape = local / colourings, colouring = local % colourings;
  int left = static_cast<int>(t);
  for (int c = 0; c < width_; ++c) {
    int h = 0;
    while (h < std::min(height_, left) && shape_rank(c, left, h + 1) <= shape) ++h;
    shape -= shape_rank(c, left, h);
    b.heights[c] = static_cast<std::uint8_t>(h);
    left -= h;
  }
  // The discs ranked by `colouring` are the second player's, largest first.
  std::uint64_t second = 0;  // bit d: disc d, column by column, bottom up
  int k = static_cast<int>(t / 2);
  for (int pos = static_cast<int>(t) - 1; pos >= 0 && k > 0; --pos)
    if (colouring >= binomial(pos, k)) {
      colouring -= binomial(pos, k);
      second |= std::uint64_t{1} << pos;
      --k;
    }
  for (int c = 0, offset = 0; c < width_; offset += b.heights[c++]) {
    const std::uint64_t column = (std::uint64_t{1} << b.heights[c]) - 1;
    const int shift = c * (height_ + 1);
    b.second |= ((second >> offset) & column) << shift;
    b.first |= (~(second >> offset) & column) << shift;
  }
  return b;
}

Index ConnectFour::raw_index(const Board& b) const {
  const std::uint32_t t = b.discs;
  Index shape = 0;
  std::uint64_t second = 0;  // bit d: disc d, column by column, bottom up
  int left = static_cast<int>(t);
  for (int c = 0, offset = 0; c < width_; ++c) {
    const int h = b.heights[c];
    shape += shape_rank(c, left, h);
    left -= h;
    second |= ((b.second >> (c * (height_ + 1))) & ((std::uint64_t{1} << h) - 1)) << offset;
    offset += h;
  }
  Index colouring = 0;
  int k = 0;
  for (std::uint64_t m = second; m; m &= m - 1) colouring += binomial(__builtin_ctzll(m), ++k);
  return tier_begin_[cells_ - t] + shape * binomial(t, t / 2) + colouring;
}

ConnectFour::Board ConnectFour::mirrored(const Board& b) const {
  Board m;
  m.discs = b.discs;
  std::reverse_copy(b.heights.begin(), b.heights.begin() + width_, m.heights.begin());
  const std::uint64_t column = (std::uint64_t{1} << (height_ + 1)) - 1;
  for (int c = 0; c < width_; ++c) {
    const int from = c * (height_ + 1), to = (width_ - 1 - c) * (height_ + 1);
    m.first |= ((b.first >> from) & column) << to;
    m.second |= ((b.second >> from) & column) << to;
  }
  return m;
}

Index ConnectFour::index(const Board& b) const {
  return std::min(raw_index(b), raw_index(mirrored(b)));
}

bool ConnectFour::legal_board(Index i, Board& b) const {
  const std::uint32_t t = discs_of(i);
  if (i - tier_begin_[cells_ - t] >= shapes_[0][t] * binomial(t, t / 2)) return false;  // padding
  b = board_in_tier(i, t);
  if (has_four(b.first_to_move() ? b.first : b.second)) return false;  // the game ended before
  return index(b) == i;                                                // else the mirror's index
}

Value ConnectFour::terminal(Index i) const {
  const Board b = board(i);
  return has_four(b.first_to_move() ? b.second : b.first) ? Value::loss(0) : Value::draw();
}

int ConnectFour::class_size(Index i) const {
  const Board b = board(i);
  return raw_index(b) == raw_index(mirrored(b)) ? 1 : 2;
}

std::string ConnectFour::text(Index i) const {
  return text_of(board(i));
}

std::string ConnectFour::text_of(const Board& b) const {
  std::string s;
  for (int c = 0; c < width_; ++c) {
    if (c) s += '/';
    for (int r = 0; r < b.heights[c]; ++r) s += (b.first >> (c * (height_ + 1) + r) & 1) ? 'x' : 'o';
  }
  return s;
}

// Text is either a move sequence ("4453", columns from 1) or the board
// column by column, bottom up, columns separated by '/'.
Index ConnectFour::parse(std::string_view s) const {
  const Index i = index(parse_board(s));
  if (!legal(i))
    throw GameError("connect4 position " + quote_input(s) + ": the game ended before this position");
  return i;
}

std::vector<std::string> ConnectFour::successor_texts(std::string_view s) const {
  parse(s);  // throws for a position that cannot occur
  const Board b = parse_board(s);
  std::vector<std::string> out;
  if (has_four(b.first) || has_four(b.second)) return out;
  for (int c = 0; c < width_; ++c)
    if (b.heights[c] < height_) out.push_back(text_of(dropped(b, c, b.first_to_move())));
  return out;
}

ConnectFour::Board ConnectFour::dropped(Board b, int c, bool first) const {
  (first ? b.first : b.second) |= std::uint64_t{1} << (c * (height_ + 1) + b.heights[c]++);
  ++b.discs;
  return b;
}

ConnectFour::Board ConnectFour::parse_board(std::string_view s) const {
  Board b;
  const bool moves_text = s.find_first_not_of("0123456789") == std::string_view::npos;
  auto fail = [&](const std::string& why) -> Board {
    throw GameError("connect4 position " + quote_input(s) + ": " + why);
  };
  auto drop = [&](int c, bool first) {
    if (b.heights[c] == height_) return false;
    b = dropped(b, c, first);
    return true;
  };
  if (moves_text) {
    for (std::size_t k = 0; k < s.size(); ++k) {
      if (has_four(b.first) || has_four(b.second))
        return fail("the game is over before move " + std::to_string(k + 1));
      const int c = s[k] - '1';
      if (c < 0 || c >= width_) return fail("no column " + std::string(1, s[k]));
      if (!drop(c, b.first_to_move())) return fail("column " + std::string(1, s[k]) + " is full");
    }
  } else {
    int c = 0;
    for (char ch : s) {
      if (ch == '/') {
        if (++c >= width_) return fail("more than " + std::to_string(width_) + " columns");
      } else if (ch == 'x' || ch == 'o') {
        if (!drop(c, ch == 'x')) return fail("column " + std::to_string(c + 1) + " is over-full");
      } else {
        return fail("use x, o and '/' between columns, or a move sequence like 4453");
      }
    }
    if (c != width_ - 1) return fail("expected " + std::to_string(width_) + " columns separated by '/'");
    const int firsts = __builtin_popcountll(b.first), seconds = __builtin_popcountll(b.second);
    if (firsts != seconds && firsts != seconds + 1)
      return fail("x moves first, so x has as many discs as o or one more");
  }
  return b;
}

}  // namespace rtb
