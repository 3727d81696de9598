// Graph files, in both formats the graph game reads: 'n m' and m edge
// lines, and the IOI 2017 Train input (an arena). The first byte picks the
// format and the options (bit 0: ioi-train; bit 1: misere; bit 2: target=2),
// the rest is the file.
//
// Properties: the constructor either throws GameError or gives a game
// whose moves stay inside [0, size), whose unmoves are the same edges seen
// from the other end, and whose vertices read back from their text.
#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include "games/graph/graph.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

using rtb::Graph;
using rtb::Index;

// A plain graph of n isolated vertices is valid and costs 16 bytes a
// vertex, so a short file can ask for gigabytes; inputs whose first
// number is large are skipped (an IOI file must list every station, so
// its size bounds n, and it is not skipped).
constexpr std::uint64_t kMaxPlainVertices = 1 << 12;

bool declares_huge_graph(std::string_view file) {
  std::size_t pos = file.find_first_not_of(" \t\r\n");
  if (pos == std::string_view::npos) return false;
  std::uint64_t n = 0;
  auto [end, ec] = std::from_chars(file.data() + pos, file.data() + file.size(), n);
  return ec == std::errc::result_out_of_range || (ec == std::errc() && n > kMaxPlainVertices);
}

void check_graph(const Graph& g) {
  const Index n = g.size();
  rtb::fuzz::expect(n >= 1, "a graph with no vertex");
  std::uint64_t out_edges = 0, in_edges = 0;
  std::vector<std::uint64_t> out_degree(n);
  for (Index i = 0; i < n; ++i) {
    g.moves(i, [&](rtb::Successor s) {
      rtb::fuzz::expect(s.inside && s.index < n, "a move leaves the graph");
      ++out_edges;
    });
    g.unmoves(i, [&](Index p) {
      rtb::fuzz::expect(p < n, "an unmove leaves the graph");
      ++in_edges, ++out_degree[p];
    });
    rtb::fuzz::expect(g.parse(g.text(i)) == i, "vertex text does not read back");
    if (g.has_owners()) {
      std::uint64_t moves = 0;
      g.moves(i, [&](rtb::Successor) { ++moves; });
      rtb::fuzz::expect(moves > 0, "an IOI station without a track");
    }
  }
  rtb::fuzz::expect(out_edges == in_edges, "moves and unmoves count different edges");
  for (Index i = 0; i < n; ++i) {
    std::uint64_t moves = 0;
    g.moves(i, [&](rtb::Successor) { ++moves; });
    rtb::fuzz::expect(moves == out_degree[i], "unmoves do not match the moves of a vertex");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const rtb::fuzz::ScratchFile scratch("rtb-fuzz-graph");
  const std::uint8_t options = data[0];
  const std::string_view file = rtb::fuzz::as_text(data + 1, size - 1);
  const bool train = options & 1;
  if (!train && declares_huge_graph(file)) return 0;
  rtb::Params params;
  params.set("file", scratch.write(file).string());
  if (train) params.set("format", "ioi-train");
  if (options & 2) params.set("misere", "1");
  if (options & 4) params.set("target", "2");
  try {
    const Graph g(params);
    check_graph(g);
  } catch (const rtb::GameError&) {
  }
  return 0;
}
