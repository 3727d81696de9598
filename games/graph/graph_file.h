// The two text formats of the graph plugin, read with bounds: a file that
// declares more than it holds, never ends, or is not text is refused with a
// one-line GameError before anything is allocated for it.
//   graph:     'n m', then m lines 'u v' with vertices numbered from 1;
//   ioi-train: IOI 2017 Train input: 'n m', n owners (1 = A), n charging
//              flags (1 = charging), m tracks 'u v' numbered from 0.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "games/arena.h"

namespace rtb::graph_file {

using EdgeList = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

// A file holds at most this many bytes (about 200 million edges); a regular
// file that is larger is refused before it is read, anything else (a fifo,
// /dev/urandom) once it has sent that much.
inline constexpr std::uint64_t kMaxFileBytes = std::uint64_t{4} << 30;
// A line of the graph format is two numbers; longer lines are refused as
// soon as they are seen, even in a file that never ends.
inline constexpr std::size_t kMaxGraphLine = 1024;
// Vertices of the graph format: each costs the plugin 16 bytes and the
// solver more, and a file can declare them without listing them.
inline constexpr std::uint64_t kMaxVertices = std::uint64_t{1} << 28;

struct Limits {
  std::uint64_t max_bytes = kMaxFileBytes;
  std::size_t max_line = kMaxGraphLine;  // 0: lines of any length
};

// The whole file, which must consist of digits and white space only; throws
// GameError("PATH:LINE: ...") at the first byte that breaks a limit.
std::string read_text(const std::string& path, const Limits& limits);

struct GraphFile {
  std::uint32_t n = 0;
  EdgeList edges;  // numbered from 1
};
GraphFile parse_graph(const std::string& path, const std::string& content);

struct TrainFile {
  std::vector<Player> owner;
  std::vector<std::uint8_t> charging;
  EdgeList tracks;  // numbered from 1, as Graph::build() takes them
};
TrainFile parse_train(const std::string& path, const std::string& content);

}  // namespace rtb::graph_file
