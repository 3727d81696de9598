// A list of queue entries in blocks of a fixed size. It grows without
// moving what it holds, one list is appended to another by moving blocks,
// and it is read back block by block, each freed once read: so a queue
// costs its entries and at most one part-filled block per list, where a
// doubling vector costs up to twice its entries, three times while it
// grows, and a copy more when lists are joined.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace rtb {

template <class Entry>
class BlockList {
 public:
  static constexpr std::uint32_t kBlock = 4096;  // entries

  void push_back(Entry e) {
    if (blocks_.empty() || blocks_.back().count == kBlock) [[unlikely]]
      grow();
    Block& b = blocks_.back();
    b.data[b.count++] = e;
    ++size_;
  }

  // Moves every block of `other` to the end of this list (a part-filled
  // block stays part-filled); `other` is left empty.
  void append(BlockList&& other) {
    if (blocks_.empty()) {
      blocks_ = std::move(other.blocks_);
    } else {
      for (Block& b : other.blocks_) blocks_.push_back(std::move(b));
    }
    size_ += other.size_;
    other.clear();
  }

  std::uint64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() {
    std::vector<Block>().swap(blocks_);
    size_ = 0;
  }

  // Calls f(entry) for every entry in order.
  template <class F>
  void for_each(F&& f) const {
    for (const Block& b : blocks_)
      for (std::uint32_t k = 0; k < b.count; ++k) f(b.data[k]);
  }

  // Calls f(entry) for every entry in order, freeing each block once read;
  // the list is empty after.
  template <class F>
  void drain(F&& f) {
    for (Block& b : blocks_) {
      for (std::uint32_t k = 0; k < b.count; ++k) f(b.data[k]);
      b.data.reset();
    }
    clear();
  }

 private:
  struct Block {
    std::unique_ptr<Entry[]> data;
    std::uint32_t count = 0;
  };
  [[gnu::noinline]] void grow() { blocks_.push_back({std::make_unique_for_overwrite<Entry[]>(kBlock), 0}); }
  std::vector<Block> blocks_;
  std::uint64_t size_ = 0;
};

}  // namespace rtb
