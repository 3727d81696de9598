// Chess benchmarks and whole-table checks too long for the test suite:
//   bench_chess generate DIR MATERIAL|all3|all4|all5 [threads]
//       builds the tables (dependencies first) into DIR and reports CPU and
//       wall seconds, peak memory, positions per second, bytes per position
//   bench_chess verify DIR
//       re-checks every chess table in DIR with its dependencies attached
//   bench_chess consistency MATERIAL|all3|all4|all5 [sample] [threads]
//       moves/unmoves consistency over every index (sample 0, the default)
//       or a random sample of indices
//   bench_chess phases DIR MATERIAL [threads] [metric]
//       CPU seconds of one table's generation and of its streams (the class
//       and depth streams the writer adds), its dependencies read from DIR
//   bench_chess streams DIR MATERIAL [threads] [metric]
//       CPU and wall seconds of the streams alone, from the values of the
//       table in DIR, each stream's size and order; fails unless they
//       are byte for byte the streams stored there
//   bench_chess probe DIR [seconds]
//       probes per second of rtb_chess_probe on warm tables, random legal
//       positions of every table in DIR, block cache and in memory
//   bench_chess missing DIR [seconds]
//       microseconds per rtb_chess_probe of a material DIR has no table of
//       (random legal positions of every such material of up to 5 pieces)
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "gen/core/system.h"
#include "gen/core/thread_pool.h"
#include "gen/depth/build.h"
#include "gen/depth/build_plan.h"
#include "gen/depth/verify.h"
#include "gen/instances/instances.h"
#include "probe/rtb_chess.h"
#include "storage/class_stream.h"
#include "tests/support/chess_support.h"

