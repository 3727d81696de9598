#include "chess_probe.h"

#include "errors.h"
#include "probe/table.h"

namespace rtb::python {
namespace {

[[noreturn]] void raise_last_error() {
  const std::string message = rtb_last_error();
  switch (rtb_last_error_code()) {
    case RTB_ERR_NO_TABLE:
      throw MissingTable(message);
    case RTB_ERR_ILLEGAL_POSITION:
      throw BadPosition(message);
    case RTB_ERR_CORRUPT:
      throw Corrupt(message);
    case RTB_ERR_BAD_ARGUMENT:
      throw BadArgument(message);
    default:
      throw ProbeError(message);
  }
}

}  // namespace

ChessProbe::ChessProbe(const std::string& dir, const std::string& metric)
    : handle_(rtb_chess_open(dir.c_str(), metric.c_str(), 0)) {
  if (!handle_) raise_last_error();
}

std::pair<int, unsigned> ChessProbe::probe(const std::string& fen) const {
  rtb_value v{};
  if (rtb_chess_probe_fen(handle(), fen.c_str(), &v) != 0) raise_last_error();
  return {v.wdl, v.depth};
}

int ChessProbe::max_pieces() const {
  return rtb_chess_max_pieces(handle());
}

const rtb_chess* ChessProbe::handle() const {
  if (!handle_) throw Closed("the chess tablebase is closed");
  return handle_.get();
}

}  // namespace rtb::python
