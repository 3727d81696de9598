// The class stream (storage/class_stream.h) and its parts: every value that
// matters reads back, on many random inputs of the shapes tables have; the
// Huffman code is optimal and a prefix code; a damaged stream is refused or
// read without leaving its bytes; a depth map reads back and a damaged one
// is refused.
#include "storage/class_stream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <stdexcept>

#include "storage/depth_map.h"
#include "storage/huffman.h"
#include "storage/pair_grammar.h"
#include "storage/parts.h"
#include "storage/table_writer.h"

namespace {

using namespace rtb::storage;

// Classes in runs of random lengths, with a random period mixed in, and a
// random share of indices that need not be exact: there the class is a
// bound, often 255 (any class).
struct Sample {
  std::vector<std::uint8_t> classes;
  std::vector<std::uint64_t> exact;
};

Sample random_sample(std::mt19937_64& rng) {
  const std::uint64_t n = std::uniform_int_distribution<std::uint64_t>(1, 1 << 16)(rng);
  const unsigned kinds = std::uniform_int_distribution<unsigned>(1, 6)(rng);
  const unsigned mean_run = std::uniform_int_distribution<unsigned>(1, 300)(rng);
  const unsigned period = std::uniform_int_distribution<unsigned>(0, 64)(rng);
  const double dont_care = std::uniform_real_distribution<double>(0, 0.7)(rng);
  Sample s;
  s.classes.resize(n);
  s.exact.assign((n + 63) / 64, 0);
  std::geometric_distribution<unsigned> run(1.0 / mean_run);
  std::bernoulli_distribution exact(1 - dont_care);
  std::uint8_t c = 0;
  for (std::uint64_t i = 0, left = 0; i < n; ++i, --left) {
    if (left == 0) c = static_cast<std::uint8_t>(rng() % kinds), left = run(rng) + 1;
    s.classes[i] = period != 0 && i % period == 0 ? static_cast<std::uint8_t>((c + 1) % kinds) : c;
    if (exact(rng))
      s.exact[i / 64] |= std::uint64_t{1} << (i % 64);
    else if (rng() % 2 == 0)
      s.classes[i] = 255;
  }
  return s;
}

bool is_exact(const Sample& s, std::uint64_t i) {
  return ((s.exact[i / 64] >> (i % 64)) & 1) != 0;
}

TEST(ClassStream, EveryClassReadsBackOrWithinItsBound) {
  std::mt19937_64 rng(20261202);
  for (int round = 0; round < 300; ++round) {
    const Sample s = random_sample(rng);
    ClassStreamOptions options;
    options.block_bytes = round % 3 == 0 ? 16 : 64;
    options.max_symbols = round % 5 == 0 ? 256 : 4096;
    const bool all = round % 4 == 0;  // an empty bitmap: every class is exact
    const std::vector<std::byte> bytes =
        encode_class_stream(s.classes, all ? std::span<const std::uint64_t>() : s.exact, options);
    const ClassStream stream(bytes, "test");
    ASSERT_EQ(stream.size(), s.classes.size());
    for (std::uint64_t i = 0; i < s.classes.size(); ++i)
      if (all || is_exact(s, i)) {
        ASSERT_EQ(stream.at(i), s.classes[i]) << "round " << round << " index " << i;
      } else {
        ASSERT_LE(stream.at(i), s.classes[i]) << "round " << round << " index " << i;
      }
  }
}

std::vector<std::uint16_t> marked_classes(const Sample& s) {
  std::vector<std::uint16_t> marked(s.classes.size());
  for (std::uint64_t i = 0; i < marked.size(); ++i)
    marked[i] = static_cast<std::uint16_t>(s.classes[i] | (is_exact(s, i) ? kExactClass : 0));
  return marked;
}

// A writer lists each stream of a table into one buffer: the encoder leaves
// it empty with its capacity, and what was in it before does not matter.
TEST(ClassStream, EncodingFromMarkedClassesKeepsTheBuffer) {
  std::mt19937_64 rng(20261204);
  std::vector<std::uint16_t> buffer;
  for (int round = 0; round < 40; ++round) {
    const Sample s = random_sample(rng);
    const std::vector<std::byte> expected = encode_class_stream(s.classes, s.exact);
    const std::vector<std::uint16_t> marked = marked_classes(s);
    buffer.resize(marked.size());
    std::ranges::copy(marked, buffer.begin());
    const std::size_t capacity = buffer.capacity();
    ASSERT_EQ(encode_class_stream(buffer, {}), expected) << "round " << round;
    EXPECT_TRUE(buffer.empty());
    EXPECT_EQ(buffer.capacity(), capacity);
  }
}

// The encoder's passes cut into parts for threads: the bytes are the same
// for any number of threads.
TEST(ClassStream, ThreadsLeaveTheBytesAsTheyAre) {
  std::mt19937_64 rng(20261205);
  for (int round = 0; round < 20; ++round) {
    Sample s = random_sample(rng);
    while (s.classes.size() < 4 * kMinPart) {  // long enough to be cut
      const Sample more = random_sample(rng);
      const std::size_t at = s.classes.size();
      s.classes.insert(s.classes.end(), more.classes.begin(), more.classes.end());
      s.exact.resize((s.classes.size() + 63) / 64);
      for (std::size_t i = 0; i < more.classes.size(); ++i)
        if (is_exact(more, i)) s.exact[(at + i) / 64] |= std::uint64_t{1} << ((at + i) % 64);
    }
    const std::vector<std::byte> one = encode_class_stream(s.classes, s.exact);
    ClassStreamOptions options;
    options.threads = 2 + round % 3;
    ASSERT_EQ(encode_class_stream(s.classes, s.exact, options), one) << "round " << round;
  }
}

TEST(Parts, CutWhereAllowedAndRethrowAfterAll) {
  const std::vector<std::size_t> at = cuts(100, 4, [](std::size_t p) { return p % 30 == 0; });
  EXPECT_EQ(at, (std::vector<std::size_t>{0, 30, 60, 90, 100}));
  EXPECT_EQ(cuts(100, 3, [](std::size_t p) { return p >= 95; }), (std::vector<std::size_t>{0, 95, 95, 100}));
  std::vector<int> ran(4, 0);
  EXPECT_THROW(run_parts(4,
                         [&](unsigned k) {
                           ran[k] = 1;
                           if (k % 2 == 1) throw std::runtime_error("part");
                         }),
               std::runtime_error);
  EXPECT_EQ(ran, (std::vector<int>{1, 1, 1, 1}));
  EXPECT_EQ(parts_for(kMinPart - 1, 8), 1u);
  EXPECT_EQ(parts_for(3 * kMinPart, 8), 3u);
  EXPECT_EQ(parts_for(100 * kMinPart, 2), 2u);
}

TEST(ClassStream, OneClassStoresNoBlocks) {
  std::vector<std::uint8_t> classes(100000, 3);
  std::vector<std::uint64_t> exact((classes.size() + 63) / 64, 0);
  classes[500] = 4;  // at most 4
  exact[0] = 1;      // index 0 (class 3) exact
  const auto bytes = encode_class_stream(classes, exact);
  EXPECT_LT(bytes.size(), 100u);
  const ClassStream stream(bytes, "test");
  EXPECT_EQ(stream.at(0), 3);
  EXPECT_EQ(stream.at(99999), 3);
}

TEST(ClassStream, RunsCompressFarBelowABitAValue) {
  // 1M values in runs of about 1,000: a few hundred bytes of codes.
  std::vector<std::uint8_t> classes(1 << 20);
  std::mt19937_64 rng(7);
  for (std::size_t i = 0; i < classes.size(); i += 1000) {
    const auto c = static_cast<std::uint8_t>(rng() % 3);
    std::fill(classes.begin() + i, classes.begin() + std::min(classes.size(), i + 1000), c);
  }
  const auto bytes = encode_class_stream(classes, {});
  EXPECT_LT(bytes.size(), classes.size() / 200);
  const ClassStream stream(bytes, "test");  // blocks of over 65,536 values: 4-byte counts
  for (std::size_t i = 0; i < classes.size(); i += 7) ASSERT_EQ(stream.at(i), classes[i]) << i;
}

// Exhaustive Huffman cost by merging the two smallest weights of a sorted list.
std::uint64_t naive_huffman_cost(std::vector<std::uint64_t> w) {
  std::erase(w, 0);
  if (w.size() == 1) return w[0];
  std::uint64_t cost = 0;
  while (w.size() > 1) {
    std::ranges::sort(w);
    const std::uint64_t merged = w[0] + w[1];
    cost += merged;
    w.erase(w.begin(), w.begin() + 2);
    w.push_back(merged);
  }
  return cost;
}

TEST(Huffman, OptimalPrefixCodes) {
  std::mt19937_64 rng(11);
  for (int round = 0; round < 500; ++round) {
    std::vector<std::uint64_t> f(std::uniform_int_distribution<std::size_t>(1, 40)(rng));
    for (auto& x : f) x = rng() % 3 == 0 ? 0 : std::uniform_int_distribution<std::uint64_t>(1, 1000)(rng);
    if (std::ranges::all_of(f, [](std::uint64_t x) { return x == 0; })) f[0] = 1;
    const auto lengths = huffman_lengths(f, kMaxCodeLength);
    std::uint64_t cost = 0;
    for (std::size_t s = 0; s < f.size(); ++s) {
      ASSERT_EQ(lengths[s] == 0, f[s] == 0);
      cost += f[s] * lengths[s];
    }
    ASSERT_EQ(cost, naive_huffman_cost(f));
    // Every code decodes to its symbol, whatever bits follow it.
    const auto decoder = CanonicalDecoder::make(lengths);
    ASSERT_TRUE(decoder);
    const auto codes = canonical_codes(lengths);
    for (std::size_t s = 0; s < f.size(); ++s) {
      if (lengths[s] == 0) continue;
      const std::uint64_t window = (std::uint64_t{codes[s]} << (64 - lengths[s])) | (rng() >> lengths[s]);
      const auto d = decoder->decode(window);
      ASSERT_EQ(d.symbol, s);
      ASSERT_EQ(d.length, lengths[s]);
    }
  }
}

TEST(Huffman, LengthsAreBoundedAndKraftHolds) {
  std::vector<std::uint64_t> fibonacci{1, 1};
  while (fibonacci.size() < 60) fibonacci.push_back(fibonacci.end()[-1] + fibonacci.end()[-2]);
  const auto lengths = huffman_lengths(fibonacci, 12);
  double kraft = 0;
  for (auto l : lengths) {
    ASSERT_GE(l, 1);
    ASSERT_LE(l, 12);
    kraft += std::ldexp(1.0, -l);
  }
  EXPECT_LE(kraft, 1.0);
  EXPECT_TRUE(CanonicalDecoder::make(lengths));
  // Too many codes of one length is no prefix code.
  EXPECT_FALSE(CanonicalDecoder::make(std::vector<std::uint8_t>{1, 1, 1}));
}

std::vector<std::uint16_t> expand(const PairGrammar& g, std::uint16_t s) {
  if (s < g.terminals) return {s};
  auto out = expand(g, g.pairs[s - g.terminals].first);
  const auto right = expand(g, g.pairs[s - g.terminals].second);
  out.insert(out.end(), right.begin(), right.end());
  return out;
}

TEST(PairGrammar, ExpandsToItsInput) {
  std::mt19937_64 rng(3);
  for (int round = 0; round < 100; ++round) {
    const Sample s = random_sample(rng);
    std::vector<std::uint16_t> seq(s.classes.begin(), s.classes.end());
    const std::uint32_t terminals = *std::ranges::max_element(seq) + 1u;
    const PairGrammar g = build_pair_grammar(seq, terminals, {300, 1000, 2});
    ASSERT_LE(g.symbols(), 300u);
    std::vector<std::uint16_t> back;
    for (std::uint16_t sym : g.sequence) {
      const auto part = expand(g, sym);
      ASSERT_EQ(part.size(), g.lengths[sym]);
      ASSERT_LE(part.size(), 1000u);
      back.insert(back.end(), part.begin(), part.end());
    }
    ASSERT_EQ(back, seq);
  }
}

// The rounds pair_grammar.h describes, written plainly: count each pair
// (a run of L equal symbols as L / 2 pairs), take every pair counted at
// least max(min_count, top / 2) times, most frequent first, and replace
// them left to right.
PairGrammar naive_pair_grammar(std::vector<std::uint16_t> seq, std::uint32_t terminals,
                               const PairGrammarLimits& limits) {
  PairGrammar g;
  g.terminals = terminals;
  g.lengths.assign(terminals, 1);
  while (g.symbols() < limits.max_symbols && seq.size() >= 2) {
    std::map<std::pair<std::uint16_t, std::uint16_t>, std::uint64_t> counts;
    for (std::size_t i = 0; i < seq.size();) {
      std::size_t end = i + 1;
      while (end < seq.size() && seq[end] == seq[i]) ++end;
      if (end - i > 1) counts[{seq[i], seq[i]}] += (end - i) / 2;
      if (end < seq.size()) ++counts[{seq[i], seq[end]}];
      i = end;
    }
    std::uint64_t top = 0;
    for (const auto& [pair, n] : counts) top = std::max(top, n);
    std::vector<std::pair<std::uint64_t, std::pair<std::uint16_t, std::uint16_t>>> chosen;
    for (const auto& [pair, n] : counts)
      if (n >= std::max<std::uint64_t>(limits.min_count, top / 2)) chosen.push_back({n, pair});
    std::ranges::sort(chosen, [](const auto& x, const auto& y) {
      return x.first != y.first ? x.first > y.first : x.second < y.second;
    });
    std::map<std::pair<std::uint16_t, std::uint16_t>, std::uint16_t> symbol;
    for (const auto& [n, pair] : chosen) {
      if (g.symbols() == limits.max_symbols) break;
      if (std::uint64_t{g.lengths[pair.first]} + g.lengths[pair.second] > limits.max_length) continue;
      symbol[pair] = static_cast<std::uint16_t>(g.symbols());
      g.pairs.push_back(pair);
      g.lengths.push_back(g.lengths[pair.first] + g.lengths[pair.second]);
    }
    if (symbol.empty()) break;
    std::vector<std::uint16_t> next;
    for (std::size_t i = 0; i < seq.size();) {
      const auto it = i + 1 < seq.size() ? symbol.find({seq[i], seq[i + 1]}) : symbol.end();
      next.push_back(it != symbol.end() ? it->second : seq[i]);
      i += it != symbol.end() ? 2 : 1;
    }
    seq = std::move(next);
  }
  g.sequence = std::move(seq);
  return g;
}

// Long sequences reach thousands of symbols: the first rounds count in a
// dense array, the later ones by buckets of left symbols; both must choose
// as the plain rounds do.
TEST(PairGrammar, ChoosesAsThePlainRounds) {
  std::mt19937_64 rng(11);
  std::uint32_t most = 0;
  for (int round = 0; round < 12; ++round) {
    const Sample s = random_sample(rng);
    std::vector<std::uint16_t> seq;
    for (int copy = 0; copy < 4; ++copy)  // longer, and with repeats for the grammar to find
      for (std::uint8_t c : s.classes) seq.push_back(c % 7);
    for (std::uint16_t& c : seq)
      if (rng() % 16 == 0) c = static_cast<std::uint16_t>(rng() % 7);
    const PairGrammarLimits limits{4096, 1u << 16, 1 + rng() % 8};
    const PairGrammar plain = naive_pair_grammar(seq, 7, limits);
    for (unsigned threads : {1u, 2u, 3u}) {  // cut into parts, the grammar is the same
      const PairGrammar g = build_pair_grammar(seq, 7, limits, threads);
      ASSERT_EQ(g.pairs, plain.pairs) << "round " << round << ", threads " << threads;
      ASSERT_EQ(g.sequence, plain.sequence) << "round " << round << ", threads " << threads;
      ASSERT_EQ(g.lengths, plain.lengths) << "round " << round << ", threads " << threads;
      most = std::max(most, g.symbols());
    }
  }
  EXPECT_GT(most, 1024u);  // past the dense array's 512 symbols
}

// Runs far longer than the random samples', odd and even, at both ends,
// and next to runs of another symbol: what the depth streams of a large
// table are mostly made of, and what the rounds take a run at a time.
TEST(PairGrammar, LongRunsAsThePlainRounds) {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 8; ++round) {
    std::vector<std::uint16_t> seq;
    for (int run = 0; run < 40; ++run) {
      const auto c = static_cast<std::uint16_t>(rng() % 5);
      const std::size_t length = rng() % 3 == 0 ? 1 + rng() % 8 : 1 + rng() % 20000;
      seq.insert(seq.end(), length, c);
    }
    const PairGrammarLimits limits{4096, 1u << 16, 2 + rng() % 4};
    const PairGrammar plain = naive_pair_grammar(seq, 5, limits);
    for (unsigned threads : {1u, 2u, 4u}) {  // parts cut inside and beside long runs
      const PairGrammar g = build_pair_grammar(seq, 5, limits, threads);
      ASSERT_EQ(g.pairs, plain.pairs) << "round " << round << ", threads " << threads;
      ASSERT_EQ(g.sequence, plain.sequence) << "round " << round << ", threads " << threads;
    }
  }
}

