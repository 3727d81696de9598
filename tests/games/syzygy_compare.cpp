// Every position of rtb's metric=dtz tables against Syzygy's files, probed
// with Debian's libfathom:
//   syzygy_compare [--threads=N] RTB_DIR SYZYGY_DIR MATERIAL...
// reads RTB_DIR/MATERIAL-dtz.rtb (tbgen --param metric=dtz) and, for every
// legal position, compares the WDL class with tb_probe_wdl and the exact DTZ
// with Fathom's, allowing the default files' rounding
// (tests/support/syzygy_rounding.h). Fathom's DTZ is found as its probe_dtz finds
// it, in two passes over the table: first a zeroing best move or a mate
// from the WDL files, or the side a .rtbz keeps read by libfathom's
// probe_table; then the other side by Fathom's one-ply search over those
// answers (its root probe, tb_probe_root, would cost about 60 us a
// position: it probes every child afresh). Every 1,000th answer is checked
// against tb_probe_root itself. tb_probe_root and the DTZ files are used
// under a lock (Fathom does not promise they are thread-safe); its WDL
// probe is.
// The value compared is the one rtb_chess_probe derives from the table's
// class and depth streams (what an engine reads) and, where the table keeps
// its values (it is not compact), the stored one too.
// Prints one line per table and exits non-zero on any difference.
#include <tbprobe.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <functional>
#include <iostream>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "games/chess/chess.h"
#include "probe/rtb_chess.h"
#include "storage/table_reader.h"
#include "tests/support/syzygy_rounding.h"

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

constexpr int kFailed = 9999, kUnknown = 0x7FFF;

// The square a double pawn push just passed (0: none), where the opponent
// may capture en passant.
unsigned ep_after(const Move& m) {
  const bool double_push = m.piece == kPawn && (m.to > m.from ? m.to - m.from : m.from - m.to) == 16;
  return double_push ? (m.from + m.to) / 2u : 0u;
}

// How Fathom finds a position's DTZ: a draw, a mated side (-1), a best
// move that zeroes (1 or 101), a read of the side the .rtbz keeps, or, on
// the other side, one ply of search over the stored side (searched_dtz).
enum class How : std::uint8_t { kDraw, kMate, kZeroing, kStored, kSearch, kFail };
// Their names in tests/support/syzygy_rounding.h.
constexpr std::array<std::string_view, 6> kHowNames = {"draw", "mate", "zeroing", "stored", "search", "fail"};

// What Fathom says of a position; dtz is not yet known for kSearch.
struct FathomAnswer {
  int dtz = 0;
  How how = How::kDraw;
};

// Fathom's probe_dtz reads 1 + the stored entry, plus 100 for a cursed win
// or a blessed loss, negated for a loss, after tb_probe_wdl's class.
int stored_dtz(int wdl, int entry) {
  const int d = 1 + entry + (wdl % 2 != 0 ? 100 : 0);
  return wdl > 0 ? d : -d;
}

FathomAnswer fathom_answer(const Board& b, const Bits& p, int wdl, std::mutex& dtz_files) {
  if (wdl == 99) return {kFailed, How::kFail};
  if (wdl == 0) return {0, How::kDraw};
  bool any = false, zeroing = false;
  legal_moves(b, [&](const Move& m, const Board& after) {
    any = true;
    if (wdl > 0 && (m.converts() || m.piece == kPawn))
      zeroing |= -fathom_wdl(bits_of(after), ep_after(m)) == wdl;
  });
  if (!any) return in_check(b, b.stm) ? FathomAnswer{-1, How::kMate} : FathomAnswer{0, How::kDraw};
  if (zeroing) return {wdl == 2 ? 1 : 101, How::kZeroing};
  const FathomPos pos{p.white,   p.black, p.kings, p.queens, p.rooks,        p.bishops,
                      p.knights, p.pawns, 0,       0,        p.white_to_move};
  int success = 1, entry = 0;
  {
    const std::lock_guard lock(dtz_files);
    entry = probe_table(&pos, wdl, &success, 2 /* DTZ */);
  }
  if (success == 0) return {kFailed, How::kFail};
  if (success > 0) return {stored_dtz(wdl, entry), How::kStored};
  return {0, How::kSearch};
}

