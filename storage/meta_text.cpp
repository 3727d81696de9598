#include "storage/meta_text.h"

#include <xxhash.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>

#include "storage/table_writer.h"

namespace rtb::storage {
namespace {

std::string escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else
      out += c;
  }
  return out;
}

bool unescape(std::string_view s, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\') {
      out += s[i];
      continue;
    }
    if (++i == s.size()) return false;
    if (s[i] == '\\')
      out += '\\';
    else if (s[i] == 'n')
      out += '\n';
    else if (s[i] == 'r')
      out += '\r';
    else
      return false;
  }
  return true;
}

// The record's last line: "meta_checksum=<XXH3-64 of every byte before it>".
constexpr std::string_view kChecksumKey = "meta_checksum=";

// Counts are written as "count.<name>=<value>" lines.
constexpr std::string_view kCountPrefix = "count.";

bool valid_count_name(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name)
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

std::string hex64(std::uint64_t value) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(value));
  return buffer;
}

// Every field of TableMeta, read one by one from the key=value map.
class Fields {
 public:
  Fields(std::map<std::string, std::string, std::less<>> values, const std::string& context)
      : values_(std::move(values)), context_(context) {}

  // Every "count.<name>" line, in the order of their names.
  Counts counts() const {
    Counts out;
    for (auto it = values_.lower_bound(kCountPrefix);
         it != values_.end() && std::string_view(it->first).starts_with(kCountPrefix); ++it) {
      const std::string name = it->first.substr(kCountPrefix.size());
      std::uint64_t value = 0;
      number(it->first.c_str(), value);
      if (!valid_count_name(name)) bad(it->first.c_str());
      out.set(name, value);
    }
    return out;
  }

  void text(const char* key, std::string& out) const {
    if (!unescape(get(key), out)) bad(key);
  }

  template <typename Int>
  void number(const char* key, Int& out, int base = 10) const {
    const std::string& s = get(key);
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out, base);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size()) bad(key);
  }

  void flag(const char* key, bool& out) const {
    const std::string& s = get(key);
    if (s != "0" && s != "1") bad(key);
    out = s == "1";
  }

 private:
  const std::string& get(const char* key) const {
    const auto it = values_.find(key);
    if (it == values_.end()) throw StorageError(context_ + ": the meta record has no '" + key + "'");
    return it->second;
  }
  [[noreturn]] void bad(const char* key) const {
    // Quote a damaged value only in part: it may be long or binary garbage.
    throw StorageError(context_ + ": the meta record has a malformed '" + key + "': '" +
                       get(key).substr(0, 40) + "'");
  }

  std::map<std::string, std::string, std::less<>> values_;
  const std::string& context_;
};

}  // namespace

void Counts::set(std::string name, std::uint64_t value) {
  auto it = std::lower_bound(items_.begin(), items_.end(), name,
                             [](const auto& item, const std::string& n) { return item.first < n; });
  if (it != items_.end() && it->first == name)
    it->second = value;
  else
    items_.insert(it, {std::move(name), value});
}

std::optional<std::uint64_t> Counts::find(std::string_view name) const {
  for (const auto& [n, v] : items_)
    if (n == name) return v;
  return std::nullopt;
}

std::string format_meta(const TableMeta& meta) {
  std::string out;
  auto line = [&out](const char* key, const std::string& value) {
    out += key;
    out += '=';
    out += value;
    out += '\n';
  };
  line("game", escape(meta.game));
  line("params", escape(meta.params));
  line("identity", escape(meta.identity));
  line("solver_params", escape(meta.solver_params));
  line("value_kind", escape(meta.value_kind));
  line("format_version", std::to_string(meta.format_version));
  line("generator_version", escape(meta.generator_version));
  line("index_size", std::to_string(meta.index_size));
  line("legal", std::to_string(meta.legal));
  for (const auto& [name, value] : meta.counts.items()) {
    if (!valid_count_name(name)) throw StorageError("count name '" + name + "' is not lower_case_words");
    line((std::string(kCountPrefix) + name).c_str(), std::to_string(value));
  }
  line("block_values", std::to_string(meta.block_values));
  line("checksum", hex64(meta.checksum));
  line("block_salt", hex64(meta.block_salt));
  line("complete", meta.complete ? "1" : "0");
  line("extra", escape(meta.extra));
  line("meta_checksum", hex64(XXH3_64bits(out.data(), out.size())));
  return out;
}

namespace {

// Checks the record's own checksum and returns the lines it covers.
std::string_view checked_body(std::string_view text, const std::string& context) {
  const std::string damaged = context + ": the meta record is damaged (its checksum does not match)";
  if (text.empty() || text.back() != '\n') throw StorageError(damaged);
  const std::size_t last = text.rfind('\n', text.size() - 2);
  const std::size_t start = last == std::string_view::npos ? 0 : last + 1;
  const std::string_view line = text.substr(start, text.size() - 1 - start);
  if (!line.starts_with(kChecksumKey) || line.size() != kChecksumKey.size() + 16) throw StorageError(damaged);
  std::uint64_t stored = 0;
  const char* digits = line.data() + kChecksumKey.size();
  const auto [end, ec] = std::from_chars(digits, digits + 16, stored, 16);
  if (ec != std::errc() || end != digits + 16 || stored != XXH3_64bits(text.data(), start))
    throw StorageError(damaged);
  return text.substr(0, start);
}

}  // namespace

TableMeta parse_meta(std::string_view text, const std::string& context) {
  text = checked_body(text, context);
  std::map<std::string, std::string, std::less<>> values;
  std::size_t line_number = 0;
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    const std::string_view line = text.substr(0, newline);
    text = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
    ++line_number;
    if (line.empty()) continue;
    const std::size_t equals = line.find('=');
    if (equals == std::string_view::npos)
      throw StorageError(context + ": line " + std::to_string(line_number) +
                         " of the meta record is not key=value");
    if (!values.emplace(line.substr(0, equals), line.substr(equals + 1)).second)
      throw StorageError(context + ": the meta record has '" + std::string(line.substr(0, equals)) +
                         "' twice");
  }

  const Fields fields(std::move(values), context);
  TableMeta meta;
  fields.number("format_version", meta.format_version);
  if (meta.format_version != kFormatVersion)
    throw StorageError(context + " has format version " + std::to_string(meta.format_version) +
                       "; this build reads version " + std::to_string(kFormatVersion));
  fields.text("game", meta.game);
  fields.text("params", meta.params);
  fields.text("identity", meta.identity);
  fields.text("solver_params", meta.solver_params);
  fields.text("value_kind", meta.value_kind);
  fields.text("generator_version", meta.generator_version);
  fields.number("index_size", meta.index_size);
  fields.number("legal", meta.legal);
  meta.counts = fields.counts();
  fields.number("block_values", meta.block_values);
  fields.number("checksum", meta.checksum, 16);
  fields.number("block_salt", meta.block_salt, 16);
  fields.flag("complete", meta.complete);
  fields.text("extra", meta.extra);
  return meta;
}

}  // namespace rtb::storage
