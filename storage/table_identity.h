// What a table is, as a reader asks for it and as the table's meta record
// says: the game, the identity the game gives the values (its canonical
// parameters, a metric among them, the hash of an input file, an index
// version), the solver's parameters folded into it, and the value kind. The
// format version is checked apart, when the record is parsed. A reader
// compares the two before it answers or builds on a table, so that a file
// under another table's name, made for other parameters, from another input
// or under another metric, is refused instead of being read as the one
// asked for. Storage compares these as opaque strings; the game layer says
// what they hold (Game::identity, table_identity in games/game.h).
#pragma once

#include <filesystem>
#include <string>

#include "storage/table_meta.h"
#include "storage/table_writer.h"

namespace rtb::storage {

struct TableIdentity {
  std::string game;        // TableMeta::game
  std::string identity;    // TableMeta::identity
  std::string value_kind;  // TableMeta::value_kind
  bool operator==(const TableIdentity&) const = default;
};

inline TableIdentity identity_of(const TableMeta& meta) {
  return {meta.game, meta.identity, meta.value_kind};
}

// "connect4;height=4,width=5 wdl16": the identity, after the game's name
// where the identity does not start with it.
inline std::string describe(const TableIdentity& id) {
  const bool named = id.identity.starts_with(id.game);
  return (named ? "" : id.game + " ") + id.identity + " " + id.value_kind;
}

// A table that is whole but not the one asked for: readers tell it apart
// from damage (the C API's RTB_ERR_WRONG_KIND).
struct IdentityError : StorageError {
  using StorageError::StorageError;
};

// Throws IdentityError, one line naming both identities, unless `found` (the
// meta record of what `subject` names: "table t/KQvK.rtb") is what `asked`
// names.
inline void require_identity(const TableMeta& found, const TableIdentity& asked, const std::string& subject) {
  const TableIdentity is = identity_of(found);
  if (is == asked) return;
  throw IdentityError(subject + " is " + describe(is) + ", not the " + describe(asked) +
                      " asked for: a table under another's name, or made for other parameters, input or "
                      "metric (build the one asked for)");
}

}  // namespace rtb::storage
