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
#include "tests/explicit_game.h"
#include "tests/naive/naive_wdl.h"
#include "tests/naive/random_graphs.h"

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

// A random game in tiers, as Connect Four is split by discs but with
// moves inside a tier too (cycles, self-loops, repeats) besides those into
// the tier before and to known values: tier k is [begins[k], begins[k+1]).
class TieredGame : public testing::ExplicitGame {
 public:
  explicit TieredGame(const Params& p) : ExplicitGame(p) {}
  TieredGame(naive::Graph g, std::vector<Index> begins)
      : ExplicitGame(std::move(g)), begins_(std::move(begins)) {}
  std::uint32_t tier_count() const { return static_cast<std::uint32_t>(begins_.size() - 1); }
  Index tier_begin(std::uint32_t t) const { return begins_[t]; }

 private:
  std::vector<Index> begins_;
};
static_assert(Tiered<TieredGame>);

struct TieredCase {
  naive::Graph graph;
  std::vector<Index> begins;
};

TieredCase random_tiered(std::uint64_t seed) {
  naive::Rng rng(seed);
  std::vector<Index> begins{0};
  const std::uint32_t tiers = rng.between32(1, 6);
  for (std::uint32_t t = 0; t < tiers; ++t) begins.push_back(begins.back() + rng.between32(1, 60));
  naive::Graph g;
  g.n = static_cast<std::uint32_t>(begins.back());
  g.out.resize(g.n);
  g.terminal.assign(g.n, Value::loss(0));
  for (std::uint32_t t = 0; t < tiers; ++t)
    for (auto v = static_cast<std::uint32_t>(begins[t]); v < begins[t + 1]; ++v) {
      auto pick = [&](std::uint32_t tier) {
        return static_cast<std::uint32_t>(rng.between(begins[tier], begins[tier + 1] - 1));
      };
      const std::uint32_t inside = rng.between32(0, 3), down = t > 0 ? rng.between32(0, 3) : 0;
      for (std::uint32_t k = 0; k < inside; ++k) g.out[v].push_back(naive::detail::inside_edge(pick(t)));
      for (std::uint32_t k = 0; k < down; ++k) g.out[v].push_back(naive::detail::inside_edge(pick(t - 1)));
      if (rng.chance(1, 4)) g.out[v].push_back(naive::detail::known_edge(naive::detail::random_value(rng)));
      if (rng.chance(1, 5)) g.terminal[v] = naive::detail::random_value(rng);
    }
  return {std::move(g), std::move(begins)};
}

// Every tier solved split over the ranks, then gathered on rank 0 and compared there.
std::string compare_tiered(std::uint64_t seed, const mpi::Comm& comm) {
  const TieredCase c = random_tiered(seed);
  const TieredGame game(c.graph, c.begins);
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
