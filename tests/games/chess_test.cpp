// Chess: the board symmetries, material names, the move generator against a
// plain one, moves/unmoves consistency, and published tablebase figures.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "games/chess/notation.h"
#include "gen/depth/build.h"
#include "gen/instances/instances.h"
#include "probe/chess_handle.h"  // rtb_chess::kMissingRecheck
#include "probe/rtb_chess.h"
#include "tests/support/chess_support.h"

namespace rtb {
namespace {

using namespace chess;
using chess_support::make_chess;

TEST(ChessBoard, BitboardSymmetriesMatchSquareSymmetries) {
  for (int sym = 0; sym < 8; ++sym)
    for (Square s = 0; s < 64; ++s) {
      ASSERT_EQ(transform(bit(s), sym), bit(transform(s, sym))) << sym << " " << s;
      ASSERT_EQ(transform(transform(s, sym), inverse(sym)), s) << sym << " " << s;
    }
}

TEST(ChessMaterial, NamesAndSets) {
  EXPECT_EQ(Material::parse("KRvKQ").canonical().name(), "KQvKR");
  EXPECT_EQ(Material::parse("KvKBN").canonical().name(), "KBNvK");
  EXPECT_EQ(Material::parse("KRvKBN").canonical().name(), "KBNvKR");
  EXPECT_EQ(Material::all_up_to(3).size(), 5u);
  EXPECT_EQ(Material::all_up_to(4).size(), 35u);
  EXPECT_EQ(Material::all_up_to(5).size(), 145u);  // as in Syzygy
  EXPECT_THROW(Material::parse("KQK"), GameError);
  std::vector<std::string> deps;
  for (const Material& m : Material::parse("KPvKP").successors()) deps.push_back(m.name());
  EXPECT_EQ(deps, (std::vector<std::string>{"KPvK", "KQvKP", "KRvKP", "KBvKP", "KNvKP"}));
}

// Every legal index of small tables, and a sample of larger ones.
std::vector<Index> indices(const Chess& game, std::size_t sample) {
  std::vector<Index> out;
  if (sample == 0) {
    for (Index i = 0; i < game.size(); ++i)
      if (game.legal(i)) out.push_back(i);
    return out;
  }
  std::mt19937_64 rng(7);
  while (out.size() < sample) {
    const Index i = rng() % game.size();
    if (game.legal(i)) out.push_back(i);
  }
  return out;
}

TEST(ChessMoves, EqualThePlainGenerator) {
  const std::pair<const char*, std::size_t> tables[] = {{"KQvK", 0},      {"KPvK", 0},      {"KRvKP", 20000},
                                                        {"KPvKP", 20000}, {"KBNvK", 20000}, {"KQPvK", 20000},
                                                        {"KQvKR", 20000}, {"KRvKB", 20000}};
  for (const auto& [material, sample] : tables) {
    const Chess game = make_chess(material);
    std::uint64_t moves = 0;
    for (Index i : indices(game, sample)) {
      ASSERT_EQ(chess_support::compare_with_naive(game, i), "") << material;
      game.moves(i, [&](Successor) { ++moves; });
    }
    EXPECT_GT(moves, 0u) << material;
  }
}

TEST(ChessMoves, IndexArithmeticEqualsBoardBuiltMoves) {
  for (const char* material : {"KQvK", "KBvK", "KPvK"}) {
    const Chess game = make_chess(material);
    for (Index i : indices(game, 0)) ASSERT_EQ(chess_support::compare_with_boards(game, i), "") << material;
  }
  for (const char* material : {"KRRvK", "KBBvK", "KPPvK", "KPvKP", "KQvKR", "KQRvKR", "KRRvKR", "KPPvKP"}) {
    const Chess game = make_chess(material);
    for (Index i : indices(game, 20000))
      ASSERT_EQ(chess_support::compare_with_boards(game, i), "") << material;
  }
}

// count_moves() (the first pass) counts the moves that stay in the table
// and passes on the captures and promotions in legal_moves() order.
TEST(ChessMoves, CountedMovesEqualMadeMoves) {
  for (const char* material : {"KQvK", "KPvK", "KQvKR", "KPvKP", "KBNvK", "KRPvKR", "KPPvKP", "KQBvKR"}) {
    const Chess game = make_chess(material);
    std::mt19937_64 rng(11);
    const bool all = game.size() < 1'000'000;
    for (Index n = 0; n < (all ? game.size() : 40000); ++n) {
      const Index i = all ? n : rng() % game.size();
      std::vector<std::pair<int, int>> counted, made;  // captures and promotions: (from * 64 + to, promotion)
      Board b;
      const bool legal = game.layout().decode_legal(i, b);
      ASSERT_EQ(legal, game.legal(i)) << material << " " << i;
      if (!legal) continue;
      const std::uint32_t quiet = count_quiet_moves(
          b, [&](const Move& m, const Board&) { counted.emplace_back(m.from * 64 + m.to, m.promotion); });
      std::uint32_t want = 0;
      legal_moves(b, [&](const Move& m, const Board&) {
        if (m.converts())
          made.emplace_back(m.from * 64 + m.to, m.promotion);
        else
          ++want;
      });
      ASSERT_EQ(quiet, want) << material << " " << to_fen(b);
      ASSERT_EQ(counted, made) << material << " " << to_fen(b);
    }
  }
}

TEST(ChessMoves, UnmovesMatchMovesOnEveryThreePieceTable) {
  for (const char* material : {"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"}) {
    const Chess game = make_chess(material);
    for (Index i : indices(game, 0)) ASSERT_EQ(chess_support::check_consistency_at(game, i), "") << material;
  }
}

// Whole 4-piece tables: `bench_chess consistency all4` (minutes).
TEST(ChessMoves, UnmovesMatchMovesOnFourAndFivePieceSamples) {
  for (const char* material : {"KRRvK", "KBBvK", "KPPvK", "KPvKP", "KQvKR", "KNvKP", "KRBvK"}) {
    const Chess game = make_chess(material);
    for (Index i : indices(game, 3000))
      ASSERT_EQ(chess_support::check_consistency_at(game, i), "") << material;
  }
  for (const char* material : {"KQRvKR", "KRPvKP", "KPPvKP", "KBBvKN"}) {
    const Chess game = make_chess(material);
    for (Index i : indices(game, 500))
      ASSERT_EQ(chess_support::check_consistency_at(game, i), "") << material;
  }
}

// One solver for the whole suite, so each table is generated once.
chess_support::Solver& shared_solver() {
  static chess_support::Solver solver;
  return solver;
}

// The longest win, in plies, with the winning side (white) to move.
std::uint32_t longest_white_win(const Chess& game, const chess_support::Solved& t) {
  std::uint32_t longest = 0;
  for (Index i = 0; i < game.size() / 2; ++i)
    if (game.legal(i) && t.at(i).is_win()) longest = std::max(longest, t.at(i).depth());
  return longest;
}

// Mate in n moves with the winner to move is 2n - 1 plies.
TEST(ChessTables, PublishedLongestMatesOfThreePieces) {
  chess_support::Solver& solver = shared_solver();
  EXPECT_EQ(longest_white_win(make_chess("KQvK"), solver.solve("KQvK")), 2 * 10 - 1u);
  EXPECT_EQ(longest_white_win(make_chess("KRvK"), solver.solve("KRvK")), 2 * 16 - 1u);
  EXPECT_EQ(longest_white_win(make_chess("KPvK"), solver.solve("KPvK")), 2 * 28 - 1u);
  EXPECT_EQ(solver.solve("KBvK").stats.wins + solver.solve("KNvK").stats.wins, 0u);
}

TEST(ChessTables, PublishedLongestMatesOfFourPieces) {
  chess_support::Solver& solver = shared_solver();
  EXPECT_EQ(longest_white_win(make_chess("KBBvK"), solver.solve("KBBvK")), 2 * 19 - 1u);
  EXPECT_EQ(longest_white_win(make_chess("KBNvK"), solver.solve("KBNvK")), 2 * 33 - 1u);
  EXPECT_EQ(longest_white_win(make_chess("KQvKR"), solver.solve("KQvKR")), 2 * 35 - 1u);
}

// Over the full board (each canonical index weighted by its class).
TEST(ChessTables, KQvKBlackToMoveHas23048Draws) {
  chess_support::Solver& solver = shared_solver();
  const Chess game = make_chess("KQvK");
  const auto& t = solver.solve("KQvK");
  std::uint64_t draws = 0;
  for (Index i = game.size() / 2; i < game.size(); ++i)
    if (game.legal(i) && t.at(i).is_draw()) draws += game.class_size(i);
  EXPECT_EQ(draws, 23048u);
}

TEST(ChessText, ColoursSwapAndEnPassant) {
  const Chess kqk = make_chess("KQvK");
  // The same position with colours swapped (and, without pawns, not flipped).
  EXPECT_EQ(kqk.parse("8/8/8/8/8/2k5/8/KQ6 b - - 0 1"), kqk.parse("8/8/8/8/8/2K5/8/kq6 w - - 0 1"));
  EXPECT_EQ(Chess::params_for("8/8/8/8/8/2K5/8/kq6 w - - 0 1").get("material", ""), "KQvK");
  EXPECT_THROW(kqk.parse("8/8/8/8/8/2K5/8/kr6 w - - 0 1"), GameError);   // other material
  EXPECT_THROW(kqk.parse("8/8/8/8/8/8/1k6/KQ6 w - - 0 1"), GameError);   // side not to move in check
  EXPECT_THROW(kqk.parse("8/8/8/8/8/2k5/8/KQ6 w KQ - 0 1"), GameError);  // castling
  const Chess kpkp = make_chess("KPvKP");
  // Black just played d7-d5: e5xd6 is possible, so no index holds this.
  const char* ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
  EXPECT_THROW(kpkp.parse(ep), GameError);
  EXPECT_NO_THROW(kpkp.parse("4k3/8/8/3p3P/8/8/8/4K3 w - d6 0 1"));  // no pawn can take: the square is moot
  bool found = false;
  for (const auto& m : Chess::fen_moves(ep)) found |= m.name == "exd6 e5d6" && m.converts;
  EXPECT_TRUE(found);
}

// move_names(i) names the moves of the stored position; text_moves those
// of the FEN as typed. Both give SAN and UCI.
TEST(ChessText, SanAndUci) {
  auto names_of = [](const char* fen) {
    std::vector<std::string> out;
    for (const auto& m : Chess::fen_moves(fen)) out.push_back(m.name);
    return out;
  };
  auto has = [](const std::vector<std::string>& names, const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
  };
  const auto rooks = names_of("6k1/8/8/8/8/8/4K3/R6R w - - 0 1");
  EXPECT_TRUE(has(rooks, "Rad1 a1d1"));
  EXPECT_TRUE(has(rooks, "Rhd1 h1d1"));
  EXPECT_TRUE(has(rooks, "Ra8+ a1a8"));
  EXPECT_TRUE(has(rooks, "Rh8+ h1h8"));
  EXPECT_EQ(rooks.size(), 8u + 2 * 13);
  const auto promo = names_of("k7/4P3/1K6/8/8/8/8/8 w - - 0 1");
  EXPECT_TRUE(has(promo, "e8=Q# e7e8q"));
  EXPECT_TRUE(has(promo, "e8=N e7e8n"));
  // The stored position of a canonical FEN is the FEN itself.
  const Chess krrk = make_chess("KRRvK");
  const char* canonical = "8/8/8/8/8/5k2/8/R1K4R w - - 0 1";
  const Index i = krrk.parse(canonical);
  EXPECT_EQ(krrk.text(i), canonical);
  EXPECT_EQ(krrk.move_names(i), names_of(canonical));
}

// DTC keeps the outcome and never exceeds DTM; without conversions for the
// winner (KRvK) it is DTM.
TEST(ChessTables, DepthToConversion) {
  chess_support::Solver& solver = shared_solver();
  for (const char* material : {"KRvK", "KPvK", "KQvKR"}) {
    const auto& dtm = solver.solve(material, "dtm");
    const auto& dtc = solver.solve(material, "dtc");
    const Chess game = make_chess(material);
    for (Index i = 0; i < game.size(); ++i) {
      if (!game.legal(i)) continue;
      ASSERT_EQ(dtm.at(i).outcome(), dtc.at(i).outcome()) << material << " " << game.text(i);
      ASSERT_LE(dtc.at(i).depth(), dtm.at(i).depth()) << material << " " << game.text(i);
      if (std::string(material) == "KRvK") {
        ASSERT_EQ(dtm.at(i), dtc.at(i)) << game.text(i);
      }
    }
  }
}

// The engine-shaped C probe against the tables in memory, for positions
// given in both colour orientations and with an en-passant capture. KPvKP
// is generated without its dependencies (its promotions read as draws):
// enough to check that the probe reads what the tables say, in seconds.
TEST(ChessProbe, BitboardProbeAgreesWithTables) {
  const auto dir = std::filesystem::temp_directory_path() / "rtb_chess_probe_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  chess_support::Solver& solver = shared_solver();
  solver.solve("KPvK");
  std::map<std::string, const chess_support::Solved*> tables = solver.done();
  chess_support::Solved kpkp;
  {
    const Chess game = make_chess("KPvKP");
    GenResult r = generate(game, GenOptions{});
    kpkp.values.assign(r.values.get(), r.values.get() + r.size);
    kpkp.stats = r.stats;
    tables["KPvKP"] = &kpkp;
  }
  for (const auto& [name, t] : tables) {
    const Chess game = make_chess(name);
    storage::write_table(table_path(dir, game.table_name()), table_meta(game, t->stats), t->values, {});
  }
  rtb_chess* tb = rtb_chess_open(dir.c_str(), "dtm", 0);
  ASSERT_NE(tb, nullptr) << rtb_chess_last_error();
  EXPECT_EQ(rtb_chess_max_pieces(tb), 4);
  auto probe = [&](const Board& b, int ep, rtb_value& v) {
    const Bitboard k = b.pieces[0][kKing] | b.pieces[1][kKing], q = b.pieces[0][kQueen] | b.pieces[1][kQueen],
                   r = b.pieces[0][kRook] | b.pieces[1][kRook],
                   bi = b.pieces[0][kBishop] | b.pieces[1][kBishop],
                   n = b.pieces[0][kKnight] | b.pieces[1][kKnight],
                   p = b.pieces[0][kPawn] | b.pieces[1][kPawn];
    return rtb_chess_probe(tb, b.color[0], b.color[1], k, q, r, bi, n, p, b.stm, ep, &v);
  };
  auto wdl = [](Value v) { return v.is_win() ? RTB_WIN : v.is_loss() ? RTB_LOSS : RTB_DRAW; };
  for (const auto& [material, t] : tables) {
    const Chess game = make_chess(material);
    for (Index i : indices(game, std::min<std::size_t>(2000, t->stats.legal))) {
      Board b;
      game.layout().decode(i, b);
      for (const Board& shown : {b, swap_colors(b, true), transform(b, 1)}) {
        rtb_value v;
        ASSERT_EQ(probe(shown, RTB_CHESS_NO_EP, v), 0) << rtb_chess_last_error();
        ASSERT_EQ(v.depth, t->at(i).depth()) << game.text(i);
        ASSERT_EQ(v.wdl, wdl(t->at(i))) << game.text(i);
      }
    }
  }
  // White may take e5xd6 en passant: the value is the best over every move,
  // that capture included, each valued from the tables.
  const char* fen = "8/8/8/k2pP3/8/8/8/K7 w - d6 0 1";
  std::uint32_t best_loss = UINT32_MAX, worst_win = 0;
  bool all_wins = true;
  for (const auto& m : Chess::fen_moves(fen)) {
    const std::string material = Chess::params_for(m.after).get("material", "");
    const Value v = tables.at(material)->at(make_chess(material).parse(m.after));
    if (v.is_loss()) best_loss = std::min(best_loss, v.depth());
    if (v.is_win()) worst_win = std::max(worst_win, v.depth());
    all_wins &= v.is_win();
  }
  const Value expected = best_loss != UINT32_MAX ? Value::win(best_loss + 1)
                         : all_wins              ? Value::loss(worst_win + 1)
                                                 : Value::draw();
  rtb_value with;
  ASSERT_EQ(probe(parse_fen(fen).board, make_square(3, 5), with), 0) << rtb_chess_last_error();
  EXPECT_EQ(with.wdl, wdl(expected));
  EXPECT_EQ(with.depth, expected.depth());
  rtb_value from_text;
  ASSERT_EQ(rtb_chess_probe_fen(tb, fen, &from_text), 0) << rtb_chess_last_error();
  EXPECT_EQ(from_text.wdl, with.wdl);
  EXPECT_EQ(from_text.depth, with.depth);
  rtb_value dummy;
  EXPECT_EQ(probe(parse_fen("8/8/8/8/8/8/8/KNN4k w - - 0 1").board, RTB_CHESS_NO_EP, dummy),
            -RTB_ERR_NO_TABLE);  // no such table
  rtb_chess_close(tb);
  std::filesystem::remove_all(dir);
}

// Probes a board through the C API, its pieces split by type as an engine keeps them.
int probe_board(const rtb_chess* tb, const Board& b, int ep, rtb_value& v) {
  auto both = [&](int t) { return b.pieces[0][t] | b.pieces[1][t]; };
  return rtb_chess_probe(tb, b.color[0], b.color[1], both(kKing), both(kQueen), both(kRook), both(kBishop),
                         both(kKnight), both(kPawn), b.stm, ep, &v);
}

// A material whose table is missing fails alike on every probe, from every
// thread (a failed open once left a null entry that the next probe read),
// whether the file system is asked or the handle remembers the table
// missing, and is found once its table has been written to the directory
// and the handle looks again.
TEST(ChessProbe, MissingTableFailsEveryTimeUntilWritten) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("rtb_chess_missing_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  rtb_chess* tb = rtb_chess_open(dir.c_str(), "dtm", 0);
  ASSERT_NE(tb, nullptr) << rtb_chess_last_error();
  const Board kqk = parse_fen("7k/8/8/8/8/8/8/KQ6 w - - 0 1").board;
  rtb_value v;
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(probe_board(tb, kqk, RTB_CHESS_NO_EP, v), -RTB_ERR_NO_TABLE);
    EXPECT_EQ(rtb_last_error_code(), RTB_ERR_NO_TABLE);
    EXPECT_NE(std::string(rtb_chess_last_error()).find("KQvK"), std::string::npos) << rtb_chess_last_error();
  }
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i) {
        rtb_value w;
        if (probe_board(tb, kqk, RTB_CHESS_NO_EP, w) != -RTB_ERR_NO_TABLE ||
            rtb_last_error_code() != RTB_ERR_NO_TABLE || std::string(rtb_chess_last_error()).empty())
          ++wrong;
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);

