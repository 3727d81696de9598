// The C interface over DepthTable: no exception crosses it, and every
// failure leaves a code (see rtb_error in rtb.h).
#include <memory>
#include <string>

#include "games/any_game.h"
#include "probe/c_api_support.h"
#include "probe/probe.h"
#include "probe/rtb.h"

struct rtb_table {
  explicit rtb_table(const std::filesystem::path& path, std::string_view game = {}) : table(path, game) {}
  rtb::DepthTable table;
};

namespace {

using rtb::c_api::Failure;
using rtb::c_api::guarded;
using rtb::c_api::guarded_status;
using rtb::c_api::require;

#define RTB_STR2(x) #x
#define RTB_STR(x) RTB_STR2(x)
constexpr const char kVersion[] =
    RTB_STR(RTB_VERSION_MAJOR) "." RTB_STR(RTB_VERSION_MINOR) "." RTB_STR(RTB_VERSION_PATCH);
#undef RTB_STR
#undef RTB_STR2

// Why DepthTable refused the table at `path` (it says so in words only):
// the table's own metadata is read again and checked the way the
// constructor checks it, so the answer costs nothing on success.
rtb_error diagnose(const std::filesystem::path& path, std::string_view expected_game) {
  const rtb::storage::TableReader reader(path);  // opened once already: damage would have shown then
  const rtb::storage::TableMeta& meta = reader.meta();
  if (!expected_game.empty() && meta.game != expected_game) return RTB_ERR_WRONG_KIND;
  if (meta.value_kind != rtb::kDepthKind) return RTB_ERR_WRONG_KIND;
  try {
    const auto game = rtb::make_game(meta.game, rtb::Params::from_canonical(meta.params));
    if (game->identity() != meta.identity) return RTB_ERR_WRONG_KIND;  // made from other input
    if (game->size() != meta.index_size) return RTB_ERR_CORRUPT;
    for (const rtb::Dependency& dep : game->dependencies()) {
      const auto name = rtb::make_game(dep.game, dep.params)->table_name() + ".rtb";
      if (!std::filesystem::exists(path.parent_path() / name)) return RTB_ERR_NO_TABLE;
    }
  } catch (const rtb::GameError&) {
    return RTB_ERR_CORRUPT;  // the metadata names parameters its game refuses
  }
  return RTB_ERR_CORRUPT;  // a table it leads into does not fit it
}

// Errors from the game layer while opening are the table's, not the caller's.
std::unique_ptr<rtb_table> open_table(const std::filesystem::path& path, std::string_view expected_game) {
  rtb::c_api::require_table_file(path);
  try {
    return std::make_unique<rtb_table>(path, expected_game);
  } catch (const rtb::ProbeError& e) {
    throw Failure(diagnose(path, expected_game), e.what());
  } catch (const rtb::GameError& e) {
    throw Failure(diagnose(path, expected_game), e.what());
  }
}

// The value of a position of `table`, from its text or index; the only
// ProbeError a lookup raises is for a position the table does not have.
template <class Position>
void probe(const rtb_table* table, Position position, rtb_value* out) {
  require(table, "table");
  require(out, "out");
  rtb::Value v;
  try {
    v = table->table.value(position);
  } catch (const rtb::ProbeError& e) {
    throw Failure(RTB_ERR_ILLEGAL_POSITION, e.what());
  }
  rtb::c_api::fill(v, out);
}

}  // namespace

extern "C" {

const char* rtb_version(void) {
  return kVersion;
}

rtb_table* rtb_open(const char* path) {
  return guarded(
      [&] {
        require(path, "path");
        if (std::filesystem::is_directory(path))
          throw Failure(RTB_ERR_BAD_ARGUMENT,
                        std::string(path) + " is a directory: rtb_open_dir opens a table in a directory");
        return open_table(path, {}).release();  // the caller's until rtb_close
      },
      nullptr);
}

rtb_table* rtb_open_dir(const char* dir, const char* game, const char* params) {
  return guarded(
      [&] {
        require(dir, "dir");
        require(game, "game");
        std::unique_ptr<rtb::AnyGame> plugin;
        try {
          plugin = rtb::make_game(game, rtb::Params::from_canonical(params ? params : ""));
        } catch (const rtb::GameError& e) {
          throw Failure(RTB_ERR_BAD_ARGUMENT, e.what());
        }
        const auto path = std::filesystem::path(dir) / (plugin->table_name() + ".rtb");
        auto t = open_table(path, game);
        rtb::storage::require_identity(t->table.meta(),
                                       {game, plugin->identity(), std::string(rtb::kDepthKind)},
                                       t->table.opened().where());
        return t.release();  // the caller's until rtb_close
      },
      nullptr);
}

int rtb_probe(const rtb_table* table, const char* position, rtb_value* out) {
  return guarded_status([&] {
    require(position, "position");
    probe(table, std::string_view(position), out);
  });
}

int rtb_probe_index(const rtb_table* table, uint64_t index, rtb_value* out) {
  return guarded_status([&] { probe(table, rtb::Index{index}, out); });
}

int rtb_check(const rtb_table* table) {
  return guarded_status([&] {
    require(table, "table");
    table->table.opened().check();
  });
}

uint64_t rtb_size(const rtb_table* table) {
  return guarded(
      [&] {
        require(table, "table");
        return uint64_t{table->table.meta().index_size};
      },
      uint64_t{0});
}

int rtb_last_error_code(void) {
  return rtb::c_api::last_code;
}

const char* rtb_last_error(void) {
  return rtb::c_api::last_error.c_str();
}

const char* rtb_error_name(int code) {
  switch (code < 0 ? -static_cast<long long>(code) : code) {
    case RTB_OK:
      return "RTB_OK";
    case RTB_ERR_NO_TABLE:
      return "RTB_ERR_NO_TABLE";
    case RTB_ERR_ILLEGAL_POSITION:
      return "RTB_ERR_ILLEGAL_POSITION";
    case RTB_ERR_CORRUPT:
      return "RTB_ERR_CORRUPT";
    case RTB_ERR_IO:
      return "RTB_ERR_IO";
    case RTB_ERR_BAD_ARGUMENT:
      return "RTB_ERR_BAD_ARGUMENT";
    case RTB_ERR_WRONG_KIND:
      return "RTB_ERR_WRONG_KIND";
    case RTB_ERR_NO_MEMORY:
      return "RTB_ERR_NO_MEMORY";
    case RTB_ERR_INTERNAL:
      return "RTB_ERR_INTERNAL";
  }
  return "RTB_ERR_UNKNOWN";
}

void rtb_close(rtb_table* table) {
  std::unique_ptr<rtb_table> owned(table);
}

}  // extern "C"
