// Parameters of a game as given by `--param key=value`. A plugin reads the
// keys it knows; any key left unread is an error, so a typo never silently
// produces the default table.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rtb {

// A key given twice in a list of items: one of its values would silently win
// over the other. The commands report it as a usage error.
struct RepeatedParam : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Params {
 public:
  Params() = default;
  // Parses "key=value"; throws GameError if there is no '=' or no key.
  void add(std::string_view key_equals_value);
  // Parses `--param` items, each "key=value" with a key of its own; throws
  // GameError for an item that is no key=value, RepeatedParam for a key
  // given twice.
  static Params from_items(const std::vector<std::string>& items);
  void set(const std::string& key, const std::string& value) { values_[key] = value; }

  bool has(const std::string& key) const { return values_.count(key) != 0; }
  std::string get(const std::string& key, const std::string& fallback) const;
  // An integer in [lo, hi]; throws GameError naming the game and key otherwise.
  std::int64_t get_int(const std::string& key, std::int64_t fallback, std::int64_t lo, std::int64_t hi) const;
  // Throws GameError for a key that no get() asked about.
  void reject_unknown(std::string_view game) const;

  // "k1=v1,k2=v2" in key order: the canonical form stored in table metadata.
  // A comma or backslash inside a key or value is escaped with a backslash,
  // so from_canonical(canonical()) gives the same parameters back.
  std::string canonical() const;
  static Params from_canonical(std::string_view text);
  const std::map<std::string, std::string>& values() const { return values_; }

 private:
  std::map<std::string, std::string> values_;
  mutable std::set<std::string> read_;
};

}  // namespace rtb
