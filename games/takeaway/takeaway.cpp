#include "games/takeaway/takeaway.h"

#include "games/heaps.h"
#include "games/quote_input.h"

namespace rtb {

namespace {
constexpr std::int64_t kMaxTotal = 1'000'000'000;
}

std::vector<ParamDoc> Takeaway::param_docs() {
  return {{"total", "the tokens on both heaps together: the table's positions", "10"},
          {"take", "the most tokens a move may take", "3"}};
}

Takeaway::Takeaway(const Params& params)
    : total_(static_cast<std::uint64_t>(params.get_int("total", 10, 0, kMaxTotal))),
      take_(static_cast<std::uint64_t>(params.get_int("take", 3, 1, 1000))) {
  params.reject_unknown(kName);
}

Params Takeaway::params() const {
  Params p;
  p.set("total", std::to_string(total_));
  p.set("take", std::to_string(take_));
  return p;
}

std::string Takeaway::identity() const {
  return "takeaway;" + params().canonical();
}

std::string Takeaway::table_name() const {
  return "takeaway-" + std::to_string(take_) + "-" + std::to_string(total_);
}

std::vector<Dependency> Takeaway::dependencies() const {
  std::vector<Dependency> out;
  for (std::uint64_t t = 1; t <= take_ && t <= total_; ++t) {
    Params p = params();
    p.set("total", std::to_string(total_ - t));
    out.push_back({std::string(kName), p});
  }
  return out;
}

Index Takeaway::parse(std::string_view s) const {
  const auto comma = s.find(',');
  if (comma == std::string_view::npos)
    throw GameError("takeaway: a position is two heaps \"a,b\", not " + quote_input(s));
  const std::uint64_t a = heaps::parse_count(s.substr(0, comma), total_, kName);
  const std::uint64_t b = heaps::parse_count(s.substr(comma + 1), total_, kName);
  if (a + b != total_)
    throw GameError("takeaway: " + quote_input(s) + " is not " + std::to_string(total_) +
                    " tokens, which this table holds");
  return a;
}

}  // namespace rtb