// Fathom's one-ply search (its probe_dtz) for a position of the side a
// .rtbz does not keep, over the answers (and how they were found) for the
// other side, by index. A winner looks only at moves that do not zero, a
// mate counting 1; a loser at all, a zeroing one counting -1 (or -101
// where the 50-move rule saves it).
int searched_dtz(const Chess& game, const Board& b, int wdl, std::span<const std::int16_t> answers,
                 std::span<const How> how) {
  int best = wdl > 0 ? kFailed : -1;
  bool failed = false;
  legal_moves(b, [&](const Move& m, const Board& after) {
    const bool zeroes = m.converts() || m.piece == kPawn;
    if (wdl > 0 && zeroes) return;
    if (zeroes) {
      const int v = wdl == -2 ? -1 : fathom_wdl(bits_of(after), ep_after(m)) == 2 ? 0 : -101;
      best = std::min(best, v);
      return;
    }
    const Index child = game.layout().index(after);
    failed |= answers[child] == kFailed || answers[child] == kUnknown;
    if (wdl < 0) {
      best = std::min(best, -answers[child] - 1);
    } else if (how[child] == How::kMate) {
      best = 1;
    } else if (const int v = -answers[child]; v > 0) {
      best = std::min(best, v + 1);
    }
  });
  return failed ? kFailed : best;
}

// The value rtb_chess_probe gives, 0xFFFF's value on failure.
Value derived_value(const rtb_chess* tb, const Bits& p) {
  rtb_value v{};
  if (rtb_chess_probe(tb, p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights, p.pawns,
                      p.white_to_move ? RTB_CHESS_WHITE : RTB_CHESS_BLACK, RTB_CHESS_NO_EP, &v) != RTB_OK)
    return Value::from_code(0xFFFF);
  return v.wdl == RTB_WIN ? Value::win(v.depth) : v.wdl == RTB_LOSS ? Value::loss(v.depth) : Value::draw();
}

struct Counts {
  std::uint64_t positions = 0, differ = 0, rounded = 0, searched = 0, cross_checked = 0;
  void add(const Counts& o) {
    positions += o.positions, differ += o.differ, rounded += o.rounded, searched += o.searched;
    cross_checked += o.cross_checked;
  }
};

// Runs work(lo, hi) on chunks of [0, n) from `threads` threads.
void parallel(Index n, unsigned threads, const std::function<void(Index, Index)>& work) {
  constexpr Index kChunk = Index{1} << 16;
  std::atomic<Index> next{0};
  std::vector<std::jthread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      for (Index lo; (lo = next.fetch_add(kChunk)) < n;) work(lo, std::min(n, lo + kChunk));
    });
}

class TableComparison {
 public:
  TableComparison(const rtb_chess* tb, const std::string& dir, const char* material)
      : tb_(tb), game_(params_of(material)) {
    const storage::TableReader reader(dir + "/" + game_.table_name() + ".rtb");
    if (reader.has_values()) values_ = reader.read_all();
  }

  // Pass 1: Fathom's answer for every position the fast way, the side a
  // .rtbz does not keep marked kUnknown. Pass 2: that side searched over
  // the answers of pass 1, and every position compared with rtb's value.
  Counts run(unsigned threads) {
    warm_up(game_);
    answers_.assign(game_.size(), kUnknown);
    wdl_.assign(game_.size(), 0);
    how_.assign(game_.size(), How::kDraw);
    parallel(game_.size(), threads, [&](Index lo, Index hi) { read_answers(lo, hi); });
    std::mutex merge;
    Counts total;
    parallel(game_.size(), threads, [&](Index lo, Index hi) {
      const Counts c = compare(lo, hi);
      const std::lock_guard lock(merge);
      total.add(c);
    });
    return total;
  }

 private:
  static Params params_of(const char* material) {
    Params params;
    params.set("material", material);
    params.set("metric", "dtz");
    return params;
  }

  // Fathom opens a file on its first probe; one run crashed as two threads
  // started on a table with pawns, so each file this table's probes can
  // reach (the table's and those it reads, recursively) is opened here,
  // from one thread, by probing one position of each.
  void warm_up(const Chess& game) {
    for (Index i = 0; i < game.size(); ++i) {
      Board b;
      if (!game.legal(i) || !game.layout().decode(i, b)) continue;
      const Bits p = bits_of(b);
      const int wdl = fathom_wdl(p);
      if (wdl != 0 && wdl != 99) fathom_answer(b, p, wdl, dtz_files_);
      break;
    }
    for (const Dependency& d : game.dependencies()) warm_up(Chess(d.params));
  }