// One round that replaces 1,200 pairs, each with a left and a right symbol
// of its own: their lookup table would take 1,201 x 1,201 cells, past what
// a round's table is given, so the round looks pairs up among the sorted
// ones instead, and must still rewrite as the plain rounds do.
TEST(PairGrammar, ManyPairsInOneRoundAsThePlainRounds) {
  std::mt19937_64 rng(17);
  constexpr std::uint16_t kPairs = 1200;
  std::vector<std::uint16_t> order;
  for (int copy = 0; copy < 10; ++copy)
    for (std::uint16_t p = 0; p < kPairs; ++p) order.push_back(p);
  std::ranges::shuffle(order, rng);
  std::vector<std::uint16_t> seq;
  for (std::uint16_t p : order) {
    seq.push_back(p);
    seq.push_back(static_cast<std::uint16_t>(kPairs + p));
  }
  const PairGrammarLimits limits{4096, 1u << 16, 8};
  const PairGrammar plain = naive_pair_grammar(seq, 2 * kPairs, limits);
  ASSERT_GE(plain.pairs.size(), std::size_t{kPairs});
  for (unsigned threads : {1u, 2u}) {
    const PairGrammar g = build_pair_grammar(seq, 2 * kPairs, limits, threads);
    ASSERT_EQ(g.pairs, plain.pairs) << "threads " << threads;
    ASSERT_EQ(g.sequence, plain.sequence) << "threads " << threads;
  }
}

