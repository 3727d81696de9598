// User input echoed in an error message. Input can be anything (a line of
// /dev/urandom, a megabyte-long --param value), so the message shows a short
// prefix and escapes what would break the line or the terminal.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace rtb {

// 'input' in single quotes: at most `max_chars` characters of it, then "...";
// bytes outside printable ASCII appear as \xHH.
inline std::string quote_input(std::string_view input, std::size_t max_chars = 40) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  for (std::size_t i = 0; i < input.size() && i < max_chars; ++i) {
    const auto byte = static_cast<unsigned char>(input[i]);
    if (byte >= 0x20 && byte < 0x7f) {
      out += static_cast<char>(byte);
    } else {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    }
  }
  if (input.size() > max_chars) out += "...";
  return out + "'";
}

}  // namespace rtb
