// The split solver (gen/mpi/split_retrograde.h) against the naive
// round-by-round fixpoint on random graphs, values and depths, on however
// many ranks mpirun starts (tests/CMakeLists.txt runs it on 1 to 4). Also
// the positions with more than 255 moves, which the single-process pass
// recounts and the split one counts in 16 bits, and a failure on one rank
// that every rank must report. Exit status 0 when every rank agrees with
// the naive solver.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "gen/mpi/comm.h"
#include "gen/mpi/split_retrograde.h"
#include "tests/explicit_game.h"
#include "tests/naive/naive_wdl.h"
#include "tests/naive/random_graphs.h"

namespace rtb {
namespace {

// The first vertex whose value differs, as a message; "" when none does.
std::string compare(const naive::Graph& g, const mpi::Comm& comm, const std::string& what) {
  const testing::ExplicitGame game(g);
  const mpi::SplitResult part = mpi::solve_split(game, comm);
  const std::vector<std::uint16_t> got = mpi::allgather_values(comm, part, game.size());
  const std::vector<Value> expected = naive::solve_wdl(g);
  for (std::uint32_t v = 0; v < g.n; ++v)
    if (Value::from_code(got[v]) != expected[v])
      return what + ": vertex " + std::to_string(v) + " is " + to_string(Value::from_code(got[v])) +
             ", the naive solver says " + to_string(expected[v]);
  if (part.stats.legal != g.n) return what + ": " + std::to_string(part.stats.legal) + " legal positions";
  return "";
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
  // A depth beyond what a table stores, found on one rank only: every rank
  // must end with the same error instead of waiting for the others.
  if (failure.empty()) {
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
