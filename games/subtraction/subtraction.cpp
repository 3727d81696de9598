#include "games/subtraction/subtraction.h"

#include <algorithm>

#include "games/heaps.h"

namespace rtb {

namespace {
constexpr std::uint64_t kMaxHeap = 0xFFFFFFFEull;
}

std::vector<ParamDoc> Subtraction::param_docs() {
  return {{"set", "the numbers of tokens a move may take, e.g. 1,3,4 (or 1+3+4)", "1,3,4"},
          {"heaps", "N: the largest heap in the table (heaps 0..N)", "1000"}};
}

Subtraction::Subtraction(const Params& params) {
  set_ = heaps::parse_list(params.get("set", "1,3,4"), 1, kMaxHeap, "subtraction: set");
  max_heap_ = static_cast<std::uint64_t>(params.get_int("heaps", 1000, 0, kMaxHeap));
  params.reject_unknown(kName);
  std::sort(set_.begin(), set_.end());
  set_.erase(std::unique(set_.begin(), set_.end()), set_.end());
  params_.set("set", heaps::join_plus(set_));
  params_.set("heaps", std::to_string(max_heap_));
}

std::string Subtraction::identity() const {
  return "subtraction;" + params_.canonical();
}

std::string Subtraction::table_name() const {
  std::string name = "subtraction-" + heaps::join_plus(set_) + "-" + std::to_string(max_heap_);
  std::replace(name.begin(), name.end(), '+', '.');
  return name;
}

Index Subtraction::parse(std::string_view s) const {
  return heaps::parse_count(s, max_heap_, kName);
}

}  // namespace rtb
