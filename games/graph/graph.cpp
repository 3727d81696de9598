#include "games/graph/graph.h"

#include <xxhash.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace rtb {
namespace {

using EdgeList = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

// Reads the numbers of one line; false if the line holds anything else.
bool read_numbers(std::string_view line, std::vector<std::uint64_t>& out) {
  out.clear();
  std::size_t pos = 0;
  while (true) {
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t' || line[pos] == '\r')) ++pos;
    if (pos == line.size()) return true;
    std::uint64_t v = 0;
    auto [end, ec] = std::from_chars(line.data() + pos, line.data() + line.size(), v);
    if (ec != std::errc()) return false;
    out.push_back(v);
    pos = static_cast<std::size_t>(end - line.data());
    if (pos < line.size() && line[pos] != ' ' && line[pos] != '\t' && line[pos] != '\r') return false;
  }
}

// At most how many records of two numbers `content` can hold: each
// takes at least two digits and two separators. Bounds what is reserved
// for a count the file claims, which may be far from what it holds.
std::uint64_t max_records(const std::string& content) {
  return content.size() / 4 + 1;
}

struct GraphFile {
  std::uint32_t n = 0;
  EdgeList edges;
};

GraphFile parse_graph_file(const std::string& path, const std::string& content) {
  auto fail = [&](std::size_t line, const std::string& why) -> GraphFile {
    throw GameError(path + ":" + std::to_string(line) + ": " + why);
  };
  GraphFile g;
  std::istringstream in(content);
  std::string line;
  std::vector<std::uint64_t> nums;
  std::size_t line_no = 0;
  std::uint64_t m = 0;
  bool have_header = false;
  while (std::getline(in, line)) {
    ++line_no;
    if (!read_numbers(line, nums)) return fail(line_no, "expected numbers, found '" + line + "'");
    if (nums.empty()) continue;
    if (!have_header) {
      if (nums.size() != 2) return fail(line_no, "the first line must be 'n m'");
      if (nums[0] == 0 || nums[0] > 0xFFFFFFFEull) return fail(line_no, "n must be from 1 to 4294967294");
      g.n = static_cast<std::uint32_t>(nums[0]);
      m = nums[1];
      g.edges.reserve(std::min<std::uint64_t>(m, max_records(content)));
      have_header = true;
      continue;
    }
    if (nums.size() != 2) return fail(line_no, "an edge line must be 'u v'");
    if (g.edges.size() == m) return fail(line_no, "more edge lines than m = " + std::to_string(m));
    for (auto v : nums)
      if (v < 1 || v > g.n)
        return fail(line_no, "vertex " + std::to_string(v) + " is out of range 1.." + std::to_string(g.n));
    g.edges.emplace_back(static_cast<std::uint32_t>(nums[0]), static_cast<std::uint32_t>(nums[1]));
  }
  if (!have_header) return fail(line_no, "empty file: expected 'n m'");
  if (g.edges.size() != m)
    return fail(line_no,
                "expected " + std::to_string(m) + " edge lines, found " + std::to_string(g.edges.size()));
  return g;
}

// The numbers of a file separated by any whitespace, each with its line, so
// that an error names the line even where a record spans several lines.
class Tokens {
 public:
  Tokens(const std::string& path, std::string_view text) : path_(path), text_(text) {}

  // The next number, which must be in [lo, hi]; `what` names it in errors.
  std::uint64_t next(std::uint64_t lo, std::uint64_t hi, const std::string& what) {
    skip_space();
    if (pos_ == text_.size()) {
      line_ = token_line_;  // the end of the file is reported where the last number was
      fail("expected " + what + ", found the end of the file");
    }
    std::size_t end = pos_;
    while (end < text_.size() && !is_space(text_[end])) ++end;
    const std::string_view token = text_.substr(pos_, end - pos_);
    std::uint64_t v = 0;
    auto [stop, ec] = std::from_chars(token.data(), token.data() + token.size(), v);
    if (ec != std::errc() || stop != token.data() + token.size())
      fail("expected " + what + ", found '" + std::string(token) + "'");
    if (v < lo || v > hi)
      fail(what + " is " + std::to_string(v) + ", out of range " + std::to_string(lo) + ".." +
           std::to_string(hi));
    pos_ = end;
    token_line_ = line_;
    return v;
  }
  bool at_end() {
    skip_space();
    return pos_ == text_.size();
  }
  [[noreturn]] void fail(const std::string& why) const {
    throw GameError(path_ + ":" + std::to_string(line_) + ": " + why);
  }
  std::size_t line() const { return line_; }

