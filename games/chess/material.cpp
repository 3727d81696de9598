#include "games/chess/material.h"

#include <algorithm>
#include <bit>
#include <cctype>

#include "games/game.h"
#include "games/quote_input.h"

namespace rtb::chess {
namespace {

constexpr char kLetters[] = "KQRBNP";

int letter_type(char c) {
  for (int t = 0; t < 6; ++t)
    if (std::toupper(static_cast<unsigned char>(c)) == kLetters[t]) return t;
  return -1;
}

// Adds every split of `left` pieces over the types from `from` on (so each
// side's pieces are listed strongest first and once).
void splits(int left, int from, std::array<int, 6>& side, std::vector<std::array<int, 6>>& out) {
  if (left == 0) {
    out.push_back(side);
    return;
  }
  for (int t = from; t <= kPawn; ++t) {
    ++side[t];
    splits(left - 1, t, side, out);
    --side[t];
  }
}

}  // namespace

Material Material::parse(std::string_view name) {
  Material m;
  const auto v = name.find_first_of("vV");
  if (v == std::string_view::npos)
    throw GameError("material " + quote_input(name) + " has no 'v' (as in KQvKR)");
  for (int c = 0; c < 2; ++c) {
    const std::string_view side = c == 0 ? name.substr(0, v) : name.substr(v + 1);
    for (char ch : side) {
      const int t = letter_type(ch);
      if (t < 0)
        throw GameError("material " + quote_input(name) + " has " + quote_input({&ch, 1}) +
                        ": use K Q R B N P");
      ++m.count[c][t];
    }
    if (m.count[c][kKing] != 1)
      throw GameError("material " + quote_input(name) + " must give each side exactly one king");
  }
  if (m.pieces() > 7) throw GameError("material " + quote_input(name) + " has more than 7 pieces");
  for (int c = 0; c < 2; ++c)
    for (int t = 0; t < 6; ++t)
      if (m.count[c][t] > 8) throw GameError("material " + quote_input(name) + " has too many of one piece");
  return m;
}

Material Material::of(const Board& b) {
  Material m;
  for (int c = 0; c < 2; ++c)
    for (int t = 0; t < 6; ++t) m.count[c][t] = std::popcount(b.pieces[c][t]);
  return m;
}

std::string Material::name() const {
  std::string s;
  for (int c = 0; c < 2; ++c) {
    if (c) s += 'v';
    for (int t = 0; t < 6; ++t) s.append(static_cast<std::size_t>(count[c][t]), kLetters[t]);
  }
  return s;
}

int Material::pieces() const {
  int n = 0;
  for (const auto& side : count)
    for (int k : side) n += k;
  return n;
}

bool Material::is_canonical() const {
  int n[2] = {0, 0};
  for (int c = 0; c < 2; ++c)
    for (int k : count[c]) n[c] += k;
  if (n[0] != n[1]) return n[0] > n[1];
  for (int t = kQueen; t <= kPawn; ++t)
    if (count[0][t] != count[1][t]) return count[0][t] > count[1][t];
  return true;  // the same on both sides
}

std::uint64_t Material::key() const {
  std::uint64_t k = 0;
  for (int c = 0; c < 2; ++c)
    for (int t = 0; t < 6; ++t)
      k += static_cast<std::uint64_t>(count[c][t]) *
           key_unit(static_cast<Color>(c), static_cast<PieceType>(t));
  return k;
}

std::vector<Material> Material::successors() const {
  std::vector<Material> out;
  auto add = [&](Material m) {
    m = m.canonical();
    if (!m.kings_only() && std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  };
  for (int c = 0; c < 2; ++c) {
    for (int t = kQueen; t <= kPawn; ++t) {
      if (!count[c][t]) continue;
      Material m = *this;
      --m.count[c][t];
      add(m);  // c's piece captured
    }
    if (!count[c][kPawn]) continue;
    for (PieceType p : {kQueen, kRook, kBishop, kKnight}) {
      Material m = *this;
      --m.count[c][kPawn];
      ++m.count[c][p];
      add(m);
      for (int t = kQueen; t < kPawn; ++t) {  // promotion with a capture (never of a pawn)
        if (!m.count[c ^ 1][t]) continue;
        Material x = m;
        --x.count[c ^ 1][t];
        add(x);
      }
    }
  }
  return out;
}

std::vector<Material> Material::all_up_to(int pieces) {
  std::vector<Material> out;
  for (int n = 3; n <= pieces; ++n)
    for (int white = n - 1; white >= 1; --white) {
      std::vector<std::array<int, 6>> ws, bs;
      std::array<int, 6> side{};
      splits(white - 1, kQueen, side, ws);
      splits(n - white - 1, kQueen, side, bs);
      for (const auto& w : ws)
        for (const auto& b : bs) {
          Material m;
          m.count[0] = w;
          m.count[1] = b;
          m.count[0][kKing] = m.count[1][kKing] = 1;
          if (m.is_canonical() && std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
        }
    }
  return out;
}

}  // namespace rtb::chess
