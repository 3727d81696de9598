#include "games/params.h"

#include <charconv>
#include <vector>

#include "games/game.h"
#include "games/quote_input.h"

namespace rtb {

void Params::add(std::string_view kv) {
  auto eq = kv.find('=');
  if (eq == std::string_view::npos || eq == 0)
    throw GameError("parameter " + quote_input(kv) + " is not of the form key=value");
  values_[std::string(kv.substr(0, eq))] = std::string(kv.substr(eq + 1));
}

Params Params::from_items(const std::vector<std::string>& items) {
  Params params;
  for (const auto& item : items) {
    Params one;
    one.add(item);
    const auto& [key, value] = *one.values().begin();
    if (params.has(key))
      throw RepeatedParam("--param " + quote_input(key) + " is given twice: " +
                          quote_input(key + "=" + params.values().at(key)) + " and " + quote_input(item));
    params.set(key, value);
  }
  return params;
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

// In the canonical form a comma or backslash inside a key or value is
// written after a backslash, so that a value may hold commas (a file name such as
// a,misere=1.graph) and still read back as one value.
std::string Params::canonical() const {
  auto escaped = [](std::string_view s) {
    std::string out;
    for (char c : s) {
      if (c == ',' || c == '\\') out += '\\';
      out += c;
    }
    return out;
  };
  std::string out;
  for (const auto& [key, value] : values_) {
    if (!out.empty()) out += ',';
    out += escaped(key) + "=" + escaped(value);
  }
  return out;
}

namespace {

// The items of a canonical form: split at the commas not escaped, escapes
// kept (a backslash before any other character is an ordinary one).
std::vector<std::string> canonical_items(std::string_view text) {
  std::vector<std::string> items(1);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == ',' || text[i + 1] == '\\')) {
      items.back() += text.substr(i, 2);
      ++i;
    } else if (text[i] == ',') {
      items.emplace_back();
    } else {
      items.back() += text[i];
    }
  }
  return items;
}

std::string unescaped(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == ',' || s[i + 1] == '\\')) ++i;
    out += s[i];
  }
  return out;
}

}  // namespace

// Tables written before values were escaped kept "set=1,3,4" as it is, so
// an unescaped comma still separates parameters only where a key follows it.
Params Params::from_canonical(std::string_view text) {
  Params p;
  std::string item;
  auto flush = [&] {
    if (item.empty()) return;
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw GameError("parameter '" + unescaped(item) + "' is not of the form key=value");
    p.values_[unescaped(std::string_view(item).substr(0, eq))] =
        unescaped(std::string_view(item).substr(eq + 1));
    item.clear();
  };
  for (const std::string& part : canonical_items(text)) {
    if (part.find('=') != std::string::npos || item.empty()) {
      flush();
      item = part;
    } else {
      item += ',';
      item += part;
    }
  }
  flush();
  return p;
}

}  // namespace rtb
