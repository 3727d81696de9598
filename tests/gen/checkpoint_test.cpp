// Checkpoints of the depth solver: the file keeps what it was given and
// refuses what it was not (another identity, a changed byte, a short file),
// and a pass stopped at any point and resumed from its last checkpoint ends
// with the values of a pass never stopped.
#include "gen/core/checkpoint.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gen/depth/retrograde.h"
#include "storage/checkpoint_file.h"
#include "tests/naive/random_graphs.h"
#include "tests/support/explicit_game.h"

namespace rtb {
namespace {

namespace fs = std::filesystem;

class CheckpointTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "rtb_checkpoint_test_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  fs::path dir_;
};

std::vector<std::byte> bytes(const std::string& s) {
  const auto b = std::as_bytes(std::span(s));
  return {b.begin(), b.end()};
}

TEST_F(CheckpointTest, FileKeepsItsSectionsUnderItsIdentity) {
  const fs::path file = dir_ / "t.checkpoint";
  const auto a = bytes("first section"), b = bytes("");
  storage::write_checkpoint(file, "table 1", std::vector<storage::CheckpointSection>{{"a", a}, {"b", b}});
  EXPECT_FALSE(fs::exists(file.string() + ".tmp"));
  std::string why;
  auto read = storage::CheckpointFile::open(file, "table 1", why);
  ASSERT_TRUE(read.has_value()) << why;
  EXPECT_TRUE(why.empty());
  const auto got = read->section("a");
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(got.data()), got.size()), "first section");
  EXPECT_TRUE(read->has("b"));
  EXPECT_FALSE(read->has("c"));

  EXPECT_FALSE(storage::CheckpointFile::open(file, "table 2", why).has_value());
  EXPECT_NE(why.find("another"), std::string::npos) << why;
  EXPECT_FALSE(storage::CheckpointFile::open(dir_ / "none", "table 1", why).has_value());
  EXPECT_TRUE(why.empty()) << "no checkpoint is nothing to report";
}

TEST_F(CheckpointTest, DamagedFileIsIgnored) {
  const fs::path file = dir_ / "t.checkpoint";
  const auto a = bytes(std::string(1000, 'v'));
  storage::write_checkpoint(file, "id", std::vector<storage::CheckpointSection>{{"a", a}});
  const auto size = fs::file_size(file);
  for (std::uintmax_t at : {std::uintmax_t{0}, std::uintmax_t{12}, size / 2, size - 1}) {
    std::vector<char> content(size);
    std::ifstream(file, std::ios::binary).read(content.data(), static_cast<std::streamsize>(size));
    content[at] ^= 0x10;
    const fs::path damaged = dir_ / "damaged";
    std::ofstream(damaged, std::ios::binary).write(content.data(), static_cast<std::streamsize>(size));
    std::string why;
    EXPECT_FALSE(storage::CheckpointFile::open(damaged, "id", why).has_value()) << "byte " << at;
    EXPECT_NE(why.find("ignoring"), std::string::npos) << why;
  }
  for (std::uintmax_t keep : {std::uintmax_t{0}, std::uintmax_t{5}, size - 8, size - 1}) {
    const fs::path cut = dir_ / "cut";
    fs::copy_file(file, cut, fs::copy_options::overwrite_existing);
    fs::resize_file(cut, keep);
    std::string why;
    EXPECT_FALSE(storage::CheckpointFile::open(cut, "id", why).has_value()) << keep << " bytes";
    EXPECT_FALSE(why.empty());
  }
}

struct Stopped : std::runtime_error {
  Stopped() : std::runtime_error("stopped on purpose") {}
};

// The explicit game, stopped (a throw, as a kill would) after `budget`
// calls of moves() and unmoves() in all.
class StoppingGame : public testing::ExplicitGame {
 public:
  explicit StoppingGame(const Params& params) : ExplicitGame(params) {}
  StoppingGame(naive::Graph graph, long budget) : ExplicitGame(std::move(graph)), left_(budget) {}
  template <class F>
  void moves(Index i, F&& f) const {
    spend();
    ExplicitGame::moves(i, f);
  }
  template <class F>
  void unmoves(Index i, F&& f) const {
    spend();
    ExplicitGame::unmoves(i, f);
  }

 private:
  void spend() const {
    if (left_.fetch_sub(1) <= 0) throw Stopped();
  }
  mutable std::atomic<long> left_{0};
};

