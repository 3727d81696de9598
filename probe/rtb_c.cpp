// The C interface over ProbeTable: no exception crosses it.
#include <memory>
#include <string>

#include "probe/c_api_support.h"
#include "probe/probe.h"
#include "probe/rtb.h"

struct rtb_table {
  explicit rtb_table(const std::filesystem::path& path, std::string_view game = {}) : table(path, game) {}
  rtb::ProbeTable table;
};

namespace {

using rtb::c_api::guarded;
using rtb::c_api::last_error;

int fill(rtb::Value v, rtb_value* out) {
  if (!out) throw rtb::ProbeError("rtb_value* out is NULL");
  rtb::c_api::fill(v, out);
  return 0;
}

void require(const void* p, const char* what) {
  if (!p) throw rtb::ProbeError(std::string(what) + " is NULL");
}

}  // namespace

extern "C" {

rtb_table* rtb_open(const char* path) {
  return guarded(
      [&] {
        require(path, "path");
        return std::make_unique<rtb_table>(path).release();  // the caller's until rtb_close
      },
      nullptr);
}

rtb_table* rtb_open_dir(const char* dir, const char* game, const char* params) {
  return guarded(
      [&] {
        require(dir, "dir");
        require(game, "game");
        const rtb::Params p = rtb::Params::from_canonical(params ? params : "");
        auto plugin = rtb::make_game(game, p);
        const auto path = std::filesystem::path(dir) / (plugin->table_name() + ".rtb");
        auto t = std::make_unique<rtb_table>(path, game);
        if (t->table.meta().identity != plugin->identity())
          throw rtb::ProbeError("table " + path.string() + " was made for other parameters or input");
        return t.release();  // the caller's until rtb_close
      },
      nullptr);
}

int rtb_probe(const rtb_table* table, const char* position, rtb_value* out) {
  return guarded(
      [&] {
        require(table, "table");
        require(position, "position");
        return fill(table->table.value(std::string_view(position)), out);
      },
      -1);
}

int rtb_probe_index(const rtb_table* table, uint64_t index, rtb_value* out) {
  return guarded(
      [&] {
        require(table, "table");
        return fill(table->table.value(index), out);
      },
      -1);
}

uint64_t rtb_size(const rtb_table* table) {
  return table ? table->table.meta().index_size : 0;
}

const char* rtb_last_error(void) {
  return last_error.c_str();
}

void rtb_close(rtb_table* table) {
  std::unique_ptr<rtb_table> owned(table);
}

}  // extern "C"