  const Chess game = make_chess("KQvK");
  const chess_support::Solved& t = shared_solver().solve("KQvK");
  storage::write_table(table_path(dir, game.table_name()), table_meta(game, t.stats), t.values, {});
  std::this_thread::sleep_for(rtb_chess::kMissingRecheck + std::chrono::milliseconds(100));
  ASSERT_EQ(probe_board(tb, kqk, RTB_CHESS_NO_EP, v), 0) << rtb_chess_last_error();
  EXPECT_EQ(rtb_last_error_code(), RTB_OK);
  EXPECT_EQ(v.wdl, RTB_WIN);
  EXPECT_EQ(v.depth, t.at(game.layout().index(kqk)).depth());
  rtb_chess_close(tb);
  std::filesystem::remove_all(dir);
}

// The bitboards of a position as an engine passes them, with no Board in
// between, so that the probe sees positions no Board would be built for.
struct Bits {
  std::uint64_t white = 0, black = 0, by_type[6] = {};
  int stm = RTB_CHESS_WHITE;
  Bits& put(int color, int type, Square s) {
    (color == kWhite ? white : black) |= bit(s);
    by_type[type] |= bit(s);
    return *this;
  }
  int probe(const rtb_chess* tb, rtb_value* out, int ep = RTB_CHESS_NO_EP) const {
    return rtb_chess_probe(tb, white, black, by_type[kKing], by_type[kQueen], by_type[kRook],
                           by_type[kBishop], by_type[kKnight], by_type[kPawn], stm, ep, out);
  }
};

