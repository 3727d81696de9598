// Generation speed on a random graph built in memory (not parsed from text):
//   bench_generate [--dag] [--bytes] [vertices] [edges] [threads...]
// prints, per thread count, positions and edges per second and peak memory.
// A random graph of average degree 5 is mostly drawn, so little propagates;
// --dag orients every edge to a higher vertex, so every position resolves
// and every unmove is followed; --bytes solves in a byte a vertex
// (gen/depth/ring_codes.h), its depths spilled to the temporary directory
// and the values handed over as they are put together, not kept. Last it
// prints the ceiling: random 2-byte
// decrements per second on one core over an array of one code per vertex,
// prefetched ahead, which is what an unmove's update costs at best.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "games/graph/graph.h"
#include "gen/core/system.h"
#include "gen/depth/retrograde.h"
#include "tests/bench/random_graph.h"

// Random decrements of n 2-byte codes, m of them, each prefetched 32 ahead.
static double update_ceiling(std::uint32_t n, std::uint64_t m) {
  std::mt19937_64 rng(7);
  std::vector<std::uint32_t> at(m);
  for (auto& i : at) i = static_cast<std::uint32_t>(rng() % n);
  std::vector<std::uint16_t> code(n, 1000);
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t k = 0; k < m; ++k) {
    if (k + 32 < m) __builtin_prefetch(&code[at[k + 32]], 1);
    --code[at[k]];
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::uint64_t sum = 0;  // read back, so that the loop is not optimised away
  for (std::uint16_t c : code) sum += c;
  if (sum == 0) std::printf(" ");
  return static_cast<double>(m) / s;
}

int main(int argc, char** argv) {
  const bool dag = argc > 1 && std::string(argv[1]) == "--dag";
  if (dag) --argc, ++argv;
  const bool bytes = argc > 1 && std::string(argv[1]) == "--bytes";
  if (bytes) --argc, ++argv;
  const std::uint32_t n = argc > 1 ? static_cast<std::uint32_t>(std::atoll(argv[1])) : 10'000'000;
  const std::uint64_t m = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 50'000'000;
  std::vector<unsigned> thread_counts;
  for (int a = 3; a < argc; ++a) thread_counts.push_back(static_cast<unsigned>(std::atoi(argv[a])));
  if (thread_counts.empty()) thread_counts = {1, 2};

  const rtb::Graph graph = rtb::bench::random_graph(n, m, dag);
  const double graph_mib = static_cast<double>(rtb::peak_memory_bytes()) / (1 << 20);
  std::printf("random %s: %u vertices, %llu edges (graph itself: %.0f MiB peak), %s a vertex\n",
              dag ? "acyclic graph" : "graph", n, static_cast<unsigned long long>(m), graph_mib,
              bytes ? "a byte" : "two bytes");

  // Untimed: the first run in a process also pays the kernel's first touch
  // of the memory the generator allocates, which later runs reuse.
  auto solve = [&](rtb::GenOptions options) {
    options.spill_prefix = (std::filesystem::temp_directory_path() / "bench_generate.spill").string();
    if (!bytes) return rtb::generate(graph, options);
    rtb::GenResult result;
    result.stats = rtb::generate_in_bytes(graph, options, [](std::span<const std::uint16_t>) {});
    return result;
  };
  rtb::GenOptions warm_up;
  warm_up.threads = 1;
  solve(warm_up);

  for (unsigned threads : thread_counts) {
    rtb::GenOptions options;
    options.threads = threads;
    const auto start = std::chrono::steady_clock::now();
    const rtb::GenResult result = solve(options);
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
  std::printf("ceiling: %.0f M random updates/s on one core over %u codes\n", update_ceiling(n, m) / 1e6, n);
}
