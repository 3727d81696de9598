// How the generator holds the tables a game depends on, against plain
// vectors: PackedClasses filled in ranges of every parity and length,
// DependencyCodes narrow up to 256 distinct codes and wide beyond, and both
// held at an IndexSubset's members alone, against a set of indices.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "games/dependency_codes.h"
#include "games/index_subset.h"
#include "games/packed_classes.h"

namespace rtb {
namespace {

TEST(PackedClasses, RangesOfAnyParityReadBackAsFilled) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const std::uint64_t size = rng() % 300;
    std::vector<std::uint16_t> codes(size);
    for (std::uint16_t& c : codes) c = static_cast<std::uint16_t>(rng());
    auto class_of = [](std::uint16_t code) { return static_cast<std::uint8_t>(code % 13 + code / 4096 % 3); };
    PackedClasses packed(size);
    ASSERT_EQ(packed.size(), size);
    for (std::uint64_t first = 0; first < size;) {
      const std::uint64_t length = std::min<std::uint64_t>(rng() % 9, size - first);
      packed.fill(first, std::span(codes).subspan(first, length), class_of);
      first += length;
    }
    for (std::uint64_t i = 0; i < size; ++i)
      ASSERT_EQ(packed[i], class_of(codes[i])) << "index " << i << " of " << size << ", trial " << trial;
  }
}

TEST(PackedClasses, EveryClassBelowSixteenFitsBesideEveryOther) {
  PackedClasses packed(2 * 16 * 16);
  std::vector<std::uint16_t> codes;
  for (std::uint16_t low = 0; low < 16; ++low)
    for (std::uint16_t high = 0; high < 16; ++high) codes.insert(codes.end(), {low, high});
  packed.fill(0, codes, [](std::uint16_t c) { return static_cast<std::uint8_t>(c); });
  for (std::uint64_t i = 0; i < codes.size(); ++i) ASSERT_EQ(packed[i], codes[i]) << i;
}

// Random codes drawn from `distinct` of them (the first block has them all,
// in random order), appended in blocks of random length.
void expect_codes_read_back(std::uint64_t distinct, bool narrow, std::mt19937_64& rng) {
  std::vector<std::uint16_t> pool(distinct);
  for (std::uint16_t& c : pool) c = static_cast<std::uint16_t>(rng());
  std::sort(pool.begin(), pool.end());
  pool.erase(std::unique(pool.begin(), pool.end()), pool.end());
  std::vector<std::uint16_t> codes(pool);
  std::shuffle(codes.begin(), codes.end(), rng);
  for (int k = 0; k < 5000; ++k) codes.push_back(pool[rng() % pool.size()]);
  DependencyCodes::Builder builder(codes.size());
  for (std::size_t first = 0; first < codes.size();) {
    const std::size_t length = std::min<std::size_t>(rng() % 700, codes.size() - first);
    builder.append(first, std::span(codes).subspan(first, length));
    first += length;
  }
  const DependencyCodes built = std::move(builder).finish();
  EXPECT_EQ(built.narrow(), narrow && pool.size() <= DependencyCodes::kNarrowCodes) << pool.size();
  ASSERT_EQ(built.size(), codes.size());
  for (std::size_t i = 0; i < codes.size(); ++i) ASSERT_EQ(built[i], codes[i]) << "index " << i;
}

TEST(DependencyCodes, NarrowUpTo256DistinctCodes) {
  std::mt19937_64 rng(12);
  for (std::uint64_t distinct : {1, 2, 200, 256}) expect_codes_read_back(distinct, true, rng);
}

TEST(DependencyCodes, WideFromThe257th) {
  std::mt19937_64 rng(13);
  for (std::uint64_t distinct : {257, 300, 5000}) expect_codes_read_back(distinct, false, rng);
}

TEST(DependencyCodes, EmptyTable) {
  DependencyCodes::Builder builder(0);
  builder.append(0, {});
  EXPECT_EQ(std::move(builder).finish().size(), 0u);
}