 private:
  static bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
  }
  void skip_space() {
    for (; pos_ < text_.size() && is_space(text_[pos_]); ++pos_) line_ += text_[pos_] == '\n';
  }

  const std::string& path_;
  std::string_view text_;
  std::size_t pos_ = 0, line_ = 1, token_line_ = 1;
};

struct TrainFile {
  std::vector<Player> owner;
  std::vector<std::uint8_t> charging;
  EdgeList tracks;  // numbered from 1, as build() takes them
};

// The line of the owner of `station`: where a station without a track is
// reported, since it has no track line of its own.
std::size_t owner_line(const std::string& path, const std::string& content, std::uint64_t station) {
  Tokens t(path, content);
  for (std::uint64_t k = 0; k < 2 + station; ++k) t.next(0, UINT64_MAX, "a number");
  t.at_end();
  return t.line();
}

// IOI 2017 Train: 'n m', n owners (1 = A), n charging flags (1 = charging),
// then m tracks 'u v' with stations numbered from 0.
TrainFile parse_train_file(const std::string& path, const std::string& content) {
  Tokens t(path, content);
  TrainFile f;
  const auto n = static_cast<std::uint32_t>(t.next(1, 0xFFFFFFFEull, "the number of stations n"));
  const std::uint64_t m = t.next(0, UINT64_MAX, "the number of tracks m");
  // Grown as the numbers are read, not sized from n: a short file may
  // claim four billion stations.
  f.owner.reserve(std::min<std::uint64_t>(n, max_records(content)));
  for (std::uint32_t i = 0; i < n; ++i)
    f.owner.push_back(t.next(0, 1, "the owner of station " + std::to_string(i)) == 1 ? Player::A : Player::B);
  f.charging.reserve(n);
  for (std::uint32_t i = 0; i < n; ++i)
    f.charging.push_back(
        static_cast<std::uint8_t>(t.next(0, 1, "the charging flag of station " + std::to_string(i))));
  f.tracks.reserve(std::min<std::uint64_t>(m, max_records(content)));
  std::vector<std::uint8_t> has_track(n, 0);
  for (std::uint64_t k = 0; k < m; ++k) {
    const std::string what = "station of track " + std::to_string(k);
    const auto u = static_cast<std::uint32_t>(t.next(0, n - 1, "the first " + what));
    const auto v = static_cast<std::uint32_t>(t.next(0, n - 1, "the second " + what));
    f.tracks.emplace_back(u + 1, v + 1);
    has_track[u] = 1;
  }
  if (!t.at_end()) t.fail("more than m = " + std::to_string(m) + " tracks");
  for (std::uint32_t i = 0; i < n; ++i)
    if (!has_track[i])
      throw GameError(path + ":" + std::to_string(owner_line(path, content, i)) + ": station " +
                      std::to_string(i) + " has no track leaving it (every station needs one)");
  return f;
}

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
    throw GameError("graph: format must be graph or ioi-train, not '" + format + "'");
  if (format == "ioi-train" && (params.has("misere") || params.has("target")))
    throw GameError("graph: misere and target do not apply to format=ioi-train");
  options_.misere = params.get_int("misere", 0, 0, 1) == 1;
  std::int64_t target = params.get_int("target", 0, 0, 0xFFFFFFFEll);
  params.reject_unknown(kName);

  std::ifstream in(path, std::ios::binary);
  if (!in) throw GameError("cannot read graph file " + path);
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (format == "ioi-train") {
    params_ = params;
    read_train(path, content);
    return;
  }
  GraphFile file = parse_graph_file(path, content);
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
  TrainFile file = parse_train_file(path, content);
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
    throw GameError("'" + std::string(s) + "' is not a " + (first ? "vertex 1.." : "station 0..") +
                    std::to_string(n_ - 1 + first));
  return v - first;
}

}  // namespace rtb
