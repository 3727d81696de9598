// The text form of the "meta" record: one `key=value` line per TableMeta
// field, readable with `mdb_dump -p`. Internal to storage/.
#pragma once

#include <string>
#include <string_view>

#include "storage/table_meta.h"

namespace rtb::storage {

// Strings are escaped (\\, \n, \r) so a value can never end its line early.
std::string format_meta(const TableMeta& meta);

// Parses a record written by format_meta. `context` ("table X") starts every
// error message. The record's own checksum (its last line) is checked first;
// then a format_version other than kFormatVersion is reported
// before anything else, since another version may use other keys; after that
// every field must be present exactly once. Unknown keys are ignored.
// Completeness is not checked here (the reader does it).
TableMeta parse_meta(std::string_view text, const std::string& context);

}  // namespace rtb::storage
