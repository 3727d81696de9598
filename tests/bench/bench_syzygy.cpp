// rtb's chess tables beside Syzygy's, in one run (built where Debian's
// libfathom is installed; Syzygy's files made by rtbgen outside this
// project):
//   bench_syzygy sizes RTB_DIR SYZYGY_DIR
//       per table, the bytes of rtb's class stream against the .rtbw
//       file, of its depth stream (DTZ) against the .rtbz, of the DTM
//       table's streams (where RTB_DIR has the dtm tables too) and of the
//       whole dtz .rtb file; and the totals;
//   bench_syzygy probe RTB_DIR SYZYGY_DIR [positions]
//       rtb_chess_probe_wdl (metric=dtz tables) and Fathom's tb_probe_wdl
//       on the same random legal positions of every table both have (shown
//       in random colour orientation): the first pass over freshly opened
//       tables (cold: the files' pages may still be cached by the system),
//       then the best of five warm passes, in ns per probe; the classes
//       must agree;
//   bench_syzygy root RTB_DIR SYZYGY_DIR [positions]
//       rtb_chess_probe_root against Fathom's tb_probe_root on the same
//       positions: a first pass and a second, in us per probe; the best
//       moves' classes must agree.
//   bench_syzygy missing EMPTY_DIR [positions]
//       what a WDL probe of a material without a table costs, both
//       pointed at a directory without tables: rtb_chess_probe_wdl against
//       tb_probe_wdl, random legal positions of every material of up to 5
//       pieces, best of five passes, in ns per probe; every probe must fail.
#include <tbprobe.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "games/chess/chess.h"
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

// The bytes of a table's streams: its class stream and its depth stream
// with the map; 0 where there is no such table.
struct StreamBytes {
  std::uint64_t wdl = 0, depth = 0;
};
StreamBytes stream_bytes(const fs::path& path) {
  if (!fs::exists(path)) return {};
  const storage::TableReader reader(path);
  auto bytes = [&](const std::string& name) {
    const auto s = reader.stream(name);
    return s ? std::uint64_t{s->size()} : 0;
  };
  const std::string depth(Chess::kDepthStream);
  return {bytes(std::string(Chess::kClassStream)), bytes(depth) + bytes(depth + "-map")};
}

double ratio(std::uint64_t x, std::uint64_t y) {
  return y == 0 ? 0.0 : static_cast<double>(x) / static_cast<double>(y);
}

struct SizeRow {
  std::uint64_t wdl, rtbw, dtz, rtbz, dtm, file;
  SizeRow& operator+=(const SizeRow& o) {
    wdl += o.wdl, rtbw += o.rtbw, dtz += o.dtz, rtbz += o.rtbz, dtm += o.dtm, file += o.file;
    return *this;
  }
};

void print_row(const std::string& name, const SizeRow& r) {
  auto u = [](std::uint64_t x) { return static_cast<unsigned long long>(x); };
  std::printf("%-8s %10llu %10llu %6.2f %10llu %10llu %6.2f %10llu %12llu\n", name.c_str(), u(r.wdl),
              u(r.rtbw), ratio(r.wdl, r.rtbw), u(r.dtz), u(r.rtbz), ratio(r.dtz, r.rtbz), u(r.dtm),
              u(r.file));
}

