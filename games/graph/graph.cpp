#include "games/graph/graph.h"

#include <xxhash.h>

#include <charconv>
#include <filesystem>

#include "games/graph/graph_file.h"
#include "games/quote_input.h"

namespace rtb {
namespace {

using graph_file::EdgeList;

// Compressed rows of `edges` grouped by `key(edge)`, holding `value(edge)`.
template <class Key, class Val>
void build_rows(std::uint32_t n, const EdgeList& edges, Key key, Val value, std::vector<std::uint64_t>& begin,
                std::vector<std::uint32_t>& items) {
  begin.assign(std::size_t{n} + 1, 0);
  std::uint64_t kept = 0;
  for (const auto& e : edges)
    if (auto k = key(e)) ++begin[*k + 1], ++kept;
  for (std::uint32_t i = 0; i < n; ++i) begin[i + 1] += begin[i];
  items.resize(kept);
  std::vector<std::uint64_t> fill(begin.begin(), begin.end() - 1);
  for (const auto& e : edges)
    if (auto k = key(e)) items[fill[*k]++] = value(e);
}

}  // namespace

std::vector<ParamDoc> Graph::param_docs() {
  return {
      {"file", "path of the graph file", ""},
      {"misere", "1: a player who cannot move wins", "0"},
      {"target", "vertex V: moving onto V wins (V is a loss for the player to move there)", "none"},
      {"format",
       "graph, or ioi-train: IOI 2017 Train input ('n m', n owners with 1 = A, n charging flags, m tracks "
       "'u v' from 0), an arena for tbgen --solver arena",
       "graph"}};
}

Graph::Graph(const Params& params) {
  std::string path = params.get("file", "");
  if (path.empty()) throw GameError("game graph needs --param file=PATH");
  const std::string format = params.get("format", "graph");
  if (format != "graph" && format != "ioi-train")
    throw GameError("graph: format must be graph or ioi-train, not " + quote_input(format));
  if (format == "ioi-train" && (params.has("misere") || params.has("target")))
    throw GameError("graph: misere and target do not apply to format=ioi-train");
  options_.misere = params.get_int("misere", 0, 0, 1) == 1;
  std::int64_t target = params.get_int("target", 0, 0, 0xFFFFFFFEll);
  params.reject_unknown(kName);

  // Records of the IOI format span lines; the graph format's lines are short.
  const std::string content = graph_file::read_text(
      path, {graph_file::kMaxFileBytes, format == "graph" ? graph_file::kMaxGraphLine : 0});
  if (format == "ioi-train") {
    params_ = params;
    read_train(path, content);
    return;
  }
  graph_file::GraphFile file = graph_file::parse_graph(path, content);
  if (target > static_cast<std::int64_t>(file.n))
    throw GameError("target=" + std::to_string(target) + " is not a vertex of " + path);
  options_.target = static_cast<std::uint32_t>(target);

  std::error_code ec;
  auto absolute = std::filesystem::absolute(path, ec);
  params_ = params;
  params_.set("file", ec ? path : absolute.string());
  stem_ = std::filesystem::path(path).stem().string();
  build(file.n, file.edges, {});
  identity_ += ";content=" + std::to_string(XXH3_64bits(content.data(), content.size()));
}

std::uint64_t Graph::memory_bytes() const {
  auto bytes = [](const auto& v) { return std::uint64_t{v.capacity()} * sizeof(v[0]); };
  return bytes(out_begin_) + bytes(in_begin_) + bytes(known_begin_) + bytes(out_) + bytes(in_) +
         bytes(known_) + bytes(owner_) + bytes(charging_);
}

Graph::Graph(std::uint32_t n, const EdgeList& edges, Options options, const std::vector<KnownMove>& known)
    : options_(options) {
  if (n == 0) throw GameError("a graph needs at least one vertex");
  for (const auto& [u, v] : edges)
    if (u < 1 || u > n || v < 1 || v > n) throw GameError("edge vertex out of range");
  build(n, edges, known);
  params_.set("misere", options.misere ? "1" : "0");
  if (options.target) params_.set("target", std::to_string(options.target));
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  XXH3_64bits_update(state, edges.data(), edges.size() * sizeof(edges[0]));
  identity_ += ";edges=" + std::to_string(XXH3_64bits_digest(state));
  XXH3_freeState(state);
}

void Graph::read_train(const std::string& path, const std::string& content) {
  graph_file::TrainFile file = graph_file::parse_train(path, content);
  std::error_code ec;
  auto absolute = std::filesystem::absolute(path, ec);
  params_.set("file", ec ? path : absolute.string());
  params_.set("format", "ioi-train");
  stem_ = std::filesystem::path(path).stem().string();
  owner_ = std::move(file.owner);
  charging_ = std::move(file.charging);
  build(static_cast<std::uint32_t>(owner_.size()), file.tracks, {});
  identity_ += ";content=" + std::to_string(XXH3_64bits(content.data(), content.size()));
}

Graph::Graph(std::vector<Player> owner, std::vector<std::uint8_t> charging, EdgeList tracks)
    : owner_(std::move(owner)), charging_(std::move(charging)) {
  const std::size_t n = owner_.size();
  if (n == 0 || n > 0xFFFFFFFEull || charging_.size() != n)
    throw GameError("an arena needs 1 to 4294967294 stations, each with an owner and a charging flag");
  std::vector<std::uint8_t> has_track(n, 0);
  for (auto& [u, v] : tracks) {
    if (u >= n || v >= n) throw GameError("track station out of range");
    has_track[u] = 1;
    ++u, ++v;  // build() numbers from 1
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!has_track[i]) throw GameError("station " + std::to_string(i) + " has no track leaving it");
  build(static_cast<std::uint32_t>(n), tracks, {});
  params_.set("format", "ioi-train");
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  XXH3_64bits_update(state, tracks.data(), tracks.size() * sizeof(tracks[0]));
  XXH3_64bits_update(state, owner_.data(), owner_.size());
  XXH3_64bits_update(state, charging_.data(), charging_.size());
  identity_ += ";edges=" + std::to_string(XXH3_64bits_digest(state));
  XXH3_freeState(state);
}

void Graph::build(std::uint32_t n, const EdgeList& edges, const std::vector<KnownMove>& known) {
  n_ = n;
  const std::uint32_t target = options_.target;
  // The target ends the game: its edges are not moves, in either direction.
  auto from = [&](const auto& e) { return e.first == target ? std::nullopt : std::optional(e.first - 1); };
  auto to = [&](const auto& e) { return e.first == target ? std::nullopt : std::optional(e.second - 1); };
  build_rows(
      n, edges, from, [](const auto& e) { return e.second - 1; }, out_begin_, out_);
  build_rows(
      n, edges, to, [](const auto& e) { return e.first - 1; }, in_begin_, in_);
  if (!known.empty()) {
    EdgeList known_edges;
    for (std::uint32_t k = 0; k < known.size(); ++k) known_edges.emplace_back(known[k].from, k);
    std::vector<std::uint32_t> order;
    build_rows(
        n, known_edges, from, [](const auto& e) { return e.second; }, known_begin_, order);
    for (auto k : order) known_.push_back(known[k].value);
  }
  if (has_owners())  // owners and charging flags are hashed with the edges by the callers
    identity_ = "graph;format=ioi-train;n=" + std::to_string(n);
  else
    identity_ = "graph;n=" + std::to_string(n) + ";misere=" + (options_.misere ? "1" : "0") +
                ";target=" + std::to_string(target);
}

std::string Graph::table_name() const {
  std::string name = "graph-" + stem_;
  if (has_owners()) name += "-ioi";
  if (options_.misere) name += "-misere";
  if (options_.target) name += "-target" + std::to_string(options_.target);
  return name;
}

Index Graph::parse(std::string_view s) const {
  std::uint64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  const std::uint64_t first = has_owners() ? 0 : 1;  // IOI stations count from 0
  if (ec != std::errc() || end != s.data() + s.size() || v < first || v - first >= n_)
    throw GameError(quote_input(s) + " is not a " + (first ? "vertex 1.." : "station 0..") +
                    std::to_string(n_ - 1 + first));
  return v - first;
}

}  // namespace rtb
