// The value kinds' JSON answers (answers/json.h) as Python objects: dicts (in the
// order the fields were written), lists, str, int, float, bool and None.
#pragma once

#include <pybind11/pybind11.h>

#include "answers/json.h"

namespace rtb::python {

pybind11::object to_python(const answers::Json& j);

}  // namespace rtb::python
