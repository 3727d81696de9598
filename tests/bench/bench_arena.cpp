// Speed of the arena solver (gen/arena/solve.h):
//   bench_arena [stations] [tracks] [threads...]
// 1. IOI 2017 Train at the task's limits (n = 5,000, m = 20,000): a random
//    arena, and the chain that forces one outer round per station (the
//    O(n * m) worst case of buchi), per objective.
// 2. A random arena built in memory (default 10 million stations, 30
//    million tracks), each objective and thread count: seconds, stations and
//    tracks per second, rounds, and the solver's own peak memory above the
//    arena (the kernel's peak counter is reset before each run where
//    /proc/self/clear_refs allows it).
#include <malloc.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "games/graph/graph.h"
#include "gen/arena/solve.h"
#include "gen/core/system.h"
#include "tests/naive/random_graphs.h"

namespace {

using rtb::Objective;
using Tracks = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
constexpr Objective kObjectives[] = {Objective::Reach, Objective::Safety, Objective::Buchi,
                                     Objective::CoBuchi};

double mib(std::uint64_t bytes) {
  return static_cast<double>(bytes) / (1 << 20);
}

std::uint64_t resident_bytes() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  return 0;
}

// Lets the next peak_memory_bytes() report the peak from now on.
bool reset_peak() {
  return static_cast<bool>(std::ofstream("/proc/self/clear_refs") << "5");
}

// Each station has a track to a random station, the others join random
// stations; owners are random, about a third of the stations charge.
rtb::Graph random_arena(std::uint32_t n, std::uint64_t m, std::uint64_t seed) {
  rtb::naive::Rng rng(seed);
  Tracks tracks(m);
  for (std::uint64_t k = 0; k < m; ++k)
    tracks[k] = {k < n ? static_cast<std::uint32_t>(k) : static_cast<std::uint32_t>(rng.below(n)),
                 static_cast<std::uint32_t>(rng.below(n))};
  std::vector<rtb::Player> owner(n);
  std::vector<std::uint8_t> charging(n);
  for (std::uint32_t v = 0; v < n; ++v) {
    owner[v] = rng.chance(1, 2) ? rtb::Player::A : rtb::Player::B;
    charging[v] = rng.chance(1, 3);
  }
  return rtb::Graph(std::move(owner), std::move(charging), std::move(tracks));
}

// Charging stations 0 -> 1 -> ... -> n-2 -> n-1, which only loops; every
// track four times. Buchi drops one station per round: n + 1 rounds.
rtb::Graph chain_arena(std::uint32_t n) {
  Tracks tracks;
  std::vector<rtb::Player> owner;
  std::vector<std::uint8_t> charging;
  for (std::uint32_t v = 0; v < n; ++v) {
    owner.push_back(v % 3 ? rtb::Player::A : rtb::Player::B);
    charging.push_back(v + 1 < n);
    for (int copy = 0; copy < 4; ++copy) tracks.emplace_back(v, std::min(v + 1, n - 1));
  }
  return rtb::Graph(std::move(owner), std::move(charging), std::move(tracks));
}

// Processor time of the whole process, all threads: on a shared machine a
// steadier figure than the wall clock.
double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

rtb::ArenaResult timed_solve(const rtb::Graph& g, Objective o, unsigned threads, double& seconds,
                             double* cpu = nullptr) {
  rtb::GenOptions options;
  options.threads = threads;
  const double cpu_start = cpu_seconds();
  const auto start = std::chrono::steady_clock::now();
  rtb::ArenaResult r = rtb::solve_arena(g, o, options);
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (cpu) *cpu = cpu_seconds() - cpu_start;
  return r;
}

void ioi_limits() {
  std::printf("IOI 2017 Train limits, n = 5000, m = 20000, 1 thread (best of 5 runs):\n");
  const rtb::Graph random = random_arena(5000, 20000, 1), chain = chain_arena(5000);
  for (const auto& [name, g] :
       {std::pair<const char*, const rtb::Graph*>{"random", &random}, {"chain", &chain}})
    for (Objective o : kObjectives) {
      double best = 1e9, seconds = 0;
      std::uint32_t rounds = 0;
      for (int run = 0; run < 5; ++run) {
        rounds = timed_solve(*g, o, 1, seconds).stats.rounds;
        best = std::min(best, seconds);
      }
      std::printf("  %-6s %-7s %8.2f ms  %5u rounds\n", name, std::string(rtb::objective_name(o)).c_str(),
                  best * 1e3, rounds);
    }
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint32_t n = argc > 1 ? static_cast<std::uint32_t>(std::atoll(argv[1])) : 10'000'000;
  const std::uint64_t m = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 3ull * n;
  std::vector<unsigned> thread_counts;
  for (int a = 3; a < argc; ++a) thread_counts.push_back(static_cast<unsigned>(std::atoi(argv[a])));
  if (thread_counts.empty()) thread_counts = {1, 2};

  // Large arrays always get their own mapping and go back to the system when
  // freed, so the resident size follows what is live.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // each figure as soon as it is measured
  ioi_limits();
  const rtb::Graph g = random_arena(n, m, 2024);
  const std::uint64_t build_peak = rtb::peak_memory_bytes();
  malloc_trim(0);
  const std::uint64_t arena_bytes = resident_bytes();
  std::printf(
      "random arena: %u stations, %llu tracks (arena itself: %.0f MiB resident, %.0f MiB peak to build)\n", n,
      static_cast<unsigned long long>(m), mib(arena_bytes), mib(build_peak));
  for (Objective o : kObjectives)
    for (unsigned threads : thread_counts) {
      const bool exact_peak = reset_peak();
      const std::uint64_t before = resident_bytes();
      double s = 0, cpu = 0;
      const rtb::ArenaResult r = timed_solve(g, o, threads, s, &cpu);
      std::printf(
          "%-7s threads %u: %.2f s (cpu %.2f s), %.1f M stations/s, %.1f M tracks/s; A wins %llu, B wins "
          "%llu; %u rounds, "
          "largest detail %u; solver peak %.0f MiB%s\n",
          std::string(rtb::objective_name(o)).c_str(), threads, s, cpu, n / s / 1e6,
          static_cast<double>(m) / s / 1e6, static_cast<unsigned long long>(r.stats.a_wins),
          static_cast<unsigned long long>(r.stats.b_wins), r.stats.rounds, r.stats.max_detail,
          mib(rtb::peak_memory_bytes() - before),
          exact_peak ? "" : " (peak since start: clear_refs refused)");
    }
}
