// Every position of rtb's metric=dtz tables against Syzygy's files, probed
// with Debian's libfathom:
//   syzygy_compare [--every=N] RTB_DIR SYZYGY_DIR MATERIAL...
// reads RTB_DIR/MATERIAL-dtz.rtb (tbgen --param metric=dtz) and, for every
// legal position, compares the WDL class with tb_probe_wdl and the exact DTZ
// with Fathom's (tb_probe_root), allowing the default files' rounding
// (tests/syzygy_rounding.h; whether Fathom read the stored side or searched
// comes from libfathom's probe_table, as Fathom's own probe_dtz decides it).
// The value compared is the one rtb_chess_probe derives from the table's
// class and depth streams (what an engine reads) and, where the table keeps
// its values (it is not compact), the stored one too.
// Prints one line per table and exits non-zero on any difference. Fathom
// costs about 60 us a position here (a root probe searches one ply), so
// --every=N checks every N-th legal position only (default: all).
#include <tbprobe.h>

#include <algorithm>
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

int fathom_wdl(const Bits& p) {
  const unsigned r = tb_probe_wdl(p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights, p.pawns,
                                  0, 0, 0, p.white_to_move);
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

std::string how(const Board& b, const Bits& p, int wdl, const Chess& game) {
  if (wdl == 0) return "draw";
  bool any = false, zeroing = false;
  legal_moves(b, [&](const Move& m, const Board& after) {
    any = true;
    if (wdl > 0 && (m.converts() || m.piece == kPawn)) {
      int child = 0;
      if (Material::of(after).kings_only())
        child = 0;
      else
        child = fathom_wdl(bits_of(after));
      zeroing |= -child == wdl;
    }
  });
  (void)game;
  if (!any) return in_check(b, b.stm) ? "mate" : "draw";
  if (zeroing) return "zeroing";
  const FathomPos pos{p.white,   p.black, p.kings, p.queens, p.rooks,        p.bishops,
                      p.knights, p.pawns, 0,       0,        p.white_to_move};
  int success = 1;
  probe_table(&pos, wdl, &success, 2 /* DTZ */);
  return success < 0 ? "search" : success == 0 ? "fail" : "stored";
}

// The value rtb_chess_probe gives, 0xFFFF's value on failure.
Value derived_value(const rtb_chess* tb, const Bits& p) {
  rtb_value v{};
  if (rtb_chess_probe(tb, p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights, p.pawns,
                      p.white_to_move ? RTB_CHESS_WHITE : RTB_CHESS_BLACK, RTB_CHESS_NO_EP, &v) != RTB_OK)
    return Value::from_code(0xFFFF);
  return v.wdl == RTB_WIN ? Value::win(v.depth) : v.wdl == RTB_LOSS ? Value::loss(v.depth) : Value::draw();
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t every = 1;
  if (argc > 1 && std::string(argv[1]).starts_with("--every=")) {
    every = std::max<std::uint64_t>(1, std::stoull(std::string(argv[1]).substr(8)));
    ++argv, --argc;
  }
  if (argc < 4) {
    std::cerr << "usage: syzygy_compare [--every=N] RTB_DIR SYZYGY_DIR MATERIAL...\n";
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
    Params params;
    params.set("material", argv[a]);
    params.set("metric", "dtz");
    const Chess game(params);
    const std::string file = std::string(argv[1]) + "/" + game.table_name() + ".rtb";
    std::vector<std::uint16_t> values;
    try {
      const storage::TableReader reader(file);
      if (reader.has_values()) values = reader.read_all();
    } catch (const std::exception& e) {
      std::cerr << "syzygy_compare: " << e.what() << "\n";
      return 2;
    }
    std::uint64_t positions = 0, differ = 0, rounded = 0, legal = 0;
    for (Index i = 0; i < game.size(); ++i) {
      if (!game.legal(i) || legal++ % every != 0) continue;
      ++positions;
      Board b;
      game.layout().decode(i, b);
      const Bits p = bits_of(b);
      const Value v = derived_value(tb, p);
      const int wdl = fathom_wdl(p), dtz = fathom_dtz(p);
      const std::string h = how(b, p, wdl, game);
      const std::vector<int> allowed = syzygy::fathom_dtz(v, h);
      const bool same = static_cast<int>(wdl50(v)) == wdl &&
                        std::find(allowed.begin(), allowed.end(), dtz) != allowed.end() &&
                        (values.empty() || Value::from_code(values[i]) == v);
      rounded += same && dtz != signed_dtz(v);
      if (!same && ++differ <= 10)
        std::cout << "  " << game.text(i) << ": ours " << wdl50_name(wdl50(v)) << " " << signed_dtz(v)
                  << (values.empty() ? "" : " (stored " + to_string(Value::from_code(values[i])) + ")")
                  << ", Syzygy " << wdl << " " << dtz << " (" << h << ")\n";
    }
    std::cout << game.table_name() << ": " << positions << " of " << legal << " positions, " << differ
              << " differ, " << rounded << " rounded by Syzygy's files" << std::endl;
    failed_tables += differ != 0;
  }
  rtb_chess_close(tb);
  return failed_tables ? 1 : 0;
}
