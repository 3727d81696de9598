#include "cli/tbgen/check.h"

#include <ostream>
#include <type_traits>
#include <vector>

#include "games/registry.h"
#include "gen/check/plugin_check.h"
#include "gen/instances/instances.h"

namespace rtb {
namespace {

// 1234567 -> "1,234,567": table sizes are read at a glance.
std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) out += ',';
    out += digits[k];
  }
  return out;
}

}  // namespace

bool print_plugin_check(std::string_view table, const PluginCheckReport& report, std::ostream& out) {
  out << table << ": " << grouped(report.indices);
  if (report.sampled) out << " of " << grouped(report.size);
  out << " indices" << (report.sampled ? " (sample)" : "") << ", " << grouped(report.positions)
      << " positions, " << grouped(report.moves) << " moves checked: ";
  if (report.ok()) {
    out << "OK\n";
    return true;
  }
  out << "FAILED";
  if (report.stopped) out << " (stopped after " << report.failures.size() << " failures)";
  out << "\n";
  for (const PluginCheckFailure& f : report.failures) {
    out << "  " << check_name(f.check);
    if (f.index != PluginCheckFailure::kNoIndex) {
      out << " at index " << f.index;
      if (!f.text.empty()) out << " (" << f.text << ")";
    }
    out << ": " << f.message << "\n";
  }
  return false;
}

// Tables that depend on others (chess) are checked with nothing attached:
// Chess::moves() then gives moves leaving the table a draw, and no check
// depends on the values of such moves.
int run_plugin_check(const std::string& game, const rtb::Params& params, unsigned threads,
                     std::uint64_t sample, std::ostream& out) {
  std::vector<Params> tables{params};
  for_each_game_type([&]<class G>(std::type_identity<G>) {
    if constexpr (ExpandsParams<G>)
      if (game == G::kName) tables = G::expand(params);
  });
  PluginCheckOptions options;
  options.threads = threads;
  options.sample_limit = sample;
  bool all_ok = true;
  for (const Params& one : tables) {
    all_ok &= with_game(game, one, [&](const auto& g) {
      const std::string canonical = g.params().canonical();
      const std::string table = canonical.empty() ? game : game + " " + canonical;
      const bool ok = print_plugin_check(table, check_plugin(g, options), out);
      out.flush();  // a set of tables takes minutes: show each one as it is done
      return ok;
    });
  }
  return all_ok ? 0 : 1;
}

}  // namespace rtb