TEST(ClassStream, DamageIsRefusedOrStaysInside) {
  std::mt19937_64 rng(5);
  int refused = 0;
  for (int round = 0; round < 300; ++round) {
    const Sample s = random_sample(rng);
    std::vector<std::byte> bytes = encode_class_stream(s.classes, s.exact);
    const std::size_t at = rng() % bytes.size();
    bytes[at] ^= static_cast<std::byte>(1u << (rng() % 8));
    if (rng() % 4 == 0) bytes.resize(rng() % bytes.size());
    try {
      const ClassStream stream(bytes, "test");
      for (int k = 0; k < 200; ++k) (void)stream.at(rng() % stream.size());
    } catch (const StorageError&) {
      ++refused;
    }
  }
  EXPECT_GT(refused, 50);
}

// A file that shrinks or is rewritten under its readers changes the bytes of
// a stream that was whole when it was opened (a truncated map reads as
// zeros): every read then still stays inside the stream, and either answers
// or is refused.
TEST(ClassStream, DamageAfterOpeningIsRefusedOrStaysInside) {
  std::mt19937_64 rng(6);
  int refused = 0;
  for (int round = 0; round < 300; ++round) {
    const Sample s = random_sample(rng);
    std::vector<std::byte> bytes = encode_class_stream(s.classes, s.exact);
    const ClassStream stream(bytes, "test");
    const std::size_t from = rng() % bytes.size();
    if (rng() % 2 == 0) {
      std::fill(bytes.begin() + static_cast<std::ptrdiff_t>(from), bytes.end(), std::byte{0});
    } else {
      for (std::size_t k = from; k < bytes.size(); k += 1 + rng() % 64)
        bytes[k] = static_cast<std::byte>(rng());
    }
    try {
      for (int k = 0; k < 200; ++k) (void)stream.at(rng() % stream.size());
    } catch (const StorageError&) {
      ++refused;
    }
  }
  EXPECT_GT(refused, 20);
}