// A random subset of [0, size) with about `density` of the indices,
// inserted in random order, and the same as a std::set.
std::pair<IndexSubset, std::set<std::uint64_t>> random_subset(std::uint64_t size, double density,
                                                              std::mt19937_64& rng) {
  std::set<std::uint64_t> members;
  std::bernoulli_distribution in(density);
  for (std::uint64_t i = 0; i < size; ++i)
    if (in(rng)) members.insert(i);
  std::vector<std::uint64_t> order(members.begin(), members.end());
  std::shuffle(order.begin(), order.end(), rng);
  IndexSubset subset(size);
  for (const std::uint64_t i : order) subset.insert_range(i, i + 1);
  subset.count_members();
  return {std::move(subset), members};
}

TEST(IndexSubset, RanksAndRangesAgreeWithASet) {
  std::mt19937_64 rng(14);
  for (int trial = 0; trial < 60; ++trial) {
    const std::uint64_t size = rng() % 2000;
    const double density = std::vector<double>{0.0, 0.01, 0.1, 0.5, 0.99, 1.0}[trial % 6];
    const auto [subset, members] = random_subset(size, density, rng);
    ASSERT_EQ(subset.size(), size);
    ASSERT_EQ(subset.count(), members.size());
    std::uint64_t rank = 0;
    for (std::uint64_t i = 0; i < size; ++i) {
      ASSERT_EQ(subset.contains(i), members.count(i) == 1) << i;
      if (members.count(i)) {
        ASSERT_EQ(subset.rank(i), rank++) << "index " << i << " of " << size;
      }
    }
    for (int range = 0; range < 20; ++range) {
      const std::uint64_t first = size ? rng() % size : 0,
                          last = first + (size ? rng() % (size - first + 1) : 0);
      std::vector<std::uint64_t> seen;
      subset.for_each_in(first, last, [&](std::uint64_t i) { seen.push_back(i); });
      EXPECT_EQ(seen, std::vector<std::uint64_t>(members.lower_bound(first), members.lower_bound(last)))
          << first << ".." << last << " of " << size;
      EXPECT_EQ(subset.any_in(first, last), !seen.empty()) << first << ".." << last << " of " << size;
    }
  }
}

TEST(IndexSubset, CodesAndClassesHeldAtTheMembersAlone) {
  std::mt19937_64 rng(15);
  auto class_of = [](std::uint16_t code) { return static_cast<std::uint8_t>(code % 11); };
  for (int trial = 0; trial < 40; ++trial) {
    const std::uint64_t size = rng() % 5000;
    const auto [subset, members] = random_subset(size, trial % 2 ? 0.06 : 0.4, rng);
    std::vector<std::uint16_t> codes(size);
    // Few distinct codes on even trials; on odd, wide where more than 256 are kept.
    for (std::uint16_t& c : codes) c = static_cast<std::uint16_t>(trial % 2 ? rng() : rng() % 100);
    DependencyCodes::Builder builder(subset);
    PackedClasses classes(subset);
    for (std::uint64_t first = 0; first < size;) {
      const std::uint64_t length = std::min<std::uint64_t>(rng() % 700, size - first);
      builder.append(first, std::span(codes).subspan(first, length));
      classes.fill(first, std::span(codes).subspan(first, length), class_of);
      first += length;
    }
    const DependencyCodes built = std::move(builder).finish();
    ASSERT_EQ(built.size(), size);
    ASSERT_EQ(classes.size(), size);
    EXPECT_EQ(built.held(), members.size());
    for (const std::uint64_t i : members) {
      ASSERT_EQ(built[i], codes[i]) << "index " << i << " of " << size;
      ASSERT_EQ(classes[i], class_of(codes[i])) << "index " << i << " of " << size;
    }
  }
}

}  // namespace
}  // namespace rtb
