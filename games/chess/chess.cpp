#include "games/chess/chess.h"

#include <algorithm>

#include "games/chess/notation.h"
#include "games/quote_input.h"

namespace rtb {

using namespace chess;

std::vector<ParamDoc> Chess::param_docs() {
  return {{"material", "pieces as Syzygy names them (KQvKR), or all3, all4, all5 for every table", "KQvK"},
          {"metric",
           "dtm: depth to mate; dtc: depth to the next capture, promotion or mate; dtz: Syzygy's DTZ50'' "
           "(plies to the next capture, pawn move or mate, with the 50-move rule's cursed wins and blessed "
           "losses)",
           "dtm"}};
}

Chess::Chess(const Params& params)
    : params_(params),
      material_(Material::parse(params.get("material", "KQvK")).canonical()),
      key_(material_.key()),
      metric_(Metric::Dtm),
      dtc_(false),
      zeroing_pawns_(false),
      layout_(material_),
      slices_(layout_) {
  const std::string metric = params.get("metric", "dtm");
  if (metric != "dtm" && metric != "dtc" && metric != "dtz")
    throw GameError("chess: metric must be dtm, dtc or dtz, not " + quote_input(metric));
  metric_ = metric == "dtc" ? Metric::Dtc : metric == "dtz" ? Metric::Dtz : Metric::Dtm;
  dtc_ = metric_ == Metric::Dtc;
  zeroing_pawns_ = metric_ == Metric::Dtz && layout_.pawns();
  params.reject_unknown(kName);
  if (material_.kings_only()) throw GameError("chess: KvK is always a draw and has no table");
  if (material_.pieces() > 6) throw GameError("chess: at most 6 pieces");
  params_.set("material", material_.name());
  params_.set("metric", metric);
}

std::string Chess::identity() const {
  return "chess;" + params_.canonical() + ";index=1";
}

std::string Chess::table_name() const {
  return table_name_for(material_, dtc_ ? "dtc" : dtz() ? "dtz" : "dtm");
}

std::string Chess::table_name_for(const chess::Material& m, std::string_view metric) {
  return m.name() + (metric == "dtc" ? "-dtc" : metric == "dtz" ? "-dtz" : "");
}

std::vector<Dependency> Chess::dependencies() const {
  std::vector<Dependency> out;
  for (const Material& m : material_.successors()) {
    Params p;
    p.set("material", m.name());
    p.set("metric", params_.get("metric", "dtm"));
    out.push_back({std::string(kName), p});
  }
  return out;
}

bool Chess::streams_read_dependency(std::size_t k) const {
  // A capture leaves fewer pieces; a promotion alone as many.
  return metric_ != Metric::Dtm || material_.successors().at(k).pieces() < material_.pieces();
}

std::vector<Chess::Target> Chess::unread_targets() const {
  std::vector<Target> targets;
  for (const Material& m : material_.successors())
    targets.push_back({Layout(m), m.key(), m.swapped().key(), {}});
  return targets;
}

template <class Read>
void Chess::attach_targets(std::size_t count, Read&& read) {
  std::vector<Target> targets = unread_targets();
  if (count != targets.size()) throw GameError("chess: wrong number of dependency tables");
  for (std::size_t k = 0; k < targets.size(); ++k)
    if (read(k, targets[k]) != targets[k].layout.size())
      throw GameError("chess: dependency " + targets[k].layout.material().name() + " has the wrong size");
  targets_ = std::move(targets);
}

void Chess::attach(const DependencyValues& values) {
  attach_targets(values.size(), [&](std::size_t k, Target& t) {
    t.values = values[k];
    return t.values.size();
  });
}

void Chess::attach_classes(std::span<const PackedClasses> classes) {
  if (!dtz()) throw GameError("chess: only metric=dtz reads its dependencies' classes alone");
  attach_targets(classes.size(), [&](std::size_t k, Target& t) {
    t.classes = &classes[k];
    return t.classes->size();
  });
}

void Chess::attach_codes(std::span<const DependencyCodes> codes) {
  attach_targets(codes.size(), [&](std::size_t k, Target& t) {
    t.codes = &codes[k];
    return t.codes->size();
  });
}

Value Chess::known_value(const Board& after) const {
  return known_value(after, Material::of(after).key());
}

Value Chess::known_value(const Board& after, std::uint64_t key) const {
  if (key == kKingsOnlyKey) return Value::draw();
  for (const Target& t : targets_) {
    if (key != t.key && key != t.swapped_key) continue;
    const Index i = index_in(t, after, key);
    if (t.classes) return zeroed(static_cast<Wdl50>((*t.classes)[i] - 2));
    const Value v = Value::from_code(t.codes ? (*t.codes)[i] : t.values[i]);
    if (dtz()) return zeroed(wdl50(v));
    if (!dtc_ || v.is_draw()) return v;
    return v.is_win() ? Value::win(0) : Value::loss(0);  // a conversion ends the count
  }
  return Value::draw();  // no tables attached (text-only use)
}

Value Chess::pawn_move_value(Index q, const Board& b, Square from, Square to) const {
  if (!zeroing_pawns_) return Value::from_code(solved_[q]);
  Wdl50 reached = solved_.empty() ? Wdl50::Draw : wdl50(Value::from_code(solved_[q]));
  if (to - from == 16 || from - to == 16) {
    // The table holds no en-passant rights: the side to move after a double
    // step also has the captures it allows.
    Move m;
    m.from = static_cast<std::uint8_t>(from);
    m.to = static_cast<std::uint8_t>(to);
    m.piece = kPawn;
    const Board after = make_move(b, m);
    en_passant_captures(after, static_cast<Square>((from + to) / 2), [&](const Board& taken) {
      const Wdl50 for_taker = static_cast<Wdl50>(-static_cast<int>(wdl50(known_value(taken))));
      reached = std::max(reached, for_taker);
    });
  }
  return zeroed(reached);
}

int Chess::wdl_class(Value v) const {
  if (dtz()) return static_cast<int>(wdl50(v)) + 2;
  return v.is_win() ? 4 : v.is_loss() ? 0 : 2;
}

StreamClass Chess::stream_class(Index i, Value v) const {
  if (turned_away(i)) return {};
  // An illegal index holds a draw: only a draw needs the legality test.
  Board b;
  if (!(v.is_draw() ? layout_.decode_legal(i, b) : layout_.decode(i, b))) return {};
  return stream_class_of(b, v);
}

StreamClass Chess::stream_class_of(const Board& b, Value v) const {
  const int own = wdl_class(v);
  // Exact unless a capture reaches own's class or better; every capture
  // does from a loss.
  const bool reached = any_legal_capture(b, [&](const Move& m, const Board& after) {
    return own == 0 || wdl_class(known_value(after, key_after(key_, m, b.stm)).after_move()) >= own;
  });
  return {static_cast<std::uint8_t>(own), !reached};
}

DepthSlot Chess::depth_slot(Index i, Value v) const {
  // Only a mated position is a loss in 0 plies: the probe sees no move. An
  // illegal index holds a draw, so i is legal past this (no decode).
  if (v.is_draw() || v == Value::loss(0) || turned_away(i)) return {};
  const Color stm = layout_.side_to_move(i);
  if (metric_ != Metric::Dtm && v.is_win()) {
    // Under dtz and dtc a win that a zeroing (converting) move keeps in its
    // class takes that move's depth, 1 or 101: the probe finds it. Those
    // moves leave the table; the ones inside are only counted.
    bool kept = false;
    count_moves(i, [&](Value reached) { kept |= wdl_class(reached.after_move()) == wdl_class(v); });
    if (kept) return {};
  }
  return {static_cast<std::uint8_t>(stm), static_cast<std::uint8_t>(wdl_class(v))};
}

Value Chess::terminal(Index i) const {
  Board b;
  layout_.decode(i, b);
  return in_check(b, b.stm) ? Value::loss(0) : Value::draw();
}

std::string Chess::text(Index i) const {
  Board b;
  layout_.decode(i, b);
  return to_fen(b);
}

Board Chess::table_board(std::string_view fen) const {
  const ParsedFen parsed = parse_fen(fen);
  Board b = parsed.board;
  const Material m = Material::of(b);
  if (m.key() != material_.key()) {
    if (m.swapped().key() != material_.key())
      throw GameError("FEN " + quote_input(fen) + " has material " + m.name() + ", this table is " +
                      material_.name());
    b = swap_colors(b, layout_.pawns());
  }
  // The square only matters when a pawn can take there.
  bool capture = false;
  en_passant_captures(parsed.board, parsed.en_passant, [&](const Board&) { capture = true; });
  if (capture)
    throw GameError("FEN " + quote_input(fen) +
                    " allows an en-passant capture; tables hold no en-passant rights (probe one ply ahead)");
  return b;
}

Index Chess::parse(std::string_view fen) const {
  return layout_.index(table_board(fen));
}

std::vector<std::string> Chess::move_names(Index i) const {
  Board b;
  layout_.decode(i, b);
  std::vector<std::string> out;
  legal_moves(b, [&](const Move& m, const Board&) { out.push_back(san(b, m) + " " + uci(m)); });
  return out;
}

std::vector<Params> Chess::expand(const Params& params) {
  const std::string material = params.get("material", "KQvK");
  const std::string metric = params.get("metric", "dtm");
  int pieces = 0;
  if (material == "all3") pieces = 3;
  if (material == "all4") pieces = 4;
  if (material == "all5") pieces = 5;
  if (!pieces) return {params};
  std::vector<Params> out;
  for (const Material& m : Material::all_up_to(pieces)) {
    Params p = params;
    p.set("material", m.name());
    p.set("metric", metric);
    out.push_back(p);
  }
  return out;
}

Params Chess::params_for(std::string_view fen) {
  Params p;
  p.set("material", Material::of(parse_fen(fen).board).canonical().name());
  return p;
}

std::vector<Chess::FenMove> Chess::fen_moves(std::string_view fen) {
  const ParsedFen parsed = parse_fen(fen);
  const Board& b = parsed.board;
  std::vector<FenMove> out;
  legal_moves(b, [&](const Move& m, const Board& after) {
    out.push_back({san(b, m) + " " + uci(m), to_fen(after), m.converts(), m.converts() || m.piece == kPawn,
                   Material::of(after).kings_only()});
  });
  en_passant_captures(b, parsed.en_passant, [&](const Board& after) {
    const Square from = lsb(b.pieces[b.stm][kPawn] & ~after.pieces[b.stm][kPawn]);
    std::string name =
        std::string(1, static_cast<char>('a' + file_of(from))) + "x" + square_name(parsed.en_passant);
    if (in_check(after, after.stm)) name += count_legal_moves(after) == 0 ? "#" : "+";
    name += " " + square_name(from) + square_name(parsed.en_passant);
    out.push_back({name, to_fen(after), true, true, Material::of(after).kings_only()});
  });
  return out;
}

std::vector<TextMove> Chess::text_moves(std::string_view fen) const {
  std::vector<TextMove> out;
  for (FenMove& m : fen_moves(fen)) {
    std::optional<Value> known;
    if (m.bare_kings) known = Value::draw();
    const bool restarts = dtz() ? m.zeroes : dtc_ && m.converts;
    out.push_back({std::move(m.name), std::move(m.after), restarts, known});
  }
  return out;
}

bool Chess::valued_ahead(std::string_view fen) const {
  const ParsedFen parsed = parse_fen(fen);
  bool capture = false;
  en_passant_captures(parsed.board, parsed.en_passant, [&](const Board&) { capture = true; });
  return capture;
}

std::string Chess::describe(Value v) const {
  if (dtz()) {
    if (v.is_draw()) return "DRAW";
    if (v.is_loss() && v.depth() == 0) return "LOSS, mated";
    return std::string(wdl50_name(wdl50(v))) + ", DTZ " + std::to_string(signed_dtz(v));
  }
  if (v.is_draw()) return "DRAW";
  if (dtc_)
    return std::string(v.is_win() ? "WIN" : "LOSS") + ", conversion in " + std::to_string(v.depth()) +
           " plies";
  return v.is_win() ? "WIN, mate in " + std::to_string((v.depth() + 1) / 2)
                    : "LOSS, mated in " + std::to_string(v.depth() / 2);
}

}  // namespace rtb

namespace rtb {

std::string Chess::describe_at(std::string_view fen, Value v) const {
  std::string out = describe(v);
  if (!dtz()) return out;
  // Syzygy's default files halve DTZ; which side a file stores is its choice.
  const int stored = syzygy_default_dtz(v, true), searched = syzygy_default_dtz(v, false);
  if (stored != signed_dtz(v) || searched != signed_dtz(v))
    out += " (Syzygy's default files: " + std::to_string(stored) + " on the side they store, " +
           std::to_string(searched) + " on the other)";
  const std::uint32_t clock = parse_fen(fen).halfmove;
  const Wdl50 with_clock = wdl50_with_clock(v, clock);
  if (with_clock != wdl50(v))
    out += "; " + std::string(wdl50_name(with_clock)) + " with halfmove clock " + std::to_string(clock) +
           " (" + std::to_string(v.depth()) + " + " + std::to_string(clock) + " plies > 100)";
  return out;
}

}  // namespace rtb
