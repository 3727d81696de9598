// Text inside XML or HTML (an SVG's <title>, a served page): the four
// characters that could end the text or an attribute, escaped.
#pragma once

#include <string>
#include <string_view>

namespace rtb::answers {

inline std::string markup_escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace rtb::answers
