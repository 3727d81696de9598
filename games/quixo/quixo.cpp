#include "games/quixo/quixo.h"

#include <algorithm>
#include <map>

#include "games/quote_input.h"

namespace rtb {

namespace {

std::uint32_t pow3(int e) {
  std::uint32_t p = 1;
  while (e-- > 0) p *= 3;
  return p;
}

// Digit j of a base-3 number over `cells`: 0 blank, 1 x, 2 o, as bitboards.
std::array<std::uint16_t, 2> bits_of(std::uint32_t code, const std::vector<int>& cells) {
  std::array<std::uint16_t, 2> bits{};
  for (int cell : cells) {
    const std::uint32_t digit = code % 3;
    code /= 3;
    if (digit) bits[digit - 1] |= static_cast<std::uint16_t>(1u << cell);
  }
  return bits;
}

}  // namespace

std::vector<ParamDoc> Quixo::param_docs() {
  return {{"n", "board side: n x n, n in a row wins (2..4)", "4"}};
}

Quixo::Quixo(const Params& params) : params_(params) {
  n_ = static_cast<int>(params.get_int("n", 4, 2, 4));
  params.reject_unknown(kName);
  params_.set("n", std::to_string(n_));
  cells_ = n_ * n_;
  for (int r = 0; r < n_; ++r)
    for (int c = 0; c < n_; ++c)
      if (r == 0 || c == 0 || r == n_ - 1 || c == n_ - 1) border_ |= 1u << (r * n_ + c);

  std::vector<std::uint32_t> lines;
  std::uint32_t diag = 0, anti = 0;
  for (int a = 0; a < n_; ++a) {
    std::uint32_t row = 0, col = 0;
    for (int b = 0; b < n_; ++b) {
      row |= 1u << (a * n_ + b);
      col |= 1u << (b * n_ + a);
    }
    lines.push_back(row);
    lines.push_back(col);
    diag |= 1u << (a * n_ + a);
    anti |= 1u << (a * n_ + n_ - 1 - a);
  }
  lines.push_back(diag);
  lines.push_back(anti);
  line_.assign(((std::size_t{1} << cells_) + 63) / 64, 0);
  for (std::uint32_t v = 0; v < (1u << cells_); ++v)
    for (std::uint32_t l : lines)
      if ((v & l) == l) line_[v >> 6] |= std::uint64_t{1} << (v & 63);

  build_pushes();
  build_symmetry_tables();
}

// Every border cube can go back in at each end of its row and of its column
// except where it came from.
void Quixo::build_pushes() {
  for (int r = 0; r < n_; ++r)
    for (int c = 0; c < n_; ++c) {
      const int s = r * n_ + c;
      if (!(border_ >> s & 1)) continue;
      const int ends[4][2] = {{r, 0}, {r, n_ - 1}, {0, c}, {n_ - 1, c}};
      for (const auto& e : ends) {
        const int d = e[0] * n_ + e[1];
        if (d == s) continue;
        const int step = e[0] == r ? 1 : n_;  // along the row or the column
        Push p{1u << s, 1u << d, 0, 0, 0, 0};
        const int toward = d > s ? -step : step;  // from d back to s
        for (int cell = d; cell != s; cell += toward) {
          p.seg |= 1u << cell;
          p.slid |= 1u << (cell + toward);
        }
        (d > s ? p.down : p.up) = static_cast<std::uint8_t>(step);
        pushes_.push_back(p);
      }
    }
  if (pushes_.size() > kMaxPushes) throw GameError("quixo: too many pushes for the unmove buffer");
}

void Quixo::build_symmetry_tables() {
  for (int g = 0; g < 8; ++g)
    for (int r = 0; r < n_; ++r)
      for (int c = 0; c < n_; ++c) {
        int rr = (g & 1) ? n_ - 1 - r : r, cc = (g & 2) ? n_ - 1 - c : c;
        if (g & 4) std::swap(rr, cc);
        perm_[g][r * n_ + c] = rr * n_ + cc;
      }
  // The key is the border without its corners: a single orbit of cells.
  auto corner = [&](int cell) {
    const int r = cell / n_, c = cell % n_;
    return (r == 0 || r == n_ - 1) && (c == 0 || c == n_ - 1);
  };
  std::vector<int> key_pos(cells_, -1), rest_pos(cells_, -1);
  for (int cell = 0; cell < cells_; ++cell) {
    if ((border_ >> cell & 1) && !corner(cell)) {
      key_pos[cell] = static_cast<int>(key_cells_.size());
      key_cells_.push_back(cell);
    } else {
      rest_pos[cell] = static_cast<int>(rest_cells_.size());
      rest_cells_.push_back(cell);
    }
  }
  for (int h = 0; h < 2; ++h)
    for (int v = 0; v < 256; ++v)
      for (int bit = 0; bit < 8; ++bit) {
        const int cell = 8 * h + bit;
        if (!(v >> bit & 1) || cell >= cells_) continue;
        if (key_pos[cell] >= 0) key3_[h][v] += static_cast<std::uint16_t>(pow3(key_pos[cell]));
        for (int g = 0; g < 8; ++g) {
          const int to = perm_[g][cell];
          if (rest_pos[to] >= 0) rest3_[g][h][v] += static_cast<std::uint16_t>(pow3(rest_pos[to]));
        }
      }

  // Number the symmetry classes of keys by their smallest member.
  const std::uint32_t keys = pow3(static_cast<int>(key_cells_.size()));
  std::vector<std::uint32_t> rep(keys);
  std::vector<std::uint8_t> syms(keys);
  std::map<std::uint32_t, std::uint16_t> rank;
  for (std::uint32_t code = 0; code < keys; ++code) {
    const auto bits = bits_of(code, key_cells_);
    std::array<std::uint32_t, 8> image{};
    for (int g = 0; g < 8; ++g) {
      Board b;
      for (int cell = 0; cell < cells_; ++cell)
        for (int s = 0; s < 2; ++s)
          if (bits[s] >> cell & 1) b.bits[s] |= 1u << perm_[g][cell];
      image[g] = key_code(b);
    }
    rep[code] = *std::min_element(image.begin(), image.end());
    for (int g = 0; g < 8; ++g) syms[code] |= static_cast<std::uint8_t>((image[g] == rep[code]) << g);
    rank.emplace(rep[code], 0);
  }
  for (auto& [code, r] : rank) {
    r = static_cast<std::uint16_t>(rep_bits_.size());
    rep_bits_.push_back(bits_of(code, key_cells_));
  }
  key_class_.resize(keys);
  for (std::uint32_t code = 0; code < keys; ++code) key_class_[code] = {rank.at(rep[code]), syms[code]};
  orbits_ = static_cast<std::uint32_t>(rep_bits_.size());
  rest_size_ = pow3(static_cast<int>(rest_cells_.size()));
  for (std::uint32_t code = 0; code < rest_size_; ++code) rest_bits_.push_back(bits_of(code, rest_cells_));
  size_ = Index{2} * orbits_ * rest_size_;
}

std::string Quixo::identity() const {
  return "quixo;" + params_.canonical();
}

std::string Quixo::table_name() const {
  if (n_ == 4) return "quixo";
  return "quixo-" + std::to_string(n_) + "x" + std::to_string(n_);
}

Quixo::Board Quixo::board(Index i) const {
  const Index per_turn = Index{orbits_} * rest_size_;
  Board b;
  b.turn = static_cast<int>(i / per_turn);
  const Index rest_of_turn = i % per_turn;
  const auto& key = rep_bits_[rest_of_turn / rest_size_];
  const auto& rest = rest_bits_[rest_of_turn % rest_size_];
  b.bits = {std::uint32_t{key[0]} | rest[0], std::uint32_t{key[1]} | rest[1]};
  return b;
}

bool Quixo::legal(Index i) const {
  if (i >= size_) return false;
  const Board b = board(i);
  const bool start = b.turn == 0 && (b.bits[0] | b.bits[1]) == 0;
  if (!(b.bits[1 - b.turn] & border_) && !start) return false;
  const std::uint8_t syms = key_class_[key_code(b)].syms;
  return (syms & (syms - 1)) == 0 || canonical(b).index == i;
}

std::string Quixo::text(Index i) const {
  return text_of(board(i));
}

std::string Quixo::text_of(const Board& b) const {
  std::string s = b.turn ? "o:" : "x:";
  for (int c = 0; c < cells_; ++c) s += (b.bits[0] >> c & 1) ? 'x' : (b.bits[1] >> c & 1) ? 'o' : '.';
  return s;
}

Index Quixo::parse(std::string_view s) const {
  const Index i = canonical(parse_board(s)).index;
  if (!legal(i))
    throw GameError("quixo position " + quote_input(s) +
                    " cannot occur: the player who just moved has no cube on the border");
  return i;
}

std::vector<std::string> Quixo::successor_texts(std::string_view s) const {
  parse(s);  // throws for a position that cannot occur
  const Board b = parse_board(s);
  std::vector<std::string> out;
  if (finished(b)) return out;
  for (const Push& p : pushes_)  // as moves() does, without canonicalising
    if (!(b.bits[1 - b.turn] & p.src)) out.push_back(text_of(pushed(b, p)));
  return out;
}

Quixo::Board Quixo::parse_board(std::string_view s) const {
  const std::string board_help = "a " + std::to_string(n_) + "x" + std::to_string(n_) +
                                 " quixo position is 'x:' or 'o:' (the side to move) and " +
                                 std::to_string(cells_) + " cells of x, o and '.', row by row; got " +
                                 quote_input(s);
  if (static_cast<int>(s.size()) != cells_ + 2 || s[1] != ':') throw GameError(board_help);
  Board b;
  const char side = static_cast<char>(s[0] | 0x20);  // either case
  if (side != 'x' && side != 'o') throw GameError(board_help);
  b.turn = side == 'o';
  for (int c = 0; c < cells_; ++c) {
    const char ch = s[2 + c];
    if (ch == 'x' || ch == 'X')
      b.bits[0] |= 1u << c;
    else if (ch == 'o' || ch == 'O')
      b.bits[1] |= 1u << c;
    else if (ch != '.' && ch != '-')
      throw GameError("quixo position " + quote_input(s) + " has " + quote_input({&ch, 1}) +
                      ": use x, o and '.'");
  }
  return b;
}

}  // namespace rtb
