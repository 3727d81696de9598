// rtb's chess tables beside Syzygy's, in one run (built where Debian's
// libfathom is installed; Syzygy's files made by rtbgen outside this
// project):
//   bench_syzygy sizes RTB_DIR SYZYGY_DIR
//       per table, the bytes of rtb's WDL class stream against the .rtbw
//       file; of a DTZ class stream (not yet in the tables: made here, see
//       dtz_stream_bytes) and of the whole .rtb file against the .rtbz;
//       and the totals;
//   bench_syzygy probe RTB_DIR SYZYGY_DIR [positions]
//       rtb_chess_probe_wdl (metric=dtz tables) and Fathom's tb_probe_wdl
//       on the same random legal positions of every table both have (shown
//       in random colour orientation): the first pass over freshly opened
//       tables (cold: the files' pages may still be cached by the system),
//       then the best of five warm passes, in ns per probe; the classes
//       must agree.
#include <tbprobe.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "games/chess/chess.h"
#include "gen/wdl/class_stream.h"
#include "probe/rtb_chess.h"
#include "storage/table_reader.h"

namespace {

using namespace rtb;
namespace fs = std::filesystem;

std::uint64_t file_bytes(const fs::path& p) {
  return fs::exists(p) ? fs::file_size(p) : 0;
}

// The canonical materials of up to 5 pieces whose rtb dtz table and both
// Syzygy files are present.
std::vector<std::string> shared_tables(const fs::path& rtb_dir, const fs::path& syzygy_dir) {
  std::vector<std::string> out;
  for (const chess::Material& m : chess::Material::all_up_to(5)) {
    const std::string name = m.name();
    if (fs::exists(rtb_dir / (name + "-dtz.rtb")) && fs::exists(syzygy_dir / (name + ".rtbw")) &&
        fs::exists(syzygy_dir / (name + ".rtbz")))
      out.push_back(name);
  }
  return out;
}

// What a DTZ class stream of the table would take: the exact DTZ of one
// side to move (the smaller stream of the two; a probe finds the other by
// one ply of search), where a probe cannot derive it: not a draw (the WDL
// stream says so), not a mated side, not a win that a zeroing move keeps
// (DTZ 1, or 101 for a cursed win); each distinct value a class.
std::uint64_t dtz_stream_bytes(const fs::path& rtb_dir, const std::string& name) {
  Params p;
  p.set("material", name);
  p.set("metric", "dtz");
  Chess game(p);
  std::vector<std::vector<std::uint16_t>> dependencies;
  for (const Dependency& d : game.dependencies())
    dependencies.push_back(
        storage::TableReader(rtb_dir / (Chess(d.params).table_name() + ".rtb")).read_all());
  game.attach(DependencyValues(dependencies.begin(), dependencies.end()));
  const std::vector<std::uint16_t> values =
      storage::TableReader(rtb_dir / (game.table_name() + ".rtb")).read_all();
  (void)game.another_pass(values);  // pawn moves take their values from the table itself
  constexpr std::uint16_t kAny = 0xFFFF;
  std::vector<std::uint16_t> needed(values.size(), kAny);
  for (Index i = 0; i < game.size(); ++i) {
    const Value v = Value::from_code(values[i]);
    if (!game.legal(i) || v.is_draw()) continue;
    bool moves = false, zeroing_keeps = false;
    game.moves(i, [&](Successor s) {
      moves = true;
      zeroing_keeps |= !s.inside && v.is_win() && game.wdl_class(s.value.after_move()) == game.wdl_class(v);
    });
    if (moves && !zeroing_keeps) needed[i] = values[i];
  }
  std::uint64_t best = ~std::uint64_t{0};
  for (int side : {0, 1}) {
    std::vector<std::uint16_t> codes;
    for (Index i = 0; i < game.size(); ++i)
      if (needed[i] != kAny && game.side_to_move(i) == side) codes.push_back(needed[i]);
    std::ranges::sort(codes);
    codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
    if (codes.size() > 255) continue;  // more values than a class stream holds
    auto classify = [&](Index i) {
      if (needed[i] == kAny || game.side_to_move(i) != side) return StreamClass{};
      return StreamClass{
          static_cast<std::uint8_t>(std::ranges::lower_bound(codes, needed[i]) - codes.begin()), true};
    };
    best = std::min<std::uint64_t>(best, class_stream_of(game, classify, 2).size() + 2 * codes.size());
  }
  return best;
}

// wdl, rtbw, dtz, file, rtbz
void print_row(const std::string& name, std::array<std::uint64_t, 5> b) {
  auto ratio = [](std::uint64_t x, std::uint64_t y) {
    return static_cast<double>(x) / static_cast<double>(y);
  };
  std::printf("%-8s %10llu %10llu %6.2f %10llu %12llu %10llu %6.2f %7.1f\n", name.c_str(),
              static_cast<unsigned long long>(b[0]), static_cast<unsigned long long>(b[1]), ratio(b[0], b[1]),
              static_cast<unsigned long long>(b[2]), static_cast<unsigned long long>(b[3]),
              static_cast<unsigned long long>(b[4]), ratio(b[2], b[4]), ratio(b[3], b[4]));
}

int sizes(const fs::path& rtb_dir, const fs::path& syzygy_dir) {
  std::uint64_t wdl = 0, rtbw = 0, dtz = 0, whole = 0, rtbz = 0;
  std::printf("%-8s %10s %10s %6s %10s %12s %10s %6s %7s\n", "table", "rtb wdl", ".rtbw", "ratio", "rtb dtz",
              "rtb file", ".rtbz", "ratio", "file/z");
  for (const std::string& name : shared_tables(rtb_dir, syzygy_dir)) {
    const fs::path path = rtb_dir / (name + "-dtz.rtb");
    const auto stream = storage::TableReader(path).stream(Chess::kClassStream);
    const std::uint64_t w = stream ? stream->size() : 0, f = file_bytes(path);
    const std::uint64_t sw = file_bytes(syzygy_dir / (name + ".rtbw")),
                        sz = file_bytes(syzygy_dir / (name + ".rtbz"));
    const std::uint64_t d = dtz_stream_bytes(rtb_dir, name);
    print_row(name, {w, sw, d, f, sz});
    std::fflush(stdout);
    wdl += w, rtbw += sw, dtz += d, whole += f, rtbz += sz;
  }
  print_row("total", {wdl, rtbw, dtz, whole, rtbz});
  return 0;
}

struct Bits {
  std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
  bool white_to_move;
};

std::vector<Bits> random_positions(const std::vector<std::string>& tables, std::size_t count) {
  std::mt19937_64 rng(11);
  std::vector<Chess> games;
  for (const std::string& name : tables) {
    Params p;
    p.set("material", name);
    games.emplace_back(p);
  }
  std::vector<Bits> out;
  while (out.size() < count) {
    const Chess& game = games[rng() % games.size()];
    chess::Board b;
    if (!game.layout().decode_legal(rng() % game.size(), b)) continue;
    if (rng() & 1) b = chess::swap_colors(b, true);
    auto all = [&](chess::PieceType t) { return b.pieces[chess::kWhite][t] | b.pieces[chess::kBlack][t]; };
    out.push_back({b.color[chess::kWhite], b.color[chess::kBlack], all(chess::kKing), all(chess::kQueen),
                   all(chess::kRook), all(chess::kBishop), all(chess::kKnight), all(chess::kPawn),
                   b.stm == chess::kWhite});
  }
  return out;
}

// ns per probe of one pass over `positions`, the classes into `out`.
template <class Probe>
double pass(const std::vector<Bits>& positions, std::vector<int>& out, Probe&& probe) {
  out.resize(positions.size());
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t k = 0; k < positions.size(); ++k) out[k] = probe(positions[k]);
  const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
  return took.count() / static_cast<double>(positions.size());
}

