// The extension rtb._rtb: the probe library and the value kinds' answers,
// bound with pybind11. The Python package (python/rtb/) builds the
// user-facing classes on it; the exceptions are defined there
// (rtb/_errors.py) and raised from here.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <map>

#include "answers/common.h"
#include "answers/kinds/grundy.h"
#include "bound_table.h"
#include "chess_probe.h"
#include "errors.h"
#include "games/registry.h"
#include "json_to_python.h"

namespace py = pybind11;

namespace rtb::python {
namespace {

Params params_of(const std::map<std::string, std::string>& items) {
  Params p;
  for (const auto& [key, value] : items) p.set(key, value);
  return p;
}

py::object grundy_sum(const std::vector<std::pair<const BoundTable*, std::string>>& terms) {
  if (terms.empty()) throw BadArgument("a sum needs at least one position");
  std::vector<SumPart> parts;
  for (const auto& [table, text] : terms) {
    const GrundyTable& g = table->grundy();
    try {
      parts.push_back({&g, g.parse(text)});
    } catch (const ProbeError& e) {
      throw BadPosition(e.what());
    }
  }
  return to_python(answers::grundy_sum(parts));
}

// The exception classes of rtb/_errors.py, kept for the life of the process
// (never released: the interpreter may be gone when statics are destroyed).
struct ErrorClasses {
  PyObject* error = nullptr;
  PyObject* missing_table = nullptr;
  PyObject* position = nullptr;
  PyObject* corrupt = nullptr;
};
ErrorClasses classes;

PyObject* keep(const py::module_& errors, const char* name) {
  return py::object(errors.attr(name)).release().ptr();
}

void translate_errors(const py::module_& errors) {
  classes = {keep(errors, "Error"), keep(errors, "MissingTableError"), keep(errors, "PositionError"),
             keep(errors, "CorruptTableError")};
  py::register_exception_translator([](std::exception_ptr p) {
    const ErrorClasses& c = classes;
    try {
      if (p) std::rethrow_exception(p);
    } catch (const MissingTable& e) {
      PyErr_SetString(c.missing_table, e.what());
    } catch (const BadPosition& e) {
      PyErr_SetString(c.position, e.what());
    } catch (const BadArgument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const Corrupt& e) {
      PyErr_SetString(c.corrupt, e.what());
    } catch (const storage::IdentityError& e) {
      PyErr_SetString(c.missing_table, e.what());  // another table under the name of the one asked for
    } catch (const storage::StorageError& e) {
      PyErr_SetString(c.corrupt, e.what());
    } catch (const Closed& e) {
      PyErr_SetString(c.error, e.what());
    } catch (const ProbeError& e) {
      PyErr_SetString(c.error, e.what());
    } catch (const GameError& e) {
      PyErr_SetString(c.error, e.what());
    } catch (const answers::UsageError& e) {
      PyErr_SetString(c.error, e.what());
    }
  });
}

}  // namespace
}  // namespace rtb::python

PYBIND11_MODULE(_rtb, m) {
  using namespace rtb;
  using namespace rtb::python;
  m.doc() = "rtb's probe library (use the package rtb, not this module)";
  m.attr("__version__") = RTB_VERSION;

  translate_errors(py::module_::import("rtb._errors"));

  py::class_<BoundTable>(m, "Table")
      .def(py::init([](const std::filesystem::path& path, const std::string& game,
                       const std::optional<std::tuple<std::string, std::string, std::string>>& asked) {
             std::optional<storage::TableIdentity> identity;
             if (asked)
               identity =
                   storage::TableIdentity{std::get<0>(*asked), std::get<1>(*asked), std::get<2>(*asked)};
             return BoundTable(path, game, identity);
           }),
           py::arg("path"), py::arg("game") = "", py::arg("asked") = std::nullopt)
      .def_property_readonly("path", &BoundTable::path)
      .def_property_readonly("meta", [](const BoundTable& t) { return to_python(t.meta()); })
      .def_property_readonly("closed", &BoundTable::closed)
      .def(
          "position",
          [](const BoundTable& t, const std::string& text, bool line) {
            return to_python(t.position(text, line));
          },
          py::arg("text"), py::arg("line") = false)
      .def(
          "position_at",
          [](const BoundTable& t, Index i, bool line) { return to_python(t.position_at(i, line)); },
          py::arg("index"), py::arg("line") = false)
      .def("stats", [](const BoundTable& t) { return to_python(t.stats()); })
      .def(
          "reachable", [](const BoundTable& t, unsigned threads) { return to_python(t.reachable(threads)); },
          py::arg("threads") = 0)
      .def("check", &BoundTable::check)
      .def("close", &BoundTable::close);

  m.def(
      "table_file",
      [](const std::filesystem::path& dir, const std::string& game,
         const std::map<std::string, std::string>& params, const std::string& solver,
         const std::optional<std::string>& position) {
        // The path, and what the table there must be, for Table(path, game, asked).
        const BoundTable::Found found = BoundTable::file_in(dir, game, params_of(params), solver, position);
        return std::make_tuple(
            found.path, std::make_tuple(found.asked.game, found.asked.identity, found.asked.value_kind));
      },
      py::arg("dir"), py::arg("game"), py::arg("params"), py::arg("solver") = "wdl",
      py::arg("position") = std::nullopt);
  m.def("grundy_sum", &grundy_sum, py::arg("terms"));
  m.def(
      "params_for_position",
      [](const std::string& game,
         const std::string& text) -> std::optional<std::map<std::string, std::string>> {
        std::optional<Params> p;
        try {
          p = params_for_position(game, text);
        } catch (const GameError& e) {
          throw BadPosition(e.what());
        }
        if (!p) return std::nullopt;
        return p->values();
      },
      py::arg("game"), py::arg("text"));
  m.def("games", [] {
    std::vector<std::string> names;
    for_each_game_type([&]<class G>(std::type_identity<G>) { names.emplace_back(G::kName); });
    return names;
  });

  py::class_<ChessProbe>(m, "ChessProbe")
      .def(py::init<const std::string&, const std::string&>(), py::arg("dir"), py::arg("metric") = "dtm")
      .def("probe", &ChessProbe::probe, py::arg("fen"))
      .def("max_pieces", &ChessProbe::max_pieces)
      .def("close", &ChessProbe::close);
}