// Per table: the class stream of the dtz table against the .rtbw, its depth
// stream (exact DTZ of one side, with its map) against the .rtbz, the
// class and depth streams of the dtm table where RTB_DIR has it (what a
// DTM probe reads), and the whole dtz .rtb file (its 16-bit values too).
int sizes(const fs::path& rtb_dir, const fs::path& syzygy_dir) {
  SizeRow total{};
  std::printf("%-8s %10s %10s %6s %10s %10s %6s %10s %12s\n", "table", "rtb wdl", ".rtbw", "ratio", "rtb dtz",
              ".rtbz", "ratio", "rtb dtm", "rtb file");
  for (const std::string& name : shared_tables(rtb_dir, syzygy_dir)) {
    const fs::path path = rtb_dir / (name + "-dtz.rtb");
    const StreamBytes dtz = stream_bytes(path), dtm = stream_bytes(rtb_dir / (name + ".rtb"));
    const SizeRow row{dtz.wdl,
                      file_bytes(syzygy_dir / (name + ".rtbw")),
                      dtz.depth,
                      file_bytes(syzygy_dir / (name + ".rtbz")),
                      dtm.wdl + dtm.depth,
                      file_bytes(path)};
    print_row(name, row);
    std::fflush(stdout);
    total += row;
  }
  print_row("total", total);
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

// One side-by-side run: rtb's probe (given the handle) and Fathom's on the
// same random positions of every table both have, a first pass over freshly
// opened tables, then the best of `warm_rounds` passes; the answers must
// agree. Prints ns (or us, per `in_us`) per probe.
template <class Ours, class Fathom>
int side_by_side(const fs::path& rtb_dir, const fs::path& syzygy_dir, std::size_t count, int warm_rounds,
                 const char* what, bool in_us, const Ours& ours, const Fathom& fathom) {
  const std::vector<std::string> tables = shared_tables(rtb_dir, syzygy_dir);
  if (tables.empty()) return std::fprintf(stderr, "bench_syzygy: no table is in both directories\n"), 1;
  const std::vector<Bits> positions = random_positions(tables, count);
  rtb_chess* tb = rtb_chess_open(rtb_dir.c_str(), "dtz", 0);
  if (!tb) return std::fprintf(stderr, "bench_syzygy: %s\n", rtb_chess_last_error()), 1;
  if (!tb_init(syzygy_dir.c_str()) || TB_LARGEST == 0)
    return std::fprintf(stderr, "bench_syzygy: Fathom found no tables in %s\n", syzygy_dir.c_str()), 1;
  auto our_probe = [&](const Bits& p) { return ours(tb, p); };
  std::vector<int> a, b;
  const double cold_ours = pass(positions, a, our_probe), cold_fathom = pass(positions, b, fathom);
  double warm_ours = 1e18, warm_fathom = 1e18;
  for (int round = 0; round < warm_rounds; ++round) {
    warm_ours = std::min(warm_ours, pass(positions, a, our_probe));
    warm_fathom = std::min(warm_fathom, pass(positions, b, fathom));
  }
  std::size_t differ = 0;
  for (std::size_t k = 0; k < positions.size(); ++k) differ += a[k] != b[k];
  const double unit = in_us ? 1000 : 1;
  std::printf("%zu random positions of %zu tables (one thread), %s per %s:\n", positions.size(),
              tables.size(), in_us ? "us" : "ns", what);
  std::printf("  first pass (tables just opened): rtb %.1f, Fathom %.1f\n", cold_ours / unit,
              cold_fathom / unit);
  std::printf("  warm (best of %d passes):         rtb %.1f, Fathom %.1f (rtb / Fathom = %.2f)\n",
              warm_rounds, warm_ours / unit, warm_fathom / unit, warm_ours / warm_fathom);
  std::printf("  answers that differ: %zu\n", differ);
  rtb_chess_close(tb);
  tb_free();
  return differ == 0 ? 0 : 1;
}

// WDL: rtb_chess_probe_wdl against Fathom's tb_probe_wdl.
int probe(const fs::path& rtb_dir, const fs::path& syzygy_dir, std::size_t count) {
  auto ours = [](const rtb_chess* tb, const Bits& p) {
    return rtb_chess_probe_wdl(tb, p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights,
                               p.pawns, 0, 0, 0, p.white_to_move);
  };
  auto fathom = [](const Bits& p) {
    const unsigned r = tb_probe_wdl(p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights,
                                    p.pawns, 0, 0, 0, p.white_to_move);
    return r == TB_RESULT_FAILED ? -1 : static_cast<int>(r);
  };
  return side_by_side(rtb_dir, syzygy_dir, count, 5, "WDL probe", false, ours, fathom);
}

// Root probes: rtb_chess_probe_root (every move's class and exact DTZ,
// from the class and depth streams) against Fathom's tb_probe_root (its
// best move's class and DTZ); the best moves' classes must agree.
int root(const fs::path& rtb_dir, const fs::path& syzygy_dir, std::size_t count) {
  std::vector<rtb_chess_root_move> moves(256);
  auto ours = [&](const rtb_chess* tb, const Bits& p) {
    const int n =
        rtb_chess_probe_root(tb, p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights, p.pawns,
                             0, 0, RTB_CHESS_NO_EP, p.white_to_move, moves.data(), moves.size());
    return n < 0 ? -2 : n == 0 ? -1 : static_cast<int>(moves[0].wdl);
  };
  auto fathom = [](const Bits& p) {
    const unsigned r = tb_probe_root(p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights,
                                     p.pawns, 0, 0, 0, p.white_to_move, nullptr);
    if (r == TB_RESULT_FAILED) return -2;
    if (r == TB_RESULT_CHECKMATE || r == TB_RESULT_STALEMATE) return -1;
    return static_cast<int>(TB_GET_WDL(r));
  };
  return side_by_side(rtb_dir, syzygy_dir, count, 1, "root probe", true, ours, fathom);
}

// What an engine pays at every node beyond its tables.
int missing(const fs::path& empty_dir, std::size_t count) {
  std::vector<std::string> all;
  for (const chess::Material& m : chess::Material::all_up_to(5)) all.push_back(m.name());
  const std::vector<Bits> positions = random_positions(all, count);
  rtb_chess* tb = rtb_chess_open(empty_dir.c_str(), "dtz", 0);
  if (!tb) return std::fprintf(stderr, "bench_syzygy: %s\n", rtb_chess_last_error()), 1;
  if (!tb_init(empty_dir.c_str()) || TB_LARGEST != 0)
    return std::fprintf(stderr, "bench_syzygy: %s is not a directory without tables\n", empty_dir.c_str()), 1;
  auto ours = [&](const Bits& p) {
    return rtb_chess_probe_wdl(tb, p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights,
                               p.pawns, 0, 0, 0, p.white_to_move) == -RTB_ERR_NO_TABLE
               ? 0
               : 1;
  };
  auto fathom = [](const Bits& p) {
    return tb_probe_wdl(p.white, p.black, p.kings, p.queens, p.rooks, p.bishops, p.knights, p.pawns, 0, 0, 0,
                        p.white_to_move) == TB_RESULT_FAILED
               ? 0
               : 1;
  };
  std::vector<int> a, b;
  double best_ours = 1e18, best_fathom = 1e18;
  for (int round = 0; round < 5; ++round) {
    best_ours = std::min(best_ours, pass(positions, a, ours));
    best_fathom = std::min(best_fathom, pass(positions, b, fathom));
  }
  const auto answered = std::count(a.begin(), a.end(), 1) + std::count(b.begin(), b.end(), 1);
  std::printf(
      "%zu random positions without a table (one thread), ns per WDL probe: rtb %.1f, Fathom %.1f "
      "(rtb / Fathom = %.2f); probes that did not fail: %ld\n",
      positions.size(), best_ours, best_fathom, best_ours / best_fathom, static_cast<long>(answered));
  rtb_chess_close(tb);
  tb_free();
  return answered == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "sizes" && argc == 4) return sizes(argv[2], argv[3]);
  if (mode == "probe" && (argc == 4 || argc == 5))
    return probe(argv[2], argv[3], argc == 5 ? std::stoul(argv[4]) : 100000);
  if (mode == "root" && (argc == 4 || argc == 5))
    return root(argv[2], argv[3], argc == 5 ? std::stoul(argv[4]) : 10000);
  if (mode == "missing" && (argc == 3 || argc == 4))
    return missing(argv[2], argc == 4 ? std::stoul(argv[3]) : 100000);
  std::fprintf(stderr,
               "usage: bench_syzygy sizes RTB_DIR SYZYGY_DIR\n"
               "       bench_syzygy probe RTB_DIR SYZYGY_DIR [positions]\n"
               "       bench_syzygy root RTB_DIR SYZYGY_DIR [positions]\n"
               "       bench_syzygy missing EMPTY_DIR [positions]\n");
  return 2;
}