namespace {

using namespace rtb;

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

std::vector<std::string> materials(const std::string& what) {
  Params p;
  p.set("material", what);
  std::vector<std::string> out;
  for (const Params& one : Chess::expand(p)) out.push_back(one.get("material", ""));
  return out;
}

int generate(const std::filesystem::path& dir, const std::string& what, unsigned threads) {
  std::filesystem::create_directories(dir);
  BuildOptions options;
  options.out_dir = dir;
  options.gen.threads = threads;
  std::uint64_t positions = 0, bytes = 0;
  int tables = 0;
  std::mutex written_mutex;  // tables built at once
  options.on_written = [&](const WrittenTable& written) {
    const std::lock_guard lock(written_mutex);
    positions += written.meta.legal;
    bytes += std::filesystem::file_size(written.path);
    ++tables;
  };
  const double cpu0 = cpu_seconds();
  const auto wall0 = std::chrono::steady_clock::now();
  // As tbgen builds a set: tables that do not read each other at once.
  std::vector<PlannedTable> plan;
  for (const std::string& m : materials(what)) {
    const Chess game = chess_support::make_chess(m);
    if (!std::filesystem::exists(table_path(dir, game.table_name()))) plan_table(game, options, plan);
  }
  link_plan(plan);
  build_tables<Chess>(plan, options);
  const double cpu = cpu_seconds() - cpu0;
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  std::printf(
      "%s: %d tables, %llu positions; %.2f CPU s, %.2f wall s (%u threads); peak %.0f MiB; "
      "%.2f M positions/CPU s; %.3f bytes/position on disk\n",
      what.c_str(), tables, static_cast<unsigned long long>(positions), cpu, wall, threads,
      static_cast<double>(peak_memory_bytes()) / (1 << 20), static_cast<double>(positions) / cpu / 1e6,
      positions ? static_cast<double>(bytes) / static_cast<double>(positions) : 0.0);
  return 0;
}

int phases(const std::filesystem::path& dir, const std::string& material, unsigned threads,
           const std::string& metric) {
  Chess game = chess_support::make_chess(material, metric);
  BuildOptions options;
  options.out_dir = dir;
  const auto deps = attach_dependencies(game, options, false);
  GenOptions gen;
  gen.threads = threads;
  const double cpu0 = cpu_seconds();
  const GenResult result = generate_table(game, gen);
  const double cpu1 = cpu_seconds();
  const auto streams =
      table_streams(game, std::span<const std::uint16_t>(result.values.get(), result.size), threads);
  const double cpu2 = cpu_seconds();
  std::printf("%s: generation %.2f CPU s, streams %.2f CPU s (%u threads)\n", material.c_str(), cpu1 - cpu0,
              cpu2 - cpu1, threads);
  return streams.empty() ? 1 : 0;
}

int streams_again(const std::filesystem::path& dir, const std::string& material, unsigned threads,
                  const std::string& metric) {
  Chess game = chess_support::make_chess(material, metric);
  BuildOptions options;
  options.out_dir = dir;
  const auto deps = attach_dependencies(game, options, false);
  const storage::TableReader table(table_path(dir, game.table_name()));
  const std::vector<std::uint16_t> values = table.read_all();
  game.read_solved(values);  // as the generator leaves it: pawn moves read the table
  const double cpu0 = cpu_seconds();
  const auto wall0 = std::chrono::steady_clock::now();
  const auto streams = table_streams(game, std::span<const std::uint16_t>(values), threads);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  const double cpu1 = cpu_seconds();
  int differ = 0;
  for (const NamedStream& s : streams) {
    const auto stored = table.stream(s.name);
    const bool same = stored && std::ranges::equal(*stored, s.bytes);
    std::string order;  // a class or depth stream's listing (games/chess/listing.h)
    if (s.name == Chess::kClassStream || s.name == Chess::kDepthStream) {
      char tag[32];
      std::snprintf(tag, sizeof tag, ", order %08x", storage::ClassStream(s.bytes, s.name).tag());
      order = tag;
    }
    std::printf("%s %s: %zu bytes%s, %s\n", material.c_str(), s.name.c_str(), s.bytes.size(), order.c_str(),
                same ? "as stored" : "DIFFERENT from the stored stream");
    differ += !same;
  }
  if (streams.size() != table.stream_names().size()) {
    std::printf("%s: %zu streams, %zu stored\n", material.c_str(), streams.size(),
                table.stream_names().size());
    ++differ;
  }
  std::printf("%s: streams %.2f CPU s, %.2f wall s (%u threads)\n", material.c_str(), cpu1 - cpu0, wall,
              threads);
  return differ ? 1 : 0;
}

int verify_dir(const std::filesystem::path& dir) {
  int failed = 0;
  for (const std::string& m : materials("all5")) {
    Chess game = chess_support::make_chess(m);
    const auto path = table_path(dir, game.table_name());
    if (!std::filesystem::exists(path)) continue;
    BuildOptions options;
    options.out_dir = dir;
    const auto deps = attach_dependencies(game, options);  // read from beside the table
    const auto values = storage::TableReader(path).read_all();
    const VerifyReport report = verify(game, values, 2);
    for (const auto& f : report.failures)
      std::printf("MISMATCH %s: stored %s, successors give %s\n", game.text(f.index).c_str(),
                  to_string(f.stored).c_str(), to_string(f.expected).c_str());
    std::printf("%s: %llu positions %s\n", m.c_str(), static_cast<unsigned long long>(report.checked),
                report.failures.empty() ? "verified" : "FAILED");
    failed += !report.failures.empty();
  }
  return failed ? 1 : 0;
}

// Every index: the multiset of moves (p, q) and that of unmoves, compared
// by a 128-bit fingerprint (two sums of independent hashes of each pair),
// with no memory per move; text round-trips on a sample. On a mismatch the
// indices are checked one by one (check_consistency_at) to name the first
// position at fault.
std::string consistency_full(const Chess& game, unsigned threads, std::uint64_t& checked) {
  auto mix = [](std::uint64_t x) {  // the splitmix64 finaliser
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  };
  struct Sums {
    std::uint64_t forward[2] = {}, backward[2] = {}, checked = 0;
    std::string problem;
  };
  auto add = [&](std::uint64_t* sums, Index p, Index q) {
    const std::uint64_t h = mix(p * 0x9E3779B97F4A7C15ull ^ mix(q));
    sums[0] += h;
    sums[1] += mix(h ^ 0xD6E8FEB86659FD93ull);
  };
  ThreadPool pool(threads);
  std::vector<Sums> part(pool.size());
  pool.parallel_for(game.size(), 1 << 14, [&](unsigned worker, Index lo, Index hi) {
    Sums& s = part[worker];
    for (Index p = lo; p < hi; ++p) {
      if (!game.legal(p)) continue;
      ++s.checked;
      if (p % 97 == 0 && game.parse(game.text(p)) != p)
        s.problem = "text does not round-trip: " + game.text(p);
      game.moves(p, [&](Successor m) {
        if (m.inside) add(s.forward, p, m.index);
      });
      game.unmoves(p, [&](Index q) { add(s.backward, q, p); });
    }
  });
  Sums total;
  for (const Sums& s : part) {
    for (int k = 0; k < 2; ++k) {
      total.forward[k] += s.forward[k];
      total.backward[k] += s.backward[k];
    }
    checked += s.checked;
    if (total.problem.empty()) total.problem = s.problem;
  }
  if (!total.problem.empty()) return total.problem;
  if (total.forward[0] == total.backward[0] && total.forward[1] == total.backward[1]) return "";
  for (Index p = 0; p < game.size(); ++p)
    if (game.legal(p))
      if (std::string problem = chess_support::check_consistency_at(game, p); !problem.empty())
        return problem;
  return "the moves and unmoves differ (fingerprints)";
}

int consistency(const std::string& what, std::uint64_t sample, unsigned threads) {
  int failed = 0;
  for (const std::string& m : materials(what)) {
    const Chess game = chess_support::make_chess(m);
    if (!sample) {
      std::uint64_t checked = 0;
      const std::string problem = consistency_full(game, threads, checked);
      std::printf("%s: %llu positions (all) %s %s\n", m.c_str(), static_cast<unsigned long long>(checked),
                  problem.empty() ? "consistent" : "INCONSISTENT:", problem.c_str());
      std::fflush(stdout);
      failed += !problem.empty();
      continue;
    }
    std::uint64_t checked = 0;
    std::string problem;
    std::mt19937_64 rng(1);
    for (Index k = 0; problem.empty() && k < (sample ? sample : game.size()); ++k) {
      const Index i = sample ? rng() % game.size() : k;
      if (!game.legal(i)) continue;
      problem = chess_support::check_consistency_at(game, i);
      ++checked;
    }
    std::printf("%s: %llu positions (sample) %s %s\n", m.c_str(), static_cast<unsigned long long>(checked),
                problem.empty() ? "consistent" : "INCONSISTENT:", problem.c_str());
    std::fflush(stdout);
    failed += !problem.empty();
  }
  return failed ? 1 : 0;
}

// `per_table` random legal positions of each material of up to 5 pieces
// whose table in `dir` is there (`present`) or not, in random colour
// orientation, shuffled.
std::vector<chess::Board> random_boards(const std::filesystem::path& dir, bool present, int per_table,
                                        std::uint64_t seed) {
  std::vector<chess::Board> boards;
  std::mt19937_64 rng(seed);
  for (const std::string& m : materials("all5")) {
    const Chess game = chess_support::make_chess(m);
    if (std::filesystem::exists(table_path(dir, game.table_name())) != present) continue;
    for (int n = 0; n < per_table;) {
      const Index i = rng() % game.size();
      if (!game.legal(i)) continue;
      chess::Board b;
      game.layout().decode(i, b);
      boards.push_back(rng() & 1 ? chess::swap_colors(b, true) : b);
      ++n;
    }
  }
  std::shuffle(boards.begin(), boards.end(), rng);
  return boards;
}

// rtb_chess_probe of a board, as an engine passes it: bitboards.
int probe_board(const rtb_chess* tb, const chess::Board& b, rtb_value& v) {
  using namespace chess;
  const auto& p = b.pieces;
  return rtb_chess_probe(tb, b.color[0], b.color[1], p[0][kKing] | p[1][kKing], p[0][kQueen] | p[1][kQueen],
                         p[0][kRook] | p[1][kRook], p[0][kBishop] | p[1][kBishop],
                         p[0][kKnight] | p[1][kKnight], p[0][kPawn] | p[1][kPawn], b.stm, RTB_CHESS_NO_EP,
                         &v);
}

int probe(const std::filesystem::path& dir, double seconds) {
  const std::vector<chess::Board> boards = random_boards(dir, true, 20000, 3);
  for (unsigned flags : {0u, unsigned{RTB_CHESS_IN_MEMORY}}) {
    rtb_chess* tb = rtb_chess_open(dir.c_str(), "dtm", flags);
    if (!tb) return std::fprintf(stderr, "%s\n", rtb_chess_last_error()), 1;
    auto run = [&](double limit) {
      std::uint64_t probes = 0, wins = 0;
      const auto start = std::chrono::steady_clock::now();
      double elapsed = 0;
      while (elapsed < limit) {
        for (const chess::Board& b : boards) {
          rtb_value v;
          if (probe_board(tb, b, v) != 0) return std::fprintf(stderr, "%s\n", rtb_chess_last_error()), 0.0;
          wins += v.wdl == RTB_WIN;
          ++probes;
        }
        elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      }
      return static_cast<double>(probes) / elapsed;
    };
    run(0.5);  // warm: open every table, fill caches
    std::printf("%s: %zu random positions, %.2f M probes/s (one thread)\n",
                flags ? "in memory" : "block cache", boards.size(), run(seconds) / 1e6);
    rtb_chess_close(tb);
  }
  return 0;
}

// What an engine pays for asking about material beyond its tables.
int missing(const std::filesystem::path& dir, double seconds) {
  const std::vector<chess::Board> boards = random_boards(dir, false, 100, 4);
  rtb_chess* tb = rtb_chess_open(dir.c_str(), "dtm", 0);
  if (!tb) return std::fprintf(stderr, "%s\n", rtb_chess_last_error()), 1;
  std::uint64_t probes = 0;
  const auto start = std::chrono::steady_clock::now();
  double elapsed = 0;
  while (elapsed < seconds) {
    for (const chess::Board& b : boards) {
      rtb_value v;
      if (probe_board(tb, b, v) != -RTB_ERR_NO_TABLE)
        return std::fprintf(stderr, "a probe found a table: %s\n", rtb_chess_last_error()), 1;
      ++probes;
    }
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  rtb_chess_close(tb);
  std::printf("missing tables: %zu random positions, %.3f us a probe (one thread)\n", boards.size(),
              elapsed * 1e6 / static_cast<double>(probes));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  rtb::share_one_heap();  // as tbgen, whose peaks `generate` reports
  const std::string mode = argc > 1 ? argv[1] : "";
  try {
    if (mode == "generate" && argc >= 4)
      return generate(argv[2], argv[3], argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 2);
    if (mode == "verify" && argc >= 3) return verify_dir(argv[2]);
    if (mode == "phases" && argc >= 4)
      return phases(argv[2], argv[3], argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 1,
                    argc > 5 ? argv[5] : "dtm");
    if (mode == "streams" && argc >= 4)
      return streams_again(argv[2], argv[3], argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 1,
                           argc > 5 ? argv[5] : "dtm");
    if (mode == "consistency" && argc >= 3)
      return consistency(argv[2], argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 0,
                         argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 2);
    if (mode == "probe" && argc >= 3) return probe(argv[2], argc > 3 ? std::atof(argv[3]) : 2.0);
    if (mode == "missing" && argc >= 3) return missing(argv[2], argc > 3 ? std::atof(argv[3]) : 2.0);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_chess: %s\n", e.what());
    return 1;
  }
  std::fprintf(stderr, "usage: see the comment at the top of tests/bench/bench_chess.cpp\n");
  return 2;
}
