// tbgen's memory budget (cli/tbgen/memory.h): the sizes --memory takes and
// refuses, and what a budget leaves a run's tables.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "answers/common.h"
#include "cli/tbgen/memory.h"
#include "gen/core/system.h"

namespace rtb::cli {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

TEST(MemoryOption, SizesInBinaryUnits) {
  EXPECT_EQ(parse_memory_size("64M"), 64 * kMiB);
  EXPECT_EQ(parse_memory_size("64m"), 64 * kMiB);
  EXPECT_EQ(parse_memory_size("16G"), 16 * 1024 * kMiB);
  EXPECT_EQ(parse_memory_size("16GB"), 16 * 1024 * kMiB);
  EXPECT_EQ(parse_memory_size("16GiB"), 16 * 1024 * kMiB);
  EXPECT_EQ(parse_memory_size("1.5G"), 1536 * kMiB);
  EXPECT_EQ(parse_memory_size("2048K"), 2 * kMiB);
  EXPECT_EQ(parse_memory_size("2T"), 2 * 1024 * 1024 * kMiB);
  EXPECT_EQ(parse_memory_size("3145728"), 3 * kMiB);  // bytes
}

TEST(MemoryOption, RefusesWhatIsNoSize) {
  for (const std::string bad :
       {"", "lots", "M", "16X", "16GG", "-1G", "0", "1000", "512K", "nan", "inf", "1e30", "16 G", "G16"})
    EXPECT_THROW(parse_memory_size(bad), answers::UsageError) << "'" << bad << "'";
}

TEST(MemoryOption, TheDefaultIsMostOfPhysicalMemory) {
  const std::uint64_t physical = physical_memory_bytes();
  ASSERT_GT(physical, 0u);
  EXPECT_LT(default_memory_budget(), physical);
  EXPECT_GE(default_memory_budget(), physical / 8 * 7);
}

// The tables get the budget less what the process holds; a budget the
// process exceeds alone is a usage error.
TEST(MemoryOption, TheTablesGetWhatTheProcessDoesNotHold) {
  BuildOptions options;
  apply_memory_budget(1024 * kMiB, true, options);
  const std::uint64_t held = resident_memory_bytes();
  EXPECT_LT(options.memory, 1024 * kMiB);
  EXPECT_GT(options.memory, 1024 * kMiB - held - 16 * kMiB);
  EXPECT_NE(options.memory_source.find("--memory 1.0 GiB"), std::string::npos) << options.memory_source;
  EXPECT_THROW(apply_memory_budget(held / 2, true, options), answers::UsageError);
}

}  // namespace
}  // namespace rtb::cli
