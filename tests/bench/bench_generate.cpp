// Generation speed on a random graph built in memory (not parsed from text):
//   bench_generate [--dag] [vertices] [edges] [threads...]
// prints, per thread count, positions and edges per second and peak memory.
// A random graph of average degree 5 is mostly drawn, so little propagates;
// --dag orients every edge to a higher vertex, so every position resolves
// and every unmove is followed.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "games/graph/graph.h"
#include "gen/core/system.h"
#include "gen/wdl/retrograde.h"
#include "tests/bench/random_graph.h"

int main(int argc, char** argv) {
  const bool dag = argc > 1 && std::string(argv[1]) == "--dag";
  if (dag) --argc, ++argv;
  const std::uint32_t n = argc > 1 ? static_cast<std::uint32_t>(std::atoll(argv[1])) : 10'000'000;
  const std::uint64_t m = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 50'000'000;
  std::vector<unsigned> thread_counts;
  for (int a = 3; a < argc; ++a) thread_counts.push_back(static_cast<unsigned>(std::atoi(argv[a])));
  if (thread_counts.empty()) thread_counts = {1, 2};

  const rtb::Graph graph = rtb::bench::random_graph(n, m, dag);
  const double graph_mib = static_cast<double>(rtb::peak_memory_bytes()) / (1 << 20);
  std::printf("random %s: %u vertices, %llu edges (graph itself: %.0f MiB peak)\n",
              dag ? "acyclic graph" : "graph", n, static_cast<unsigned long long>(m), graph_mib);

  for (unsigned threads : thread_counts) {
    rtb::GenOptions options;
    options.threads = threads;
    const auto start = std::chrono::steady_clock::now();
    const rtb::GenResult result = rtb::generate(graph, options);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "threads %u: %.2f s, %.1f M positions/s, %.1f M edges/s; wins %llu, losses %llu, draws %llu, "
        "longest %u plies; peak %.0f MiB\n",
        threads, s, n / s / 1e6, static_cast<double>(m) / s / 1e6,
        static_cast<unsigned long long>(result.stats.wins),
        static_cast<unsigned long long>(result.stats.losses),
        static_cast<unsigned long long>(result.stats.draws), result.stats.max_depth,
        static_cast<double>(rtb::peak_memory_bytes()) / (1 << 20));
  }
}
