// What the commands share: usage errors, --param lists, table directories,
// the version, and one way from an exception to a message and an exit
// status.
#pragma once

#include <charconv>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "games/params.h"
#include "games/quote_input.h"

namespace rtb::answers {

// A command line that makes no sense: exit status 2 and a pointer to --help.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A whole-number option, read from its text here: Boost's conversion to an
// unsigned type takes "-1" as 4294967295 and "-4294967295" as 1.
inline std::uint64_t number_option(std::string_view name, const std::string& text, std::uint64_t lo,
                                   std::uint64_t hi) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi)
    throw UsageError("--" + std::string(name) + " must be a whole number from " + std::to_string(lo) +
                     " to " + std::to_string(hi) + ", not " + quote_input(text));
  return v;
}

// --param items (Params::from_items); a key given twice is a usage error,
// since one of its values would silently win over the other.
inline Params parse_params(const std::vector<std::string>& items) {
  try {
    return Params::from_items(items);  // GameError for an item that is no key=value
  } catch (const RepeatedParam& e) {
    throw UsageError(e.what());
  }
}

// The directory a table file is in ("." for a bare file name).
inline std::filesystem::path directory_of(const std::filesystem::path& file) {
  return file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
}

// "tbgen (rtb) 0.1.0"
inline std::string version_line(std::string_view command) {
  return std::string(command) + " (rtb) " + RTB_VERSION;
}

// Runs a command's main: a usage error exits 2, any other failure 1, each
// with one line on stderr.
template <class Main>
int run_command(std::string_view command, Main&& main) {
  try {
    return main();
  } catch (const UsageError& e) {
    // Each line in one write: under mpirun the ranks' lines share a stream.
    std::cerr << std::string(command) + ": " + e.what() + " (" + std::string(command) + " --help)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << std::string(command) + ": error: " + e.what() + "\n";
    return 1;
  }
}

}  // namespace rtb::answers
