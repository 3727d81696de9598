// Reading a graph file: the bytes, bounded as they are read, then the
// numbers of a plain graph or of an IOI 2017 Train file.
#include "games/graph/graph_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <string_view>
#include <vector>

#include "games/game.h"
#include "games/quote_input.h"

namespace rtb::graph_file {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}
bool is_text(char c) {
  return is_space(c) || (c >= 0x20 && c < 0x7f);
}

std::string megabytes(std::uint64_t bytes) {
  return std::to_string(bytes >> 20) + " MiB";
}

// The line of `text` that starts at `begin`, as far as it has been read.
std::string_view line_at(std::string_view text, std::size_t begin) {
  const std::string_view rest = text.substr(begin);
  return rest.substr(0, rest.find('\n'));
}

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
      fail("expected " + what + ", found " + quote_input(token));
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
  // What is left is at most this many numbers: each needs a digit and,
  // but for the last, a separator.
  std::uint64_t room() const { return (text_.size() - pos_ + 1) / 2; }
  [[noreturn]] void fail(const std::string& why) const {
    throw GameError(path_ + ":" + std::to_string(line_) + ": " + why);
  }
  std::size_t line() const { return line_; }

 private:
  void skip_space() {
    for (; pos_ < text_.size() && is_space(text_[pos_]); ++pos_) line_ += text_[pos_] == '\n';
  }

  const std::string& path_;
  std::string_view text_;
  std::size_t pos_ = 0, line_ = 1, token_line_ = 1;
};

// The line of the owner of `station`: where a station without a track is
// reported, since it has no track line of its own.
std::size_t owner_line(const std::string& path, const std::string& content, std::uint64_t station) {
  Tokens t(path, content);
  for (std::uint64_t k = 0; k < 2 + station; ++k) t.next(0, UINT64_MAX, "a number");
  t.at_end();
  return t.line();
}

// A graph file open for reading, which must be a regular file: a FIFO
// would block the open until a writer came (O_NONBLOCK keeps it from
// waiting) and its content could not be read again to check a table's
// identity; a device never ends.
class InputFile {
 public:
  explicit InputFile(const std::string& path)
      : path_(path), fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)) {
    if (fd_ < 0) throw GameError("cannot read graph file " + path + ": " + std::strerror(errno));
    struct stat st;
    if (::fstat(fd_, &st) != 0) fail();
    if (!S_ISREG(st.st_mode)) {
      ::close(fd_);
      throw GameError("graph file " + path + " is " + kind(st.st_mode) + ", not a regular file");
    }
    size = static_cast<std::uint64_t>(st.st_size);
  }
  ~InputFile() { ::close(fd_); }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Reads what fits in `into`; 0 at the end.
  std::size_t read(std::vector<char>& into) const {
    for (;;) {
      const ssize_t got = ::read(fd_, into.data(), into.size());
      if (got >= 0) return static_cast<std::size_t>(got);
      if (errno != EINTR) fail();
    }
  }

  std::uint64_t size = 0;

 private:
  [[noreturn]] void fail() const {
    throw GameError("cannot read graph file " + path_ + ": " + std::strerror(errno));
  }
  static std::string kind(mode_t mode) {
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISDIR(mode)) return "a directory";
    return "a special file";
  }

  std::string path_;
  int fd_;
};

}  // namespace

std::string read_text(const std::string& path, const Limits& limits) {
  const InputFile file(path);
  if (file.size > limits.max_bytes)
    throw GameError(path + " has " + megabytes(file.size) + ", more than the " + megabytes(limits.max_bytes) +
                    " a graph file may hold");
  std::string text;
  std::size_t line = 1, line_begin = 0;
  auto fail = [&](const std::string& why) {
    throw GameError(path + ":" + std::to_string(line) + ": " + why);
  };
  std::vector<char> chunk(std::size_t{1} << 16);
  for (;;) {
    const std::size_t got = file.read(chunk);
    if (got == 0) break;
    // The file may grow while it is read: the bound holds for what is read.
    if (text.size() + got > limits.max_bytes)
      fail("the file goes on past " + megabytes(limits.max_bytes) + ", more than a graph file may hold");
    const std::size_t old_size = text.size();
    text.append(chunk.data(), got);
    for (std::size_t i = old_size; i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line, line_begin = i + 1;
      } else if (!is_text(text[i])) {
        fail("byte " + quote_input(text.substr(i, 1)) + " is not text, in " +
             quote_input(line_at(text, line_begin)));
      } else if (limits.max_line != 0 && i - line_begin >= limits.max_line) {
        fail("a line longer than " + std::to_string(limits.max_line) +
             " bytes: " + quote_input(line_at(text, line_begin)));
      }
    }
  }
  return text;
}

GraphFile parse_graph(const std::string& path, const std::string& content) {
  auto fail = [&](std::size_t line, const std::string& why) -> GraphFile {
    throw GameError(path + ":" + std::to_string(line) + ": " + why);
  };
  GraphFile g;
  std::vector<std::uint64_t> nums;
  std::size_t line_no = 0;
  std::uint64_t m = 0;
  bool have_header = false;
  for (std::size_t begin = 0; begin < content.size();) {
    const std::string_view line = line_at(content, begin);
    begin += line.size() + 1;
    ++line_no;
    if (!read_numbers(line, nums)) return fail(line_no, "expected numbers, found " + quote_input(line));
    if (nums.empty()) continue;
    if (!have_header) {
      if (nums.size() != 2) return fail(line_no, "the first line must be 'n m'");
      if (nums[0] == 0 || nums[0] > kMaxVertices)
        return fail(line_no,
                    "n is " + std::to_string(nums[0]) + ", out of range 1.." + std::to_string(kMaxVertices));
      g.n = static_cast<std::uint32_t>(nums[0]);
      m = nums[1];
      // An edge line takes at least 4 bytes ("u v" and a newline): a count
      // the file cannot hold is found short by the loop, not allocated.
      g.edges.reserve(std::min<std::uint64_t>(m, content.size() / 4 + 1));
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

TrainFile parse_train(const std::string& path, const std::string& content) {
  Tokens t(path, content);
  TrainFile f;
  const auto n = static_cast<std::uint32_t>(t.next(1, 0xFFFFFFFEull, "the number of stations n"));
  const std::uint64_t m = t.next(0, UINT64_MAX, "the number of tracks m");
  // Each station has an owner and a flag in the file: a count that cannot
  // fit is refused before the arrays for it are allocated.
  if (n > t.room())
    t.fail("n is " + std::to_string(n) + " stations, but the rest of the file holds at most " +
           std::to_string(t.room()) + " numbers");
  f.owner.resize(n);
  for (std::uint32_t i = 0; i < n; ++i)
    f.owner[i] = t.next(0, 1, "the owner of station " + std::to_string(i)) == 1 ? Player::A : Player::B;
  f.charging.resize(n);
  for (std::uint32_t i = 0; i < n; ++i)
    f.charging[i] =
        static_cast<std::uint8_t>(t.next(0, 1, "the charging flag of station " + std::to_string(i)));
  f.tracks.reserve(std::min(m, t.room()));
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

}  // namespace rtb::graph_file
