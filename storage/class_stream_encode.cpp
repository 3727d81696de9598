// The encoder of storage/class_stream.h.
#include <algorithm>
#include <bit>
#include <span>
#include <stdexcept>

#include "storage/class_stream.h"
#include "storage/pair_grammar.h"
#include "storage/parts.h"

namespace rtb::storage {
namespace {

constexpr unsigned kMaxCode = 24;  // a code always fits the 57 bits a probe loads
constexpr std::uint32_t kMaxSymbolValues = 1u << 24;
constexpr std::uint64_t kMaxBlockValues = std::uint64_t{1} << 31;

void put(std::vector<std::byte>& out, std::uint64_t v, int bytes) {
  for (int k = 0; k < bytes; ++k) out.push_back(static_cast<std::byte>(v >> (8 * k)));
}

bool is_exact(std::span<const std::uint64_t> exact, std::uint64_t i) {
  return exact.empty() || ((exact[i / 64] >> (i % 64)) & 1) != 0;
}

bool marked_exact(std::uint16_t c) {
  return (c & kExactClass) != 0;
}

// The class stored for marked class c after `previous`: its own if it must
// be exact or is below previous, else previous.
std::uint16_t stored_after(std::uint16_t previous, std::uint16_t c) {
  return marked_exact(c) || (c & 0xFF) < previous ? c & 0xFF : previous;
}

// The class stored before each part [cut[k], cut[k + 1]) of the marked
// classes `seq` (see fill): before the first, its first exact class (the
// first classes take it); before each other, what the part before leaves,
// which is either its own (that of its last exact class and the bounds
// after it) or the least of the class before it and its bounds. The parts
// but the last are read at once.
std::vector<std::uint16_t> stored_before(const std::vector<std::uint16_t>& seq,
                                         std::span<const std::size_t> cut) {
  const auto parts = static_cast<unsigned>(cut.size() - 1);
  struct Leaves {
    bool own = false;
    std::uint16_t last = 0xFF;
  };
  std::vector<Leaves> leaves(parts - 1);
  if (parts > 1)
    run_parts(parts - 1, [&](unsigned k) {
      Leaves& p = leaves[k];
      for (std::size_t i = cut[k]; i < cut[k + 1]; ++i)
        if (marked_exact(seq[i]) || (seq[i] & 0xFF) < p.last)
          p.own |= marked_exact(seq[i]), p.last = seq[i] & 0xFF;
    });
  std::vector<std::uint16_t> before(parts);
  const auto first = std::ranges::find_if(seq, marked_exact);
  before[0] = first == seq.end() ? 0 : *first & 0xFF;
  for (unsigned k = 1; k < parts; ++k)
    before[k] = leaves[k - 1].own ? leaves[k - 1].last : std::min(before[k - 1], leaves[k - 1].last);
  return before;
}

// Each class that need not be exact takes the class stored before it where
// that is allowed (at most its bound), which only ever lengthens runs; the
// first ones take the first exact class allowed. In place: `seq` holds
// marked classes (class_stream.h) and is left holding the stored ones. In
// parts, each from the class stored_before it.
struct Filled {
  std::uint32_t terminals = 1;  // the largest class stored, plus one
  bool constant = true;         // every class stored is one
};
Filled fill(std::vector<std::uint16_t>& seq, unsigned threads) {
  if (seq.empty()) return {};
  const unsigned parts = parts_for(seq.size(), threads);
  const std::vector<std::size_t> cut = cuts(seq.size(), parts, [](std::size_t) { return true; });
  const std::vector<std::uint16_t> before = stored_before(seq, cut);
  const std::uint16_t one = stored_after(before[0], seq[0]);
  struct Stored {
    std::uint32_t terminals = 1;
    bool constant = true;
    std::uint16_t marks = 0;  // the classes or'ed: a class past 255 sets a bit past kExactClass
  };
  std::vector<Stored> stored(parts);
  run_parts(parts, [&](unsigned k) {
    Stored& p = stored[k];
    std::uint16_t previous = before[k];
    for (std::size_t i = cut[k]; i < cut[k + 1]; ++i) {
      const std::uint16_t c = seq[i];
      p.marks |= c;
      previous = stored_after(previous, c);
      seq[i] = previous;
      p.terminals = std::max<std::uint32_t>(p.terminals, previous + 1u);
      p.constant &= previous == one;
    }
  });
  Filled out;
  for (const Stored& p : stored) {
    if (p.marks >= 2 * kExactClass) throw std::invalid_argument("encode_class_stream: a class passes 255");
    out.terminals = std::max(out.terminals, p.terminals), out.constant &= p.constant;
  }
  return out;
}

struct Blocks {
  std::vector<std::uint32_t> counts;  // values - 1
  std::vector<std::byte> data;        // blocks x block_bytes
  std::vector<std::uint64_t> starts;  // first value of each block
};

// Packs whole codes into blocks, most significant bit first.
Blocks pack(const PairGrammar& g, std::span<const std::uint8_t> lengths, std::span<const std::uint32_t> codes,
            std::uint32_t block_bytes) {
  Blocks out;
  const std::uint64_t block_bits = std::uint64_t{block_bytes} * 8;
  std::uint64_t bit = block_bits, values = 0, start = 0;
  auto close = [&] {
    if (values == 0) return;
    out.counts.push_back(static_cast<std::uint32_t>(values - 1));
    out.starts.push_back(start);
    start += values;
    values = 0;
  };
  for (std::uint16_t s : g.sequence) {
    if (bit + lengths[s] > block_bits || values + g.lengths[s] > kMaxBlockValues) {
      close();
      out.data.resize(out.data.size() + block_bytes, std::byte{0});
      bit = 0;
    }
    // The code's bits from the byte that holds `bit` on (at most 4 bytes:
    // a code has at most 24 bits), most significant first.
    std::byte* at = out.data.data() + out.data.size() - block_bytes + bit / 8;
    const unsigned shift = 64 - lengths[s] - static_cast<unsigned>(bit % 8);
    const std::uint64_t bits = std::uint64_t{codes[s]} << shift;
    for (unsigned b = 0; 8 * b < 64 - shift; ++b) at[b] |= static_cast<std::byte>(bits >> (56 - 8 * b));
    bit += lengths[s];
    values += g.lengths[s];
  }
  close();
  return out;
}

// The stream of the filled classes `seq`, which is left empty with its
// capacity.
std::vector<std::byte> encode_filled(std::vector<std::uint16_t>& seq, Filled filled,
                                     const ClassStreamOptions& options) {
  const bool constant = filled.constant;
  const std::uint32_t terminals = filled.terminals;
  const std::uint64_t size = seq.size();
  const std::uint16_t first = seq.empty() ? 0 : seq[0];
  PairGrammar g;
  g.terminals = terminals;
  g.lengths.assign(terminals, 1);
  if (!constant)
    g = build_pair_grammar(std::move(seq), terminals, {options.max_symbols, kMaxSymbolValues, 8},
                           options.threads);

  std::vector<std::uint64_t> frequency(g.symbols(), 0);
  for (std::uint16_t s : g.sequence) ++frequency[s];
  const std::vector<std::uint8_t> lengths =
      constant ? std::vector<std::uint8_t>(g.symbols(), 0) : huffman_lengths(frequency, kMaxCode);
  const Blocks blocks = constant ? Blocks{} : pack(g, lengths, canonical_codes(lengths), options.block_bytes);
  const auto block_count = static_cast<std::uint32_t>(blocks.counts.size());
  // About four blocks per sparse entry: a probe walks two counts on average.
  const std::uint64_t per_block = block_count == 0 ? 1 : std::max<std::uint64_t>(1, size / block_count);
  const unsigned shift = std::min(31u, static_cast<unsigned>(std::bit_width(4 * per_block) - 1));
  const std::uint64_t entries = block_count == 0 ? 0 : (size + (std::uint64_t{1} << shift) - 1) >> shift;

  std::vector<std::byte> out;
  const int count_bytes =
      std::ranges::all_of(blocks.counts, [](std::uint32_t c) { return c < 65536; }) ? 2 : 4;
  out.reserve(52 + 4 * g.pairs.size() + g.symbols() + count_bytes * block_count + 8 * entries +
              blocks.data.size() + 8);
  for (char c : {'R', 'T', 'B', 'C', 'L', 'S', '0', '1'}) out.push_back(static_cast<std::byte>(c));
  put(out, size, 8);
  for (std::uint64_t v : {std::uint64_t{terminals}, std::uint64_t{g.symbols()},
                          std::uint64_t{options.block_bytes}, std::uint64_t{block_count},
                          std::uint64_t{shift}, entries, constant ? std::uint64_t{first} : 0xFFFFFFFFu,
                          std::uint64_t{options.tag}, std::uint64_t(count_bytes)})
    put(out, v, 4);
  for (const auto& [left, right] : g.pairs) put(out, left, 2), put(out, right, 2);
  for (std::uint8_t l : lengths) put(out, l, 1);
  for (std::uint32_t c : blocks.counts) put(out, c, count_bytes);
  for (std::uint64_t j = 0, b = 0; j < entries; ++j) {
    const std::uint64_t at = j << shift;
    while (b + 1 < block_count && blocks.starts[b + 1] <= at) ++b;
    put(out, b, 4), put(out, at - blocks.starts[b], 4);
  }
  out.insert(out.end(), blocks.data.begin(), blocks.data.end());
  put(out, 0, 8);
  if (!constant) seq = std::move(g.sequence);  // the grammar rewrote it in place
  seq.clear();
  return out;
}

}  // namespace

std::vector<std::byte> encode_class_stream(std::span<const std::uint8_t> classes,
                                           std::span<const std::uint64_t> exact,
                                           const ClassStreamOptions& options) {
  if (!exact.empty() && exact.size() < (classes.size() + 63) / 64)
    throw std::invalid_argument("encode_class_stream: the bitmap is too short");
  std::vector<std::uint16_t> marked(classes.size());
  for (std::uint64_t i = 0; i < classes.size(); ++i)
    marked[i] = static_cast<std::uint16_t>(classes[i] | (is_exact(exact, i) ? kExactClass : 0));
  return encode_class_stream(marked, options);
}

std::vector<std::byte> encode_class_stream(std::vector<std::uint16_t>& marked,
                                           const ClassStreamOptions& options) {
  if (options.block_bytes < 8 || options.block_bytes > 4096 || options.max_symbols < 256 ||
      options.max_symbols > 4096)
    throw std::invalid_argument("encode_class_stream: bad options");
  const Filled filled = fill(marked, options.threads);
  return encode_filled(marked, filled, options);
}

}  // namespace rtb::storage
