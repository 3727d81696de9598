#include "games/params.h"

#include <charconv>

#include "games/game.h"
#include "games/quote_input.h"

namespace rtb {

void Params::add(std::string_view kv) {
  auto eq = kv.find('=');
  if (eq == std::string_view::npos || eq == 0)
    throw GameError("parameter " + quote_input(kv) + " is not of the form key=value");
  values_[std::string(kv.substr(0, eq))] = std::string(kv.substr(eq + 1));
}

std::string Params::get(const std::string& key, const std::string& fallback) const {
  read_.insert(key);
  auto it = values_.find(key);
  return it == values_.end() ? fallback : it->second;
}

std::int64_t Params::get_int(const std::string& key, std::int64_t fallback, std::int64_t lo,
                             std::int64_t hi) const {
  read_.insert(key);
  auto it = values_.find(key);
  if (it == values_.end()) return fallback;
  const std::string& s = it->second;
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v < lo || v > hi)
    throw GameError("parameter " + quote_input(key + "=" + s) + " must be an integer from " +
                    std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

void Params::reject_unknown(std::string_view game) const {
  for (const auto& [key, value] : values_)
    if (!read_.count(key))
      throw GameError("game " + std::string(game) + " has no parameter " + quote_input(key) +
                      " (see tbgen --list)");
}

std::string Params::canonical() const {
  std::string out;
  for (const auto& [key, value] : values_) {
    if (!out.empty()) out += ',';
    out += key + "=" + value;
  }
  return out;
}

// A comma separates parameters only where a key follows it, so values such
// as set=1,3,4 come back whole.
Params Params::from_canonical(std::string_view text) {
  Params p;
  std::string item;
  auto flush = [&] {
    if (!item.empty()) p.add(item);
    item.clear();
  };
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    const bool new_key = part.find('=') != std::string_view::npos;
    if (new_key || item.empty()) {
      flush();
      item = part;
    } else {
      item += ',';
      item += part;
    }
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  flush();
  return p;
}

}  // namespace rtb
