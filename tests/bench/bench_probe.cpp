// Probes per second on a warm table, from one and from two threads. The
// table is a random graph of 2^20 vertices (256 blocks); probes are random
// indices, so each thread's block cache decides the speed once it is warm.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "games/graph/graph.h"
#include "gen/depth/build.h"
#include "gen/instances/instances.h"
#include "probe/probe.h"

namespace {

const std::filesystem::path& table_path() {
  static const std::filesystem::path path = [] {
    const auto dir = std::filesystem::temp_directory_path() / "rtb_bench_probe";
    std::filesystem::create_directories(dir);
    const std::uint32_t n = 1 << 20;
    const auto file = dir / "random.txt";
    {
      std::ofstream out(file);
      std::mt19937_64 rng(7);
      out << n << ' ' << 3 * n << '\n';
      for (std::uint32_t k = 0; k < 3 * n; ++k) out << rng() % n + 1 << ' ' << rng() % n + 1 << '\n';
    }
    rtb::Params params;
    params.set("file", file.string());
    rtb::BuildOptions options;
    options.out_dir = dir;
    options.force = true;
    rtb::Graph graph(params);
    return rtb::build_table(graph, options);
  }();
  return path;
}

void BM_ProbeWarmRandom(benchmark::State& state) {
  static const rtb::storage::TableReader reader_(table_path());
  const auto* reader = &reader_;
  const std::uint64_t n = reader->meta().index_size;
  std::mt19937_64 rng(state.thread_index() + 1);
  for (std::uint64_t i = 0; i < n; i += 4096) benchmark::DoNotOptimize(reader->value(i));  // warm up
  for (auto _ : state) benchmark::DoNotOptimize(reader->value(rng() % n));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ProbeWarmRandom)->Threads(1)->Threads(2)->UseRealTime();

void BM_ProbeTableByIndex(benchmark::State& state) {
  static const rtb::DepthTable table_(table_path());
  const auto* table = &table_;
  const std::uint64_t n = table->meta().index_size;
  std::mt19937_64 rng(state.thread_index() + 1);
  for (auto _ : state) benchmark::DoNotOptimize(table->value(rng() % n));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ProbeTableByIndex)->Threads(1)->Threads(2)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
