// Replaced by the plugin checks (gen/check/plugin_check.h).
#include "cli/check.h"

namespace rtb {
int run_plugin_check(const std::string&, const rtb::Params&, unsigned, std::uint64_t, std::ostream& out) {
  out << "tbgen check: not built yet\n";
  return 1;
}
}  // namespace rtb
