#include "games/connect4/connect4.h"

#include <algorithm>

#include "games/quote_input.h"

namespace rtb {
namespace {
constexpr Index kTierAlign = 4096;  // tiers start on a storage block

// The width, once the parameters are known to make a board of at most 64 bits.
int checked_width(const Params& params, int width, int height) {
  params.reject_unknown(ConnectFour::kName);
  if (width * (height + 1) > 64) throw GameError("connect4: width * (height + 1) must be at most 64");
  return width;
}
}  // namespace

std::vector<ParamDoc> ConnectFour::param_docs() {
  return {{"width", "columns", "4"}, {"height", "rows", "4"}};
}

ConnectFour::ConnectFour(const Params& params)
    : params_(params),
      width_(static_cast<int>(params.get_int("width", 4, 1, kMaxWidth))),
      height_(static_cast<int>(params.get_int("height", 4, 1, 15))),
      cells_(width_ * height_),
      rank_(checked_width(params, width_, height_), height_) {
  params_.set("width", std::to_string(width_));
  params_.set("height", std::to_string(height_));
  tier_begin_.push_back(0);
  for (int t = cells_; t >= 0; --t)
    tier_begin_.push_back(tier_begin_.back() + (rank_.boards(t) + kTierAlign - 1) / kTierAlign * kTierAlign);
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

ConnectFour::Board ConnectFour::board_in_tier(Index i, std::uint32_t t, std::uint32_t* states) const {
  rank_.unrank(i - tier_begin_[cells_ - t], static_cast<int>(t), states);
  Board b;
  b.discs = t;
  std::uint64_t first = 0, second = 0;  // built here, not in b: no store to reload per column
  for (int c = 0; c < width_; ++c) {
    const int shift = c * (height_ + 1), h = ColumnRank::height_of(states[c]);
    const std::uint64_t mask = ColumnRank::mask_of(states[c]);
    b.heights[c] = static_cast<std::uint8_t>(h);
    second |= mask << shift;
    first |= (mask ^ ((std::uint64_t{1} << h) - 1)) << shift;
  }
  b.first = first;
  b.second = second;
  return b;
}

void ConnectFour::column_states(const Board& b, std::uint32_t* states) const {
  for (int c = 0; c < width_; ++c) {
    const int h = b.heights[c];
    states[c] = ColumnRank::state(h, (b.second >> (c * (height_ + 1))) & ((std::uint64_t{1} << h) - 1));
  }
}

// Boards with as many discs rank in the lexicographic order of their column
// states, so a board and its mirror image are compared without ranking them.
Index ConnectFour::index(const Board& b) const {
  std::uint32_t states[kMaxWidth], mirror[kMaxWidth];
  column_states(b, states);
  std::reverse_copy(states, states + width_, mirror);
  const bool image = std::lexicographical_compare(mirror, mirror + width_, states, states + width_);
  return tier_begin_[cells_ - b.discs] + rank_.rank(image ? mirror : states, static_cast<int>(b.discs));
}

bool ConnectFour::legal_board(Index i, Board& b, std::uint32_t* states) const {
  const std::uint32_t t = discs_of(i);
  if (i - tier_begin_[cells_ - t] >= rank_.boards(static_cast<int>(t))) return false;  // padding
  b = board_in_tier(i, t, states);
  if (has_four(b.first_to_move() ? b.first : b.second)) return false;  // the game ended before
  return !std::lexicographical_compare(std::make_reverse_iterator(states + width_),
                                       std::make_reverse_iterator(states), states,
                                       states + width_);  // else the mirror's index
}

Value ConnectFour::terminal(Index i) const {
  const Board b = board(i);
  return has_four(b.first_to_move() ? b.second : b.first) ? Value::loss(0) : Value::draw();
}

int ConnectFour::class_size(Index i) const {
  std::uint32_t states[kMaxWidth];
  board_in_tier(i, discs_of(i), states);
  return std::equal(states, states + width_, std::make_reverse_iterator(states + width_)) ? 1 : 2;
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
