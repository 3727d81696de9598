// Every position of rtb's metric=dtz tables against Syzygy's files, probed
// with Debian's libfathom:
//   syzygy_compare [--every=N] [--search-every=N] [--part=K/N]
//                  RTB_DIR SYZYGY_DIR MATERIAL...
// reads RTB_DIR/MATERIAL-dtz.rtb (tbgen --param metric=dtz) and, for every
// legal position, compares the WDL class with tb_probe_wdl and the exact DTZ
// with Fathom's, allowing the default files' rounding
// (tests/syzygy_rounding.h). Fathom's DTZ is found as its probe_dtz finds
// it: a zeroing best move or a mate from the WDL files, the side a .rtbz
// keeps by libfathom's probe_table (about 2 us), the other side by Fathom's
// root probe (tb_probe_root, a one-ply search: about 60 us). Every 1,000th
// answer read the fast way is checked against the root probe too.
// The value compared is the one rtb_chess_probe derives from the table's
// class and depth streams (what an engine reads) and, where the table keeps
// its values (it is not compact), the stored one too.
//   --every=N         every N-th legal position only (default: all)
//   --search-every=N  Fathom's search on every N-th position that needs it
//                     (default: all); the others' class is still compared
//   --part=K/N        the K-th of N equal index ranges (0-based), so that N
//                     processes share a table (tb_probe_root is not
//                     thread-safe)
// Prints one line per table and exits non-zero on any difference.
#include <tbprobe.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <string>

#include "games/chess/chess.h"
#include "probe/rtb_chess.h"
#include "storage/table_reader.h"
#include "tests/syzygy_rounding.h"

// libfathom's internal position and its exported table probe (Fathom's
// tbprobe.c), used to tell the stored side of a .rtbz from the searched one.
extern "C" {
struct FathomPos {
  std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
  std::uint8_t rule50, ep;
  bool turn;
};
int probe_table(const FathomPos* pos, int s, int* success, int type);
}