// In two bytes an index, or in one where options.ring_depths is set.
std::vector<std::uint16_t> solve(const auto& game, GenOptions options) {
  if (options.ring_depths == 0) {
    GenResult r = generate(game, options);
    return {r.values.get(), r.values.get() + r.size};
  }
  std::vector<std::uint16_t> values;
  generate_in_bytes(game, options, [&](std::span<const std::uint16_t> block) {
    values.insert(values.end(), block.begin(), block.end());
  });
  return values;
}

TEST_F(CheckpointTest, StoppedPassResumesToTheSameValues) {
  int resumed = 0, scratch = 0;
  for (std::uint64_t seed = 1; seed <= 80; ++seed) {
    const naive::Graph g = naive::make_graph(naive::random_spec(seed));
    GenOptions options;
    // Odd seeds in a byte with a small ring: a checkpoint names the depths
    // spilled so far, and the run resumes with them.
    options.ring_depths = seed % 2 ? static_cast<std::uint32_t>(2 + seed % 5) : 0;
    options.spill_prefix = (dir_ / ("spill" + std::to_string(seed))).string();
    options.threads = 1 + seed % 3;
    options.parallel_threshold = 1;
    options.wide_queue = seed % 4 == 1;
    options.queue_cap = seed % 4 == 1 ? 4 : 0;  // scanned layers too
    options.checkpoint_segment = 1 + seed % 7;  // first-pass checkpoints
    const auto expected = solve(testing::ExplicitGame(g), options);
    const fs::path file = dir_ / ("t" + std::to_string(seed));
    std::vector<std::string> notes;
    Checkpointer saver(file, "id", std::chrono::seconds(0),
                       [&](const std::string& n) { notes.push_back(n); });
    saver.set_work_per_save(0);
    GenOptions stopping = options;
    stopping.checkpoint = &saver;
    const long budget = static_cast<long>(seed * 7919 % (2 * g.n + 5));
    try {
      solve(StoppingGame(g, budget), stopping);
    } catch (const Stopped&) {
    }
    Checkpointer resumer(file, "id", std::chrono::hours(1),
                         [&](const std::string& n) { notes.push_back(n); });
    auto state = resumer.load();
    resumer.set_resume(state ? &*state : nullptr);
    GenOptions resuming = options;
    resuming.checkpoint = &resumer;
    ASSERT_EQ(expected, solve(testing::ExplicitGame(g), resuming))
        << naive::describe(naive::random_spec(seed));
    (state ? resumed : scratch) += 1;
    if (state) {
      ASSERT_EQ(notes.size(), 1u);
      EXPECT_NE(notes[0].find("resuming from"), std::string::npos) << notes[0];
    }
  }
  EXPECT_GT(resumed, 40);  // most stops came after a checkpoint
  std::printf("%d resumed from a checkpoint, %d from scratch\n", resumed, scratch);
}

// A checkpoint of another table (same identity given by mistake, other
// size) is not trusted: the pass starts over, says so, and is still right.
TEST_F(CheckpointTest, StateOfAnotherSizeIsNotUsed) {
  const fs::path file = dir_ / "t";
  Checkpointer saver(file, "id", std::chrono::seconds(0), {});
  saver.set_work_per_save(0);
  GenOptions options;
  options.threads = 1;
  options.checkpoint = &saver;
  std::uint64_t seed = 1;
  for (; !fs::exists(file); ++seed)
    solve(testing::ExplicitGame(naive::make_graph(naive::random_spec(seed))), options);
  naive::Graph big = naive::make_graph(naive::random_spec(seed));
  while (big.n == naive::make_graph(naive::random_spec(seed - 1)).n)
    big = naive::make_graph(naive::random_spec(++seed));
  std::vector<std::string> notes;
  Checkpointer resumer(file, "id", std::chrono::hours(1), [&](const std::string& n) { notes.push_back(n); });
  auto state = resumer.load();
  ASSERT_TRUE(state.has_value());
  resumer.set_resume(&*state);
  options.checkpoint = &resumer;
  GenOptions plain;
  plain.threads = 1;
  EXPECT_EQ(solve(testing::ExplicitGame(big), plain), solve(testing::ExplicitGame(big), options));
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("does not fit"), std::string::npos) << notes[0];
}

}  // namespace
}  // namespace rtb
