// Runs a shell command line for the command-line tests, its output and
// errors caught in files under a test's directory.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace rtb::testing {

struct Ran {
  int code;  // the exit status; -1 if the command did not exit
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs `command` with its standard output and error in `dir`'s files
// "stdout" and "stderr" (replaced each run).
inline Ran run_command(const std::string& command, const std::filesystem::path& dir) {
  const auto out = dir / "stdout", err = dir / "stderr";
  const std::string line = command + " >" + out.string() + " 2>" + err.string();
  const int status = std::system(line.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

}  // namespace rtb::testing
