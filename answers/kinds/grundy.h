// The grundy16 kind: Sprague-Grundy values of impartial games, finite or
// loopy (gen/grundy/), read by GrundyTable (probe/grundy.h), and sums of
// positions of one or several tables (tbprobe --sum).
#pragma once

#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "answers/json.h"
#include "probe/grundy.h"

namespace rtb::answers {

Json grundy_position(const GrundyTable& table, Index i);
void print_grundy_position(const Json& answer, std::ostream& out);
// Every position in index order: "<position> <value>", or JSON lines.
void dump_grundy(const GrundyTable& table, std::ostream& out, bool json = false);

// The tables and positions of a --sum: each term is "POSITION" of the
// default table or "TABLE:POSITION" (split at the last ':').
class SumInput {
 public:
  SumInput(const std::vector<std::string>& terms, const std::string& default_table);
  const std::vector<SumPart>& parts() const { return parts_; }

 private:
  std::map<std::string, std::unique_ptr<GrundyTable>> tables_;
  std::vector<SumPart> parts_;
};

Json grundy_sum(const std::vector<SumPart>& parts);
void print_grundy_sum(const Json& answer, std::ostream& out);

}  // namespace rtb::answers