// Whether the calling thread's last failure is `code`, with a message.
::testing::AssertionResult failed_with(int code) {
  if (rtb_last_error_code() == code && *rtb_last_error() != '\0') return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << rtb_error_name(rtb_last_error_code()) << " (\"" << rtb_last_error()
                                       << "\"), not " << rtb_error_name(code);
}

// Every failure of rtb_chess_open and rtb_chess_probe(_fen) that a caller
// can provoke, each with its own code; a failed probe writes nothing.
TEST(ChessProbe, FailuresHaveTheirCodes) {
  const auto dir = std::filesystem::temp_directory_path() / ("rtb_chess_codes_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  for (const char* material : {"KQvK", "KBvK"}) {
    const Chess game = make_chess(material);
    const chess_support::Solved& t = shared_solver().solve(material);
    storage::write_table(table_path(dir, game.table_name()), table_meta(game, t.stats), t.values, {});
  }

  EXPECT_EQ(rtb_chess_open(nullptr, "dtm", 0), nullptr);
  EXPECT_TRUE(failed_with(RTB_ERR_BAD_ARGUMENT));
  EXPECT_EQ(rtb_chess_open(dir.c_str(), "dtz50", 0), nullptr);
  EXPECT_TRUE(failed_with(RTB_ERR_BAD_ARGUMENT));
  EXPECT_EQ(rtb_chess_open(dir.c_str(), "dtm", 2), nullptr);  // no such flag
  EXPECT_TRUE(failed_with(RTB_ERR_BAD_ARGUMENT));
  EXPECT_EQ(rtb_chess_open((dir / "nothing_here").c_str(), "dtm", 0), nullptr);
  EXPECT_TRUE(failed_with(RTB_ERR_NO_TABLE));
  rtb_chess* tb = rtb_chess_open(dir.c_str(), nullptr, 0);
  ASSERT_NE(tb, nullptr) << rtb_chess_last_error();
  EXPECT_EQ(rtb_last_error_code(), RTB_OK);
  EXPECT_EQ(rtb_chess_max_pieces(tb), 3);
  EXPECT_EQ(rtb_chess_max_pieces(nullptr), 0);
  EXPECT_TRUE(failed_with(RTB_ERR_BAD_ARGUMENT));

  const Square a1 = make_square(0, 0), b1 = make_square(1, 0), h8 = make_square(7, 7), e4 = make_square(4, 3);
  Bits kqk;  // white Ka1 Qb1, black Kh8
  kqk.put(kWhite, kKing, a1).put(kWhite, kQueen, b1).put(kBlack, kKing, h8);
  rtb_value v{42, 42};
  auto untouched = [&] { return v.wdl == 42 && v.depth == 42; };

  // The caller's arguments.
  EXPECT_EQ(kqk.probe(nullptr, &v), -RTB_ERR_BAD_ARGUMENT);
  EXPECT_TRUE(failed_with(RTB_ERR_BAD_ARGUMENT));
  EXPECT_EQ(kqk.probe(tb, nullptr), -RTB_ERR_BAD_ARGUMENT);
  EXPECT_TRUE(failed_with(RTB_ERR_BAD_ARGUMENT));
  for (int stm : {-1, 2}) {
    Bits b = kqk;
    b.stm = stm;
    EXPECT_EQ(b.probe(tb, &v), -RTB_ERR_BAD_ARGUMENT) << stm;
    EXPECT_TRUE(failed_with(RTB_ERR_BAD_ARGUMENT));
  }
  for (int ep : {-2, 64}) {
    EXPECT_EQ(kqk.probe(tb, &v, ep), -RTB_ERR_BAD_ARGUMENT) << ep;
    EXPECT_TRUE(failed_with(RTB_ERR_BAD_ARGUMENT));
  }

  // Bitboards that are no position.
  std::vector<std::pair<const char*, Bits>> illegal;
  illegal.emplace_back("a square both white and black", Bits(kqk).put(kBlack, kQueen, b1));
  {
    Bits b = kqk;
    b.by_type[kRook] |= bit(b1);
    illegal.emplace_back("a square with two kinds of piece", b);
    b = kqk;
    b.white |= bit(e4);
    illegal.emplace_back("a white square with no piece type", b);
    b = kqk;
    b.by_type[kKnight] |= bit(e4);
    illegal.emplace_back("a piece of no colour", b);
  }
  illegal.emplace_back("no white king", Bits().put(kWhite, kQueen, b1).put(kBlack, kKing, h8));
  illegal.emplace_back("two white kings", Bits(kqk).put(kWhite, kKing, e4));
  illegal.emplace_back("a pawn on rank 8", Bits(kqk).put(kWhite, kPawn, make_square(3, 7)));
  illegal.emplace_back("a pawn on rank 1", Bits(kqk).put(kBlack, kPawn, make_square(3, 0)));
  {
    Bits b = Bits().put(kWhite, kKing, a1).put(kWhite, kQueen, make_square(7, 1)).put(kBlack, kKing, h8);
    illegal.emplace_back("the side not to move in check", b);  // Qh2 checks Kh8 with white to move
  }
  for (const auto& [why, b] : illegal) {
    EXPECT_EQ(b.probe(tb, &v), -RTB_ERR_ILLEGAL_POSITION) << why;
    EXPECT_TRUE(failed_with(RTB_ERR_ILLEGAL_POSITION)) << why;
  }
  // An en-passant square off the rank a pawn of the side not to move skips.
  EXPECT_EQ(kqk.probe(tb, &v, a1), -RTB_ERR_ILLEGAL_POSITION);
  EXPECT_TRUE(failed_with(RTB_ERR_ILLEGAL_POSITION));
  EXPECT_EQ(kqk.probe(tb, &v, make_square(4, 2)), -RTB_ERR_ILLEGAL_POSITION);  // e3 with white to move
  EXPECT_TRUE(failed_with(RTB_ERR_ILLEGAL_POSITION));
  EXPECT_TRUE(untouched());

  // Good positions, with an en-passant square that allows no capture.
  ASSERT_EQ(kqk.probe(tb, &v), 0) << rtb_chess_last_error();
  EXPECT_EQ(rtb_last_error_code(), RTB_OK);
  EXPECT_EQ(v.wdl, RTB_WIN);
  rtb_value same;
  ASSERT_EQ(kqk.probe(tb, &same, make_square(4, 5)), 0) << rtb_chess_last_error();
  EXPECT_EQ(same.wdl, v.wdl);
  EXPECT_EQ(same.depth, v.depth);
  Bits kbk;
  kbk.put(kWhite, kKing, a1).put(kWhite, kBishop, b1).put(kBlack, kKing, h8);
  ASSERT_EQ(kbk.probe(tb, &v), 0) << rtb_chess_last_error();
  EXPECT_EQ(v.wdl, RTB_DRAW);

  // Materials with no table: not generated, or more pieces than any table
  // has. Sixteen knights count like one bishop in a material key, so they
  // must be turned away before KBvK's (open) table is consulted.
  v = {42, 42};
  Bits krk;
  krk.put(kWhite, kKing, a1).put(kWhite, kRook, b1).put(kBlack, kKing, h8);
  EXPECT_EQ(krk.probe(tb, &v), -RTB_ERR_NO_TABLE);
  EXPECT_TRUE(failed_with(RTB_ERR_NO_TABLE));
  Bits knights;
  knights.put(kWhite, kKing, a1).put(kBlack, kKing, h8);
  for (Square s = make_square(0, 2); s <= make_square(7, 3); ++s) knights.put(kWhite, kKnight, s);
  EXPECT_EQ(knights.probe(tb, &v), -RTB_ERR_NO_TABLE);
  EXPECT_TRUE(failed_with(RTB_ERR_NO_TABLE));
  Bits seven = kqk;
  for (int f = 0; f < 4; ++f) seven.put(kBlack, kPawn, make_square(f, 5));
  EXPECT_EQ(seven.probe(tb, &v), -RTB_ERR_NO_TABLE);
  EXPECT_TRUE(failed_with(RTB_ERR_NO_TABLE));
  EXPECT_TRUE(untouched());

  // FEN.
  EXPECT_EQ(rtb_chess_probe_fen(tb, nullptr, &v), -RTB_ERR_BAD_ARGUMENT);
  EXPECT_TRUE(failed_with(RTB_ERR_BAD_ARGUMENT));
  EXPECT_EQ(rtb_chess_probe_fen(nullptr, "7k/8/8/8/8/8/8/KQ6 w - - 0 1", &v), -RTB_ERR_BAD_ARGUMENT);
  EXPECT_TRUE(failed_with(RTB_ERR_BAD_ARGUMENT));
  EXPECT_EQ(rtb_chess_probe_fen(tb, "7k/8/8/8/8/8/8/KQ6 w - - 0 1", nullptr), -RTB_ERR_BAD_ARGUMENT);
  EXPECT_TRUE(failed_with(RTB_ERR_BAD_ARGUMENT));
  for (const char* fen : {"not a fen", "7k/8/8/8/8/8/8/KQ6 x - - 0 1", "7k/8/8/8/8/8/8/R3K3 w Q - 0 1",
                          "7k/8/8/8/8/8/7Q/K7 w - - 0 1", "7k/8/8/8/8/8/8/KQ6 w - e3 0 1"}) {
    EXPECT_EQ(rtb_chess_probe_fen(tb, fen, &v), -RTB_ERR_ILLEGAL_POSITION) << fen;
    EXPECT_TRUE(failed_with(RTB_ERR_ILLEGAL_POSITION)) << fen;
  }
  EXPECT_EQ(rtb_chess_probe_fen(tb, "7k/8/8/8/8/8/8/KR6 w - - 0 1", &v), -RTB_ERR_NO_TABLE);
  EXPECT_TRUE(failed_with(RTB_ERR_NO_TABLE));
  EXPECT_TRUE(untouched());
  ASSERT_EQ(rtb_chess_probe_fen(tb, "7k/8/8/8/8/8/8/KQ6 w - - 0 1", &v), 0) << rtb_chess_last_error();
  EXPECT_EQ(v.wdl, RTB_WIN);

  // Files that are not the table their name promises: another material's
  // table, and one cut short. KRvK was just found missing, and this handle
  // looks for it again only after rtb_chess::kMissingRecheck: a new handle
  // looks at once.
  std::filesystem::copy_file(dir / "KQvK.rtb", dir / "KRvK.rtb");
  rtb_chess_close(tb);
  tb = rtb_chess_open(dir.c_str(), nullptr, 0);
  ASSERT_NE(tb, nullptr) << rtb_chess_last_error();
  v = {42, 42};
  EXPECT_EQ(krk.probe(tb, &v), -RTB_ERR_WRONG_KIND);
  EXPECT_TRUE(failed_with(RTB_ERR_WRONG_KIND));
  {
    std::ifstream in(dir / "KQvK.rtb", std::ios::binary);
    std::string bytes(std::istreambuf_iterator<char>(in), {});
    std::ofstream(dir / "KNvK.rtb", std::ios::binary).write(bytes.data(), std::streamsize(bytes.size() / 2));
  }
  Bits knk;
  knk.put(kWhite, kKing, a1).put(kWhite, kKnight, b1).put(kBlack, kKing, h8);
  EXPECT_EQ(knk.probe(tb, &v), -RTB_ERR_CORRUPT);
  EXPECT_TRUE(failed_with(RTB_ERR_CORRUPT));
  EXPECT_TRUE(untouched());
  rtb_chess_close(tb);

  // The other metric's tables are not there.
  rtb_chess* dtc = rtb_chess_open(dir.c_str(), "dtc", 0);
  ASSERT_NE(dtc, nullptr) << rtb_chess_last_error();
  EXPECT_EQ(rtb_chess_max_pieces(dtc), 0);
  EXPECT_EQ(kqk.probe(dtc, &v), -RTB_ERR_NO_TABLE);
  EXPECT_TRUE(failed_with(RTB_ERR_NO_TABLE));
  rtb_chess_close(dtc);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace rtb
