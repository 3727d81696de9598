#include "json_to_python.h"

namespace rtb::python {

namespace py = pybind11;

py::object to_python(const answers::Json& j) {
  switch (j.type()) {
    case answers::Json::value_t::null:
      return py::none();
    case answers::Json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case answers::Json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case answers::Json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case answers::Json::value_t::number_float:
      return py::float_(j.get<double>());
    case answers::Json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case answers::Json::value_t::array: {
      py::list out;
      for (const answers::Json& item : j) out.append(to_python(item));
      return out;
    }
    case answers::Json::value_t::object: {
      py::dict out;
      for (const auto& [key, value] : j.items()) out[py::str(key)] = to_python(value);
      return out;
    }
    default:
      throw std::runtime_error("a JSON value of a type Python has no object for");
  }
}

}  // namespace rtb::python