TEST(DepthMap, ReadsBackAndRefusesDamage) {
  std::mt19937_64 rng(9);
  for (int round = 0; round < 200; ++round) {
    DepthMap map;
    map.side = static_cast<std::uint8_t>(rng() % 2);
    map.depths.resize(rng() % 6);
    for (auto& group : map.depths) {
      group.resize(rng() % (DepthMap::kMaxClasses + 1));
      for (std::uint16_t& d : group) d = static_cast<std::uint16_t>(rng());
    }
    const std::vector<std::byte> bytes = map.encode();
    const DepthMap back = DepthMap::decode(bytes, "test");
    ASSERT_EQ(back.side, map.side);
    ASSERT_EQ(back.depths, map.depths);
    // Cut anywhere, or with a byte more, it is refused.
    const std::size_t cut = rng() % bytes.size();
    EXPECT_THROW(DepthMap::decode(std::span(bytes).first(cut), "test"), StorageError);
    std::vector<std::byte> longer = bytes;
    longer.push_back(std::byte{0});
    EXPECT_THROW(DepthMap::decode(longer, "test"), StorageError);
  }
  DepthMap big;
  big.depths.assign(1, std::vector<std::uint16_t>(DepthMap::kMaxClasses + 1));
  EXPECT_THROW(DepthMap::decode(big.encode(), "test"), StorageError);
}

}  // namespace
