#include "storage/compact_table.h"

#include <string>
#include <vector>

#include "storage/table_reader.h"
#include "storage/table_writer.h"

namespace rtb::storage {

void compact_table(const std::filesystem::path& path) {
  const TableReader reader(path);
  if (!reader.has_values()) return;
  WriteOptions options;
  options.force = true;
  options.store_values = false;
  TableWriter writer(path, reader.meta().index_size, options);
  writer.append(reader.read_all());  // checked against the checksum the compact table keeps
  for (const std::string& name : reader.stream_names()) writer.add_stream(name, *reader.stream(name));
  reader.check_unchanged();
  writer.commit(reader.meta());
}

}  // namespace rtb::storage
