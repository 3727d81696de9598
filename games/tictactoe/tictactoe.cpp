#include "games/tictactoe/tictactoe.h"

#include <algorithm>

#include "games/quote_input.h"

namespace rtb {

std::vector<ParamDoc> TicTacToe::param_docs() {
  return {{"m", "rows", "3"}, {"n", "columns", "3"}, {"k", "marks in a row that win", "3"}};
}

TicTacToe::TicTacToe(const Params& params) : params_(params) {
  rows_ = static_cast<int>(params.get_int("m", 3, 1, 20));
  cols_ = static_cast<int>(params.get_int("n", 3, 1, 20));
  k_ = static_cast<int>(params.get_int("k", 3, 1, 20));
  params.reject_unknown(kName);
  cells_ = rows_ * cols_;
  if (cells_ > 20) throw GameError("tictactoe: m*n must be at most 20 (3^20 indices)");
  if (k_ > std::max(rows_, cols_)) throw GameError("tictactoe: k must not exceed the longer side");
  params_.set("m", std::to_string(rows_));
  params_.set("n", std::to_string(cols_));
  params_.set("k", std::to_string(k_));

  pow3_.assign(cells_ + 1, 1);
  for (int c = 1; c <= cells_; ++c) pow3_[c] = pow3_[c - 1] * 3;
  size_ = pow3_[cells_];
  full_ = cells_ == 32 ? ~0u : (1u << cells_) - 1;

  const int dr[] = {0, 1, 1, 1}, dc[] = {1, 0, 1, -1};
  for (int r = 0; r < rows_; ++r)
    for (int c = 0; c < cols_; ++c)
      for (int d = 0; d < 4; ++d) {
        int er = r + dr[d] * (k_ - 1), ec = c + dc[d] * (k_ - 1);
        if (er < 0 || er >= rows_ || ec < 0 || ec >= cols_) continue;
        std::uint32_t mask = 0;
        for (int s = 0; s < k_; ++s) mask |= 1u << ((r + dr[d] * s) * cols_ + c + dc[d] * s);
        if (std::find(lines_.begin(), lines_.end(), mask) == lines_.end()) lines_.push_back(mask);
      }

  // Symmetries of the rectangle, with the transposing ones only on squares.
  for (int s = 0; s < (rows_ == cols_ ? 8 : 4); ++s) {
    std::vector<int> perm(cells_);
    for (int r = 0; r < rows_; ++r)
      for (int c = 0; c < cols_; ++c) {
        int rr = (s & 1) ? rows_ - 1 - r : r, cc = (s & 2) ? cols_ - 1 - c : c;
        if (s & 4) std::swap(rr, cc);
        perm[r * cols_ + c] = rr * cols_ + cc;
      }
    symmetries_.push_back(perm);
  }

  const int chunks = (cells_ + kChunk - 1) / kChunk;
  image_.resize(chunks);
  board_.resize(chunks);
  for (int q = 0; q < chunks; ++q) {
    const int first = q * kChunk, count = std::min(kChunk, cells_ - first);
    const Index entries = pow3_[count];
    board_[q].resize(entries);
    image_[q].assign(symmetries_.size(), std::vector<Index>(entries));
    for (Index digits = 0; digits < entries; ++digits) {
      Index rest = digits;
      for (int j = 0; j < count; ++j, rest /= 3) {
        const int cell = first + j, mark = static_cast<int>(rest % 3);
        if (mark == 1) board_[q][digits].x |= 1u << cell;
        if (mark == 2) board_[q][digits].o |= 1u << cell;
        for (std::size_t s = 0; s < symmetries_.size(); ++s)
          image_[q][s][digits] += mark * pow3_[symmetries_[s][cell]];
      }
    }
  }
}

std::string TicTacToe::identity() const {
  return "tictactoe;" + params_.canonical();
}

std::string TicTacToe::table_name() const {
  if (rows_ == 3 && cols_ == 3 && k_ == 3) return "tictactoe";
  return "tictactoe-" + std::to_string(rows_) + "x" + std::to_string(cols_) + "-k" + std::to_string(k_);
}

TicTacToe::Board TicTacToe::board(Index i) const {
  Board b;
  for (const auto& chunk : board_) {
    const Board& part = chunk[i % chunk.size()];
    b.x |= part.x;
    b.o |= part.o;
    i /= chunk.size();
  }
  return b;
}

bool TicTacToe::has_line(Board b) const {
  for (auto mask : lines_)
    if ((b.x & mask) == mask || (b.o & mask) == mask) return true;
  return false;
}

Index TicTacToe::image(Index i, int s) const {
  Index out = 0;
  for (const auto& chunk : image_) {
    const auto& table = chunk[s];
    out += table[i % table.size()];
    i /= table.size();
  }
  return out;
}

Index TicTacToe::canonical(Index i) const {
  Index best = i;
  for (int s = 1; s < static_cast<int>(symmetries_.size()); ++s) best = std::min(best, image(i, s));
  return best;
}

int TicTacToe::class_size(Index i) const {
  std::vector<Index> images;
  for (int s = 0; s < static_cast<int>(symmetries_.size()); ++s) images.push_back(image(i, s));
  std::sort(images.begin(), images.end());
  return static_cast<int>(std::unique(images.begin(), images.end()) - images.begin());
}

bool TicTacToe::legal(Index i) const {
  const Board b = board(i);
  const int xs = __builtin_popcount(b.x), os = __builtin_popcount(b.o);
  if (xs != os && xs != os + 1) return false;
  bool x_line = false, o_line = false;
  for (auto mask : lines_) {
    x_line |= (b.x & mask) == mask;
    o_line |= (b.o & mask) == mask;
  }
  if (x_line && (o_line || xs != os + 1)) return false;
  if (o_line && xs != os) return false;
  return canonical(i) == i;
}

std::string TicTacToe::text(Index i) const {
  const Board b = board(i);
  std::string s(cells_, '.');
  for (int c = 0; c < cells_; ++c) s[c] = (b.x >> c & 1) ? 'x' : (b.o >> c & 1) ? 'o' : '.';
  return s;
}

Index TicTacToe::parse(std::string_view s) const {
  const Index c = canonical(parse_as_written(s));
  if (!legal(c)) throw GameError("board " + quote_input(s) + " cannot occur in a game");
  return c;
}

std::vector<std::string> TicTacToe::successor_texts(std::string_view s) const {
  parse(s);  // throws for a board that cannot occur
  const Index i = parse_as_written(s);
  const Board b = board(i);
  std::vector<std::string> out;
  if (game_over(b)) return out;
  const Index mark = b.x_to_move() ? 1 : 2;
  for (int c = 0; c < cells_; ++c)
    if (!b.occupied(c)) out.push_back(text(i + mark * pow3_[c]));
  return out;
}

Index TicTacToe::parse_as_written(std::string_view s) const {
  if (static_cast<int>(s.size()) != cells_)
    throw GameError("a " + std::to_string(rows_) + "x" + std::to_string(cols_) + " board is " +
                    std::to_string(cells_) + " characters of x, o and '.', row by row; got " +
                    quote_input(s));
  Index i = 0;
  for (int c = 0; c < cells_; ++c) {
    const char ch = s[c];
    if (ch != 'x' && ch != 'o' && ch != '.' && ch != 'X' && ch != 'O')
      throw GameError("board " + quote_input(s) + " has " + quote_input({&ch, 1}) + ": use x, o and '.'");
    i += pow3_[c] * (ch == 'x' || ch == 'X' ? 1 : ch == 'o' || ch == 'O' ? 2 : 0);
  }
  return i;
}

}  // namespace rtb