  void read_answers(Index lo, Index hi) {
    for (Index i = lo; i < hi; ++i) {
      Board b;
      if (!game_.legal(i) || !game_.layout().decode(i, b)) continue;
      const Bits p = bits_of(b);
      const int wdl = fathom_wdl(p);
      const FathomAnswer f = fathom_answer(b, p, wdl, dtz_files_);
      wdl_[i] = static_cast<std::uint8_t>(wdl + 2);
      how_[i] = f.how;
      if (f.how != How::kSearch) answers_[i] = static_cast<std::int16_t>(f.dtz);
    }
  }

  Counts compare(Index lo, Index hi) {
    Counts c;
    for (Index i = lo; i < hi; ++i) {
      Board b;
      if (!game_.legal(i) || !game_.layout().decode(i, b)) continue;
      ++c.positions;
      const Bits p = bits_of(b);
      const int wdl = wdl_[i] - 2;
      const bool search = answers_[i] == kUnknown;
      const int dtz = search ? searched_dtz(game_, b, wdl, answers_, how_) : answers_[i];
      c.searched += search;
      // Every 1,000th answer is checked against Fathom's own root probe,
      // so that reading the table and searching here are known to give
      // what Fathom reports.
      if (c.positions % 1000 == 0) {
        ++c.cross_checked;
        int root = 0;
        {
          const std::lock_guard lock(dtz_files_);
          root = fathom_dtz(p);
        }
        if (root != dtz)
          report(c, i,
                 "Fathom's root probe says " + std::to_string(root) + ", read here " + std::to_string(dtz) +
                     (search ? " (searched)" : ""));
      }
      const Value v = derived_value(tb_, p);
      const std::string how(kHowNames.at(static_cast<std::size_t>(how_[i])));
      const std::vector<int> allowed = syzygy::fathom_dtz(v, how);
      const bool same = static_cast<int>(wdl50(v)) == wdl &&
                        std::ranges::find(allowed, dtz) != allowed.end() &&
                        (values_.empty() || Value::from_code(values_[i]) == v);
      c.rounded += same && dtz != signed_dtz(v);
      if (!same)
        report(c, i,
               std::string("ours ") + wdl50_name(wdl50(v)) + " " + std::to_string(signed_dtz(v)) +
                   (values_.empty() ? "" : " (stored " + to_string(Value::from_code(values_[i])) + ")") +
                   ", Syzygy " + std::to_string(wdl) + " " + std::to_string(dtz) + " (" + how + ")");
    }
    return c;
  }

  void report(Counts& c, Index i, const std::string& what) {
    if (++c.differ > 10) return;
    const std::lock_guard lock(print_);
    std::cout << "  " << game_.text(i) << ": " << what << "\n";
  }

  const rtb_chess* tb_;
  const Chess game_;
  std::vector<std::uint16_t> values_;
  std::vector<std::int16_t> answers_;
  std::vector<std::uint8_t> wdl_;  // Fathom's class + 2
  std::vector<How> how_;
  std::mutex dtz_files_, print_;
};

}  // namespace

int main(int argc, char** argv) {
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  if (argc > 1 && std::string(argv[1]).starts_with("--threads=")) {
    threads = std::max(1, std::stoi(std::string(argv[1]).substr(10)));
    ++argv, --argc;
  }
  if (argc < 4) {
    std::cerr << "usage: syzygy_compare [--threads=N] RTB_DIR SYZYGY_DIR MATERIAL...\n";
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
      c = TableComparison(tb, argv[1], argv[a]).run(threads);
    } catch (const std::exception& e) {
      std::cerr << "syzygy_compare: " << e.what() << "\n";
      return 2;
    }
    std::cout << argv[a] << ": " << c.positions << " positions, " << c.differ << " differ, " << c.rounded
              << " rounded by Syzygy's files, " << c.searched << " searched, " << c.cross_checked
              << " cross-checked with Fathom's root probe" << std::endl;
    failed_tables += c.differ != 0 || c.positions == 0;
  }
  rtb_chess_close(tb);
  return failed_tables ? 1 : 0;
}
