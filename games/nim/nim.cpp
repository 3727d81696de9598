#include "games/nim/nim.h"

#include "games/heaps.h"
#include "games/quote_input.h"

namespace rtb {

namespace {
constexpr Index kMaxSize = Index{1} << 40;
}

std::vector<ParamDoc> Nim::param_docs() {
  return {{"heaps", "K: the number of heaps", "3"}, {"max", "M: the largest heap", "7"}};
}

Nim::Nim(const Params& params) {
  heaps_ = static_cast<std::uint64_t>(params.get_int("heaps", 3, 1, 40));
  max_ = static_cast<std::uint64_t>(params.get_int("max", 7, 0, 0xFFFFFFFEll));
  params.reject_unknown(kName);
  size_ = 1;
  for (std::uint64_t j = 0; j < heaps_; ++j) {
    if (size_ > kMaxSize / (max_ + 1)) throw GameError("nim: (max+1)^heaps must be at most 2^40 positions");
    size_ *= max_ + 1;
  }
  weight_.resize(heaps_);
  Index w = 1;
  for (std::size_t j = weight_.size(); j-- > 0; w *= max_ + 1) weight_[j] = w;
  params_.set("heaps", std::to_string(heaps_));
  params_.set("max", std::to_string(max_));
}

std::string Nim::text(Index i) const {
  std::string s;
  for (std::size_t j = 0; j < weight_.size(); ++j) s += (j ? "," : "") + std::to_string(heap(i, j));
  return s;
}

Index Nim::parse(std::string_view s) const {
  std::vector<std::uint64_t> h;
  try {
    h = heaps::parse_list(s, 0, max_, kName);
  } catch (const GameError&) {
    throw GameError("nim: " + quote_input(s) + " is not " + std::to_string(heaps_) + " heaps of 0.." +
                    std::to_string(max_) + " separated by ','");
  }
  if (h.size() != heaps_)
    throw GameError("nim: " + quote_input(s) + " has " + std::to_string(h.size()) + " heaps, not " +
                    std::to_string(heaps_));
  Index i = 0;
  for (std::size_t j = 0; j < h.size(); ++j) i += h[j] * weight_[j];
  return i;
}

}  // namespace rtb
