// Speed of the Sprague-Grundy solver (gen/grundy/solve.h):
//   bench_grundy [kayles N] [dag V E] [cyclic V E] [threads T...]
// Defaults: Kayles heaps 0..20000 (about 2*10^8 moves to sums, each a sum
// of two heaps), a random acyclic graph of 10^7 vertices and 3*10^7 edges,
// and a random cyclic graph of 10^6 vertices and 2*10^6 edges (the loopy
// pass); threads 1 and 2. Prints values (positions) per second and moves
// per second.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "games/graph/graph.h"
#include "games/octal/octal.h"
#include "gen/core/system.h"
#include "gen/grundy/solve.h"
#include "tests/bench/random_graph.h"

namespace {

double mib() {
  return static_cast<double>(rtb::peak_memory_bytes()) / (1 << 20);
}

// CPU seconds of all threads so far: on a shared machine the wall clock
// also counts time other processes took.
double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

template <class G>
void run(const char* what, const G& game, std::uint64_t moves, const std::vector<unsigned>& threads) {
  for (unsigned t : threads) {
    rtb::GenOptions options;
    options.threads = t;
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds();
    const rtb::GrundyResult r = rtb::solve_grundy(game, options);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu = cpu_seconds() - cpu_start;
    std::printf(
        "%s, %u threads: %.2f s (cpu %.2f s), %.3g values/s, %.3g moves/s; largest value %u, "
        "%llu infinite, %llu positions in the loopy pass (%u levels); peak %.0f MiB\n",
        what, t, s, cpu, static_cast<double>(r.size) / s, static_cast<double>(moves) / s, r.stats.max_value,
        static_cast<unsigned long long>(r.stats.infinite), static_cast<unsigned long long>(r.stats.loopy),
        r.stats.loopy_levels, mib());
  }
}

// Moves of heaps 0..n in Kayles: one or two pins off the end (to one heap,
// or none), or from the inside (to a sum of two heaps, counted once per
// unordered pair).
std::uint64_t kayles_moves(std::uint64_t n) {
  std::uint64_t moves = 0;
  for (std::uint64_t h = 1; h <= n; ++h) moves += (h >= 2 ? 2 : 1) + (h - 1) / 2 + (h >= 2 ? (h - 2) / 2 : 0);
  return moves;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t kayles = 20000, dag_v = 10'000'000, dag_e = 30'000'000, cyc_v = 1'000'000, cyc_e = 2'000'000;
  std::vector<unsigned> threads;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    auto next = [&] { return a + 1 < argc ? std::strtoull(argv[++a], nullptr, 10) : 0ull; };
    if (arg == "kayles")
      kayles = next();
    else if (arg == "dag")
      dag_v = next(), dag_e = next();
    else if (arg == "cyclic")
      cyc_v = next(), cyc_e = next();
    else if (arg == "threads")
      while (a + 1 < argc) threads.push_back(static_cast<unsigned>(next()));
  }
  if (threads.empty()) threads = {1, 2};

  if (kayles > 0) {
    rtb::Params p;
    p.add("octal=0.77");
    p.add("heaps=" + std::to_string(kayles));
    const std::string what = "Kayles heaps 0.." + std::to_string(kayles);
    run(what.c_str(), rtb::Octal(p), kayles_moves(kayles), threads);
  }
  if (dag_v > 0) {
    const rtb::Graph g = rtb::bench::random_graph(static_cast<std::uint32_t>(dag_v), dag_e, true);
    const std::string what =
        "random acyclic graph " + std::to_string(dag_v) + " V " + std::to_string(dag_e) + " E";
    run(what.c_str(), g, dag_e, threads);
  }
  if (cyc_v > 0) {
    const rtb::Graph g = rtb::bench::random_graph(static_cast<std::uint32_t>(cyc_v), cyc_e, false);
    const std::string what =
        "random cyclic graph " + std::to_string(cyc_v) + " V " + std::to_string(cyc_e) + " E";
    run(what.c_str(), g, cyc_e, threads);
  }
}