namespace {

using namespace rtb;
using namespace rtb::chess;

struct Bits {
  std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
  bool white_to_move;
};

Bits bits_of(const Board& b) {
  auto all = [&](PieceType t) { return b.pieces[kWhite][t] | b.pieces[kBlack][t]; };
  return {b.color[kWhite], b.color[kBlack], all(kKing), all(kQueen),    all(kRook),
          all(kBishop),    all(kKnight),    all(kPawn), b.stm == kWhite};
}

// Fathom's class for the side to move; `ep` is the square a double pawn
// push just passed (0: none), which the opponent may capture on.
int fathom_wdl(const Bits& p, unsigned ep = 0) {
  const unsigned r = tb_probe_wdl(p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights, p.pawns,
                                  0, 0, ep, p.white_to_move);
  return r == TB_RESULT_FAILED ? 99 : static_cast<int>(r) - 2;
}

// Fathom's signed DTZ (-1 for a mated side), 9999 on failure.
int fathom_dtz(const Bits& p) {
  const unsigned r = tb_probe_root(p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights,
                                   p.pawns, 0, 0, 0, p.white_to_move, nullptr);
  if (r == TB_RESULT_FAILED) return 9999;
  if (r == TB_RESULT_CHECKMATE) return -1;
  if (r == TB_RESULT_STALEMATE) return 0;
  const int w = static_cast<int>(TB_GET_WDL(r)), d = static_cast<int>(TB_GET_DTZ(r));
  return w > 2 ? d : w < 2 ? -d : 0;
}

// What Fathom says of a position and how it found it: "draw", "mate" (a
// mated side: -1), "zeroing" (the best move zeroes: 1 or 101), "stored"
// (read from the side the .rtbz keeps) or "search" (the other side: one ply
// of search over the stored side, only by Fathom's root probe).
struct FathomAnswer {
  int dtz = 0;
  std::string how;
  bool known = true;  // false: a search position not probed this time
};

// Fathom's probe_dtz reads 1 + the stored entry, plus 100 for a cursed win
// or a blessed loss, negated for a loss, after tb_probe_wdl's class.
int stored_dtz(int wdl, int entry) {
  const int d = 1 + entry + (wdl % 2 != 0 ? 100 : 0);
  return wdl > 0 ? d : -d;
}

// `search()` says whether to pay for Fathom's search this time.
FathomAnswer fathom_answer(const Board& b, const Bits& p, int wdl, const std::function<bool()>& search) {
  if (wdl == 0) return {0, "draw"};
  bool any = false, zeroing = false;
  legal_moves(b, [&](const Move& m, const Board& after) {
    any = true;
    if (wdl > 0 && (m.converts() || m.piece == kPawn)) {
      const bool double_push = m.piece == kPawn && (m.to > m.from ? m.to - m.from : m.from - m.to) == 16;
      const unsigned ep = double_push ? (m.from + m.to) / 2u : 0u;
      const int child = Material::of(after).kings_only() ? 0 : fathom_wdl(bits_of(after), ep);
      zeroing |= -child == wdl;
    }
  });
  if (!any) return in_check(b, b.stm) ? FathomAnswer{-1, "mate"} : FathomAnswer{0, "draw"};
  if (zeroing) return {wdl == 2 ? 1 : 101, "zeroing"};
  const FathomPos pos{p.white,   p.black, p.kings, p.queens, p.rooks,        p.bishops,
                      p.knights, p.pawns, 0,       0,        p.white_to_move};
  int success = 1;
  const int entry = probe_table(&pos, wdl, &success, 2 /* DTZ */);
  if (success == 0) return {9999, "fail"};
  if (success > 0) return {stored_dtz(wdl, entry), "stored"};
  if (!search()) return {0, "search", false};
  return {fathom_dtz(p), "search"};
}

// The value rtb_chess_probe gives, 0xFFFF's value on failure.
Value derived_value(const rtb_chess* tb, const Bits& p) {
  rtb_value v{};
  if (rtb_chess_probe(tb, p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights, p.pawns,
                      p.white_to_move ? RTB_CHESS_WHITE : RTB_CHESS_BLACK, RTB_CHESS_NO_EP, &v) != RTB_OK)
    return Value::from_code(0xFFFF);
  return v.wdl == RTB_WIN ? Value::win(v.depth) : v.wdl == RTB_LOSS ? Value::loss(v.depth) : Value::draw();
}

struct Options {
  std::uint64_t every = 1, search_every = 1, part = 0, parts = 1;
};

// Reads the leading --every=N, --search-every=N and --part=K/N flags.
bool read_options(int& argc, char**& argv, Options& o) {
  for (; argc > 1 && std::string(argv[1]).starts_with("--"); ++argv, --argc) {
    const std::string a = argv[1];
    const auto number = [&](std::size_t from) {
      return std::max<std::uint64_t>(1, std::stoull(a.substr(from)));
    };
    if (a.starts_with("--every="))
      o.every = number(8);
    else if (a.starts_with("--search-every="))
      o.search_every = number(15);
    else if (a.starts_with("--part=") && a.find('/') != std::string::npos) {
      o.part = std::stoull(a.substr(7));
      o.parts = number(a.find('/') + 1);
      if (o.part >= o.parts) return false;
    } else
      return false;
  }
  return true;
}

struct Counts {
  std::uint64_t legal = 0, positions = 0, differ = 0, rounded = 0, searched = 0, search_skipped = 0,
                cross_checked = 0;
};

// Compares one table's positions in this part's index range; prints the
// first differences and returns the counts.
Counts compare_table(const rtb_chess* tb, const std::string& dir, const char* material, const Options& o) {
  Params params;
  params.set("material", material);
  params.set("metric", "dtz");
  const Chess game(params);
  std::vector<std::uint16_t> values;
  const storage::TableReader reader(dir + "/" + game.table_name() + ".rtb");
  if (reader.has_values()) values = reader.read_all();
  Counts c;
  std::uint64_t search_seen = 0;
  const Index begin = game.size() * o.part / o.parts, end = game.size() * (o.part + 1) / o.parts;
  for (Index i = begin; i < end; ++i) {
    if (!game.legal(i) || c.legal++ % o.every != 0) continue;
    ++c.positions;
    Board b;
    game.layout().decode(i, b);
    const Bits p = bits_of(b);
    const Value v = derived_value(tb, p);
    const int wdl = fathom_wdl(p);
    const FathomAnswer f = fathom_answer(b, p, wdl, [&] { return search_seen++ % o.search_every == 0; });
    c.searched += f.how == "search" && f.known;
    c.search_skipped += !f.known;
    // Fathom's own root probe answers every 1,000th position the fast way
    // was read, so that reading the stored side directly is known to be
    // what Fathom reports.
    if (f.known && f.how != "search" && c.positions % 1000 == 0) {
      ++c.cross_checked;
      if (fathom_dtz(p) != f.dtz) {
        std::cout << "  " << game.text(i) << ": Fathom's root probe says " << fathom_dtz(p)
                  << ", its table read " << f.dtz << " (" << f.how << ")\n";
        ++c.differ;
      }
    }
    const std::vector<int> allowed = syzygy::fathom_dtz(v, f.how);
    const bool same = static_cast<int>(wdl50(v)) == wdl &&
                      (!f.known || std::find(allowed.begin(), allowed.end(), f.dtz) != allowed.end()) &&
                      (values.empty() || Value::from_code(values[i]) == v);
    c.rounded += same && f.known && f.dtz != signed_dtz(v);
    if (!same && ++c.differ <= 10)
      std::cout << "  " << game.text(i) << ": ours " << wdl50_name(wdl50(v)) << " " << signed_dtz(v)
                << (values.empty() ? "" : " (stored " + to_string(Value::from_code(values[i])) + ")")
                << ", Syzygy " << wdl << " " << f.dtz << " (" << f.how << ")\n";
  }
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!read_options(argc, argv, options) || argc < 4) {
    std::cerr << "usage: syzygy_compare [--every=N] [--search-every=N] [--part=K/N] RTB_DIR SYZYGY_DIR "
                 "MATERIAL...\n";
    return 2;
  }
  if (!tb_init(argv[2]) || TB_LARGEST == 0) {
    std::cerr << "syzygy_compare: no Syzygy tables in " << argv[2] << "\n";
    return 2;
  }
  rtb_chess* tb = rtb_chess_open(argv[1], "dtz", 0);
  if (!tb) {
    std::cerr << "syzygy_compare: " << rtb_chess_last_error() << "\n";
    return 2;
  }
  int failed_tables = 0;
  for (int a = 3; a < argc; ++a) {
    Counts c;
    try {
      c = compare_table(tb, argv[1], argv[a], options);
    } catch (const std::exception& e) {
      std::cerr << "syzygy_compare: " << e.what() << "\n";
      return 2;
    }
    std::cout << argv[a] << " (part " << options.part << "/" << options.parts << "): " << c.positions
              << " of " << c.legal << " positions, " << c.differ << " differ, " << c.rounded
              << " rounded by Syzygy's files; DTZ by Fathom's search " << c.searched << ", not searched "
              << c.search_skipped << "; " << c.cross_checked << " table reads cross-checked" << std::endl;
    failed_tables += c.differ != 0;
  }
  rtb_chess_close(tb);
  return failed_tables ? 1 : 0;
}
