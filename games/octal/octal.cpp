#include "games/octal/octal.h"

#include "games/heaps.h"
#include "games/quote_input.h"

namespace rtb {

namespace {
constexpr std::uint64_t kMaxHeap = 0xFFFFFFFEull;
constexpr std::size_t kMaxDigits = 64;

// "0.77" -> {0, 7, 7}; throws GameError for anything that is no octal code.
std::vector<std::uint8_t> parse_code(const std::string& code) {
  auto fail = [&]() -> std::vector<std::uint8_t> {
    throw GameError("octal: code " + quote_input(code) +
                    " must be 0.ddd or 4.ddd with digits 0..7 (e.g. 0.77)");
  };
  if (code.size() < 3 || code.size() > kMaxDigits + 2 || (code[0] != '0' && code[0] != '4') || code[1] != '.')
    return fail();
  std::vector<std::uint8_t> digits{static_cast<std::uint8_t>(code[0] - '0')};
  for (std::size_t j = 2; j < code.size(); ++j) {
    if (code[j] < '0' || code[j] > '7') return fail();
    digits.push_back(static_cast<std::uint8_t>(code[j] - '0'));
  }
  while (digits.size() > 1 && digits.back() == 0) digits.pop_back();  // 0.770 is 0.77
  return digits;
}
}  // namespace

std::vector<ParamDoc> Octal::param_docs() {
  return {{"octal", "the code, e.g. 0.77 (Kayles), 0.07 (Dawson's Kayles), 0.137 (Dawson's chess)", ""},
          {"heaps", "N: the largest heap in the table (heaps 0..N)", "1000"}};
}

Octal::Octal(const Params& params) {
  const std::string code = params.get("octal", "");
  if (code.empty()) throw GameError("game octal needs --param octal=CODE (e.g. octal=0.77)");
  max_heap_ = static_cast<std::uint64_t>(params.get_int("heaps", 1000, 0, kMaxHeap));
  params.reject_unknown(kName);
  digits_ = parse_code(code);
  code_ = std::string(1, static_cast<char>('0' + digits_[0])) + ".";
  for (std::size_t k = 1; k < digits_.size(); ++k) code_ += static_cast<char>('0' + digits_[k]);
  if (digits_.size() == 1) code_ += '0';  // 0.0, not "0.": the code must read back
  for (std::size_t k = 0; k < digits_.size(); ++k) {
    if (k > 0 && (digits_[k] & 1)) take_all_.push_back(k);
    if (k > 0 && (digits_[k] & 2)) leave_one_.push_back(k);
    if (digits_[k] & 4) leave_two_.push_back(k);
  }
  params_.set("octal", code_);
  params_.set("heaps", std::to_string(max_heap_));
}

Index Octal::parse(std::string_view s) const {
  return heaps::parse_count(s, max_heap_, kName);
}

}  // namespace rtb
