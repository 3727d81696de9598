// The split solver (gen/mpi/split_retrograde.h) against the naive
// round-by-round fixpoint on random graphs, values and depths, on however
// many ranks mpirun starts (tests/CMakeLists.txt runs it on 1 to 4). Also
// the positions with more than 255 moves, which the single-process pass
// recounts and the split one counts in 16 bits, and a failure on one rank
// that every rank must report; and random games in tiers, each tier split
// over the ranks, its moves into the tier before read from their owners
// (gen/mpi/split_tiers.h). Exit status 0 when every rank agrees with
// the naive solver.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <span>
#include <string>
#include <vector>

#include "gen/mpi/comm.h"
#include "gen/mpi/split_retrograde.h"
#include "gen/mpi/split_tiers.h"
#include "tests/naive/naive_wdl.h"
#include "tests/naive/random_graphs.h"
#include "tests/support/explicit_game.h"
#include "tests/support/tiered_game.h"

namespace rtb {
namespace {

// Every rank's part, in index order, on every rank.
std::vector<std::uint16_t> allgather_values(const mpi::Comm& comm, const mpi::SplitResult& part, Index size) {
  const Index block = mpi::block_of(size, comm.size());
  std::vector<int> counts(comm.size()), at(comm.size());
  for (int r = 0; r < comm.size(); ++r) {
    const Index begin = std::min(size, block * static_cast<Index>(r));
    counts[r] = static_cast<int>(std::min(size, begin + block) - begin);
    at[r] = static_cast<int>(begin);
  }
  std::vector<std::uint16_t> all(size);
  mpi::check(MPI_Allgatherv(part.values.data(), static_cast<int>(part.values.size()), MPI_UINT16_T,
                            all.data(), counts.data(), at.data(), MPI_UINT16_T, MPI_COMM_WORLD),
             "allgatherv");
  return all;
}

// The first vertex of g whose value in `got` differs from the naive
// solver's, as a message; "" when none does and every vertex was legal.
std::string first_difference(const naive::Graph& g, std::span<const std::uint16_t> got, std::uint64_t legal,
                             const std::string& what) {
  if (got.size() != g.n) return what + ": " + std::to_string(got.size()) + " values";
  const std::vector<Value> expected = naive::solve_wdl(g);
  for (std::uint32_t v = 0; v < g.n; ++v)
    if (Value::from_code(got[v]) != expected[v])
      return what + ": vertex " + std::to_string(v) + " is " + to_string(Value::from_code(got[v])) +
             ", the naive solver says " + to_string(expected[v]);
  if (legal != g.n) return what + ": " + std::to_string(legal) + " legal positions";
  return "";
}

std::string compare(const naive::Graph& g, const mpi::Comm& comm, const std::string& what) {
  const testing::ExplicitGame game(g);
  const mpi::SplitResult part = mpi::solve_split(game, comm);
  return first_difference(g, allgather_values(comm, part, game.size()), part.stats.legal, what);
}

// Every tier solved split over the ranks, then gathered on rank 0 and compared there.
std::string compare_tiered(std::uint64_t seed, const mpi::Comm& comm) {
  const testing::TieredCase c = testing::random_tiered(seed);
  const testing::TieredGame game(c.graph, c.begins);
  std::vector<std::uint16_t> got;
  const mpi::SplitTotals totals = mpi::solve_tiers_split(
      game, comm,
      [&](std::span<const std::uint16_t> part) { got.insert(got.end(), part.begin(), part.end()); });
  if (!comm.root()) return "";
  return first_difference(c.graph, got, totals.stats.legal, "tiered graph " + std::to_string(seed));
}

int run(const mpi::Comm& comm) {
  std::string failure;
  for (std::uint64_t seed = 1; seed <= 600 && failure.empty(); ++seed) {
    naive::GraphSpec spec = naive::random_spec(seed);
    spec.random_terminals = seed % 5 == 0;
    failure = compare(naive::make_graph(spec), comm, naive::describe(spec));
  }
  for (std::uint64_t seed = 1; seed <= 40 && failure.empty(); ++seed)
    failure = compare(naive::heavy_graph(seed), comm, "heavy graph " + std::to_string(seed));
  for (std::uint64_t seed = 1; seed <= 300 && comm.max(failure.empty() ? 0 : 1) == 0; ++seed)
    failure = compare_tiered(seed, comm);
  // A depth beyond what a table stores, found on one rank only: every rank
  // must end with the same error instead of waiting for the others.
  if (comm.max(failure.empty() ? 0 : 1) == 0) {
    naive::Graph chain;
    chain.n = 8;
    chain.out.resize(chain.n);
    chain.terminal.assign(chain.n, Value::loss(0));
    chain.out[0].push_back({false, 0, Value::win(Value::kMaxDepth - 1)});  // a loss in kMaxDepth
    for (std::uint32_t v = 1; v < chain.n; ++v) chain.out[v].push_back({true, v - 1, Value::draw()});
    try {
      const testing::ExplicitGame game(chain);
      mpi::solve_split(game, comm);
      failure = "a depth beyond the table's range was accepted";
    } catch (const mpi::MpiError& e) {
      if (std::string(e.what()).find("cannot be stored") == std::string::npos)
        failure = std::string("unexpected error: ") + e.what();
    }
  }
  if (!failure.empty()) std::cerr << "rank " << comm.rank() << ": " << failure << "\n";
  const std::uint64_t failed = comm.sum(failure.empty() ? 0 : 1);
  if (comm.root() && failed == 0)
    std::cout << "split solver matches the naive solver on " << comm.size() << " ranks\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace
}  // namespace rtb

int main() {
  const rtb::mpi::Session session;
  return rtb::run(rtb::mpi::Comm());
}
