#include "games/dobutsu/dobutsu.h"

#include "games/quote_input.h"

namespace rtb {

using dobutsu::Board;
using dobutsu::Kind;

namespace {

constexpr std::string_view kLetters = "-CEGLR";  // by Kind
constexpr std::string_view kStart = "S/gle/-c-/-C-/ELG/-";
constexpr std::string_view kHelp =
    "a dobutsu position is the side to move (S or G), the ranks 1 to 4 and the hands, "
    "separated by '/', as in \"S/gle/-c-/-C-/ELG/-\"";

char letter(std::uint8_t cell) {
  const char c = kLetters[dobutsu::kind_of(cell)];
  return dobutsu::owner_of(cell) ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string square_name(int s) {
  return {static_cast<char>('a' + s % 3), static_cast<char>('1' + s / 3)};
}

}  // namespace

Dobutsu::Dobutsu(const Params& params) {
  params.reject_unknown(kName);
}

std::string Dobutsu::board_text(const Board& shown, bool gote_to_move) {
  // Sente's pieces are upper case: when Gote is to move, "ours" are Gote's.
  const Board b = gote_to_move ? dobutsu::turned(shown) : shown;
  std::string s = gote_to_move ? "G" : "S";
  for (int r = 0; r < 4; ++r) {
    s += '/';
    for (int f = 0; f < 3; ++f) s += letter(b.cell[r * 3 + f]);
  }
  s += '/';
  const std::size_t before = s.size();
  for (int owner = 0; owner < 2; ++owner)
    for (int h = 0; h < dobutsu::kHandKinds; ++h)
      for (int n = 0; n < b.hand[owner][h]; ++n)
        s += letter(static_cast<std::uint8_t>((h + 1) | (owner ? dobutsu::kTheirs : 0)));
  if (s.size() == before) s += '-';
  return s;
}

Board Dobutsu::parse_board(std::string_view s) {
  auto fail = [&](const std::string& why) {
    return GameError("dobutsu position " + quote_input(s) + ": " + why + " (" + std::string(kHelp) + ")");
  };
  if (s.size() < 19 || (s[0] != 'S' && s[0] != 'G') || s[1] != '/') throw fail("bad format");
  Board b;
  int counts[6] = {0, 0, 0, 0, 0, 0}, lions[2] = {0, 0};
  auto piece = [&](char ch) -> std::uint8_t {
    const bool gote = ch >= 'a' && ch <= 'z';
    const char up = gote ? static_cast<char>(ch - 'a' + 'A') : ch;
    const auto k = kLetters.find(up);
    if (k == std::string_view::npos || k == 0) throw fail("unknown piece " + quote_input({&ch, 1}));
    ++counts[k == dobutsu::kHen ? std::size_t{dobutsu::kChick} : k];
    if (k == dobutsu::kLion) ++lions[gote];
    return static_cast<std::uint8_t>(k | (gote ? dobutsu::kTheirs : 0));
  };
  for (int r = 0; r < 4; ++r) {
    const std::size_t at = 2 + 4 * static_cast<std::size_t>(r);
    if (s[at + 3] != '/') throw fail("a rank is not 3 squares");
    for (int f = 0; f < 3; ++f) {
      const char ch = s[at + static_cast<std::size_t>(f)];
      if (ch != '-') b.cell[r * 3 + f] = piece(ch);
    }
  }
  const std::string_view hands = s.substr(18);
  if (hands != "-")
    for (char ch : hands) {
      const std::uint8_t p = piece(ch);
      const Kind k = dobutsu::kind_of(p);
      if (k == dobutsu::kLion || k == dobutsu::kHen)
        throw fail("only chicks, elephants and giraffes go in hand");
      ++b.hand[dobutsu::owner_of(p)][k - 1];
    }
  if (lions[0] != 1 || lions[1] != 1 || counts[dobutsu::kChick] != 2 || counts[dobutsu::kElephant] != 2 ||
      counts[dobutsu::kGiraffe] != 2)
    throw fail("it needs one lion a side and two each of chicks, elephants and giraffes");
  return s[0] == 'G' ? dobutsu::turned(b) : b;
}

Index Dobutsu::parse(std::string_view s) const {
  const Board b = parse_board(s);
  if (index_.lion_pair(b) < 0)
    throw GameError("dobutsu position " + quote_input(s) +
                    " is not in the table: the lions alone decide it (a lion can be taken, or stands on "
                    "its far rank)");
  return index_.encode(b);
}

std::string Dobutsu::text(Index i) const {
  return board_text(index_.decode(i), false);
}

Index Dobutsu::start() const {
  return parse(kStart);
}

std::string Dobutsu::move_name(const dobutsu::Move& m) {
  std::string s(1, kLetters[m.kind]);
  if (m.from < 0) return s + "*" + square_name(m.to);
  s += square_name(m.from);
  if (m.captured != dobutsu::kEmpty) s += 'x';
  s += square_name(m.to);
  if (m.promotes) s += '+';
  return s;
}

std::vector<std::string> Dobutsu::move_names(Index i) const {
  std::vector<std::string> out;
  const Board b = index_.decode(i);
  if (over(b)) return out;
  dobutsu::for_each_move(b, [&](const Board&, const dobutsu::Move& m) { out.push_back(move_name(m)); });
  return out;
}

}  // namespace rtb