int probe(const fs::path& rtb_dir, const fs::path& syzygy_dir, std::size_t count) {
  const std::vector<std::string> tables = shared_tables(rtb_dir, syzygy_dir);
  if (tables.empty()) return std::fprintf(stderr, "bench_syzygy: no table is in both directories\n"), 1;
  const std::vector<Bits> positions = random_positions(tables, count);
  rtb_chess* tb = rtb_chess_open(rtb_dir.c_str(), "dtz", 0);
  if (!tb) return std::fprintf(stderr, "bench_syzygy: %s\n", rtb_chess_last_error()), 1;
  if (!tb_init(syzygy_dir.c_str()) || TB_LARGEST == 0)
    return std::fprintf(stderr, "bench_syzygy: Fathom found no tables in %s\n", syzygy_dir.c_str()), 1;
  auto ours = [&](const Bits& p) {
    return rtb_chess_probe_wdl(tb, p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights,
                               p.pawns, 0, 0, 0, p.white_to_move);
  };
  auto fathom = [&](const Bits& p) {
    const unsigned r = tb_probe_wdl(p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights,
                                    p.pawns, 0, 0, 0, p.white_to_move);
    return r == TB_RESULT_FAILED ? -1 : static_cast<int>(r);
  };
  std::vector<int> a, b;
  const double cold_ours = pass(positions, a, ours), cold_fathom = pass(positions, b, fathom);
  double warm_ours = 1e18, warm_fathom = 1e18;
  for (int round = 0; round < 5; ++round) {
    warm_ours = std::min(warm_ours, pass(positions, a, ours));
    warm_fathom = std::min(warm_fathom, pass(positions, b, fathom));
  }
  std::size_t differ = 0;
  for (std::size_t k = 0; k < positions.size(); ++k) differ += a[k] != b[k];
  std::printf("%zu random positions of %zu tables (one thread), ns per WDL probe:\n", positions.size(),
              tables.size());
  std::printf("  first pass (tables just opened): rtb %.0f, Fathom %.0f\n", cold_ours, cold_fathom);
  std::printf("  warm (best of 5 passes):         rtb %.0f, Fathom %.0f (rtb / Fathom = %.2f)\n", warm_ours,
              warm_fathom, warm_ours / warm_fathom);
  std::printf("  classes that differ: %zu\n", differ);
  rtb_chess_close(tb);
  tb_free();
  return differ == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "sizes" && argc == 4) return sizes(argv[2], argv[3]);
  if (mode == "probe" && (argc == 4 || argc == 5))
    return probe(argv[2], argv[3], argc == 5 ? std::stoul(argv[4]) : 100000);
  std::fprintf(stderr,
               "usage: bench_syzygy sizes RTB_DIR SYZYGY_DIR\n"
               "       bench_syzygy probe RTB_DIR SYZYGY_DIR [positions]\n");
  return 2;
}
