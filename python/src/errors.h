// The causes a Python caller tells apart, each raised as its own Python
// exception (rtb/_errors.py). The probe library throws one ProbeError for a
// missing table and a bad position alike, so the binding decides the cause
// at the call that knows it, as the C API does (probe/c_api_support.h).
#pragma once

#include <stdexcept>

namespace rtb::python {

// KeyError (rtb.MissingTableError): the directory has no such table.
struct MissingTable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// ValueError (rtb.PositionError): a position the table's game cannot read.
struct BadPosition : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// ValueError: an argument that makes no sense (a game or parameter that does
// not exist, a table of another kind).
struct BadArgument : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// rtb.CorruptTableError: a table that is damaged, truncated or incomplete.
struct Corrupt : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace rtb::python

namespace rtb::python {

// rtb.Error: a table used after close().
struct Closed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace rtb::python
