// The forward sweep of gen/core/reachable.h against a plain sequential
// breadth-first search on thousands of random graphs, with one thread and
// two, for a game without outside keys, one with outside_keys() only, and
// one that also has keyed_moves().
#include "gen/core/reachable.h"

#include <gtest/gtest.h>

#include <deque>
#include <set>

#include "tests/naive/random_graphs.h"
#include "tests/support/explicit_game.h"

namespace rtb {
namespace {

// Each known move leads to an outside position named by a key. Keys repeat
// across vertices (moves from different positions reach the same ending);
// a key's lowest bit marks a position that is its own mirror image.
constexpr std::uint64_t kKeys = 37;
std::uint64_t key_of(std::uint32_t from, std::size_t edge) {
  return (from * 7 + edge * 3) % kKeys;
}

class KeyedGame : public testing::ExplicitGame {
 public:
  explicit KeyedGame(const Params& p) : ExplicitGame(p) {}
  explicit KeyedGame(naive::Graph graph) : ExplicitGame(graph), graph_(std::move(graph)) {}
  std::uint64_t outside_size() const { return kKeys; }
  std::vector<std::uint64_t> outside_keys(Index i) const {
    std::vector<std::uint64_t> out;
    for (std::size_t e = 0; e < graph_.out[i].size(); ++e)
      if (!graph_.out[i][e].inside) out.push_back(key_of(static_cast<std::uint32_t>(i), e));
    return out;
  }

 protected:
  naive::Graph graph_;
};

class KeyedMovesGame : public KeyedGame {
 public:
  using KeyedGame::KeyedGame;
  template <class F>
  void keyed_moves(Index i, F&& f) const {
    for (std::size_t e = 0; e < graph_.out[i].size(); ++e) {
      const naive::Edge& m = graph_.out[i][e];
      if (m.inside)
        f(Successor::to(m.to), std::uint64_t{0});
      else
        f(Successor::known(m.known), key_of(static_cast<std::uint32_t>(i), e));
    }
  }
};
static_assert(KeysMoves<KeyedMovesGame> && !KeysMoves<KeyedGame>);

struct Expected {
  std::vector<bool> inside;
  std::uint64_t ended_inside = 0, outside[3] = {0, 0, 0}, outside_full[3] = {0, 0, 0};
  std::uint32_t plies = 0;
};

Expected naive_sweep(const naive::Graph& g, std::uint32_t start, bool keyed) {
  Expected e;
  e.inside.assign(g.n, false);
  std::vector<std::uint32_t> distance(g.n, 0);
  std::set<std::uint64_t> keys;
  std::deque<std::uint32_t> queue{start};
  e.inside[start] = true;
  while (!queue.empty()) {
    const std::uint32_t v = queue.front();
    queue.pop_front();
    e.plies = std::max(e.plies, distance[v]);
    e.ended_inside += g.out[v].empty();
    for (std::size_t k = 0; k < g.out[v].size(); ++k) {
      const naive::Edge& m = g.out[v][k];
      if (!m.inside) {
        if (keyed && keys.insert(key_of(v, k)).second) {
          ++e.outside[static_cast<int>(m.known.outcome())];
          e.outside_full[static_cast<int>(m.known.outcome())] += 2 - (key_of(v, k) & 1);
        }
      } else if (!e.inside[m.to]) {
        e.inside[m.to] = true;
        distance[m.to] = distance[v] + 1;
        queue.push_back(m.to);
      }
    }
  }
  return e;
}

template <class G>
void expect_sweep(const G& game, const naive::Graph& g, std::uint32_t start, bool keyed, unsigned threads,
                  const std::string& what) {
  ThreadPool pool(threads);
  const Reached r = reachable(game, start, pool);
  const Expected e = naive_sweep(g, start, keyed);
  for (std::uint32_t v = 0; v < g.n; ++v) ASSERT_EQ(r.inside.test(v), e.inside[v]) << what << " vertex " << v;
  EXPECT_EQ(r.plies, e.plies) << what;
  EXPECT_EQ(r.tally.ended_inside, e.ended_inside) << what;
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(r.tally.outside[k], e.outside[k]) << what;
    EXPECT_EQ(r.tally.outside_full[k], e.outside_full[k]) << what;
  }
}

TEST(Reachable, AgreesWithABreadthFirstSearchOnRandomGraphs) {
  for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
    naive::GraphSpec spec = naive::random_spec(seed);
    spec.known_edges = seed % 2 == 0;
    const naive::Graph g = naive::make_graph(spec);
    const auto start = static_cast<std::uint32_t>(seed * 11 % g.n);
    const std::string what = naive::describe(spec);
    const unsigned threads = 1 + seed % 2;
    expect_sweep(testing::ExplicitGame(g), g, start, false, threads, what + " (no keys)");
    expect_sweep(KeyedGame(g), g, start, true, threads, what + " (outside_keys)");
    expect_sweep(KeyedMovesGame(g), g, start, true, threads, what + " (keyed_moves)");
    if (HasFailure()) return;
  }
}

TEST(Reachable, KeysThatDisagreeWithTheMovesAreAnError) {
  class Short : public KeyedGame {
   public:
    using KeyedGame::KeyedGame;
    std::vector<std::uint64_t> outside_keys(Index) const { return {}; }
  };
  naive::Graph g;
  g.n = 1;
  g.out = {{naive::Edge{false, 0, Value::win(1)}}};
  g.terminal = {Value::loss(0)};
  ThreadPool pool(1);
  EXPECT_THROW(reachable(Short(g), 0, pool), std::logic_error);
}

}  // namespace
}  // namespace rtb
