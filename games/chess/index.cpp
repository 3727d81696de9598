#include "games/chess/index.h"

#include <algorithm>
#include <array>

#include "games/chess/position.h"

namespace rtb::chess {
using namespace index_tables;

Layout::Layout(const Material& m) : material_(m), pawns_(m.has_pawns()) {
  shift_ = 6 * (m.pieces() - 1);
  slot_[n_slots_++] = {kWhite, kKing, shift_, 0, 1, 0};
  auto add_group = [&](Color c, PieceType t, int count) {
    for (int k = 0, first = n_slots_; k < count; ++k, ++n_slots_)
      slot_[n_slots_] = {c,     t,     6 * (m.pieces() - 1 - n_slots_),
                         first, count, t == kPawn ? kRank1 | kRank8 : 0};
  };
  add_group(kBlack, kKing, 1);
  for (int c = 0; c < 2; ++c)
    for (int t = kQueen; t <= kPawn; ++t)
      if (m.count[c][t]) add_group(static_cast<Color>(c), static_cast<PieceType>(t), m.count[c][t]);
  king_slots_ = pawns_ ? 32 : 10;
  all_distinct_ = true;
  for (int k = 0; k < n_slots_; ++k) all_distinct_ &= slot_[k].group_size == 1;
  per_side_ = static_cast<Index>(king_slots_) << shift_;
}

Square Layout::place_white_king(Index rest, Board& b) const {
  const int slot = static_cast<int>(rest >> shift_);
  const Square white_king = pawns_ ? kTables.pawn_square[slot] : kTables.square[slot];
  b.put(kWhite, kKing, white_king);
  return white_king;
}

bool Layout::place_slots(Index rest, int first, int last, Board& b, Square* squares,
                         Bitboard& occupied) const {
  for (int k = first; k < last; ++k) {
    const Slot& slot = slot_[k];
    const Square s = static_cast<Square>((rest >> slot.shift) & 63);
    Bitboard refused = occupied | slot.refused;
    if (k != slot.group_first)
      refused |= (bit(squares[k - 1]) << 1) - 1;  // identical pieces take squares ascending
    if (refused & bit(s)) return false;
    occupied |= bit(s);
    b.put(slot.color, slot.type, s);
    squares[k] = s;
  }
  return true;
}

bool Layout::decode(Index i, Board& b, Square* squares) const {
  std::array<Square, 8> own;
  if (!squares) squares = own.data();
  b.clear();
  b.stm = side_to_move(i);
  const Index rest = i - (b.stm == kBlack ? per_side_ : 0);
  squares[0] = place_white_king(rest, b);
  Bitboard occupied = bit(squares[0]);
  return place_slots(rest, 1, n_slots_, b, squares, occupied);
}

bool Layout::decode(Index i, Decoded& d) const {
  if (!decode(i, d.board, d.square.data())) return false;
  d.flipped = i < per_side_ ? i + per_side_ : i - per_side_;
  d.diagonal = !pawns_ && on_diagonal(d.square[0]);
  if (d.diagonal && all_distinct_)
    d.flipped_transposed = encode_squares(d.square.data(), opponent(d.board.stm), 4);
  return true;
}

Index Layout::after_move_slow(const Decoded& d, int k, Square to, int* stabilizer) const {
  if (k == 0 || (d.diagonal && !all_distinct_)) {
    std::array<Square, 8> moved = d.square;
    moved[k] = to;
    return from_squares(moved.data(), opponent(d.board.stm), stabilizer);
  }
  const Slot& slot = slot_[k];
  const Square from = d.square[k];
  if (d.diagonal) {
    const auto& transpose = kTables.map[4];
    const Index i = d.flipped - (Index(from) << slot.shift) + (Index(to) << slot.shift);
    const Index t =
        d.flipped_transposed - (Index(transpose[from]) << slot.shift) + (Index(transpose[to]) << slot.shift);
    if (stabilizer) *stabilizer = i == t ? 2 : 1;
    return std::min(i, t);
  }
  if (stabilizer) *stabilizer = 1;
  // Identical pieces keep their squares ascending.
  Square group[8];
  const int first = slot.group_first, n = slot.group_size;
  Index out = d.flipped;
  for (int j = 0; j < n; ++j) {
    group[j] = first + j == k ? to : d.square[first + j];
    out -= Index(d.square[first + j]) << slot_[first + j].shift;
  }
  sort_squares(group, n);
  for (int j = 0; j < n; ++j) out += Index(group[j]) << slot_[first + j].shift;
  return out;
}

bool Layout::kings_clash(Index rest) const {
  const int king_slot = static_cast<int>(rest >> shift_);
  const Square white_king = pawns_ ? kTables.pawn_square[king_slot] : kTables.square[king_slot];
  const Square black_king = static_cast<Square>((rest >> slot_[1].shift) & 63);
  return (kAttacks.king[white_king] | bit(white_king)) & bit(black_king);
}

bool Layout::refused_early(Index i) const {
  // Kings on one square or side by side (over a quarter of the indices
  // without pawns) are turned away before any piece is decoded.
  const Index rest = i >= per_side_ ? i - per_side_ : i;
  if (kings_clash(rest)) return true;
  // So are pawns on the first or last rank (two pawns: over 40% of indices).
  if (pawns_)
    for (int k = 2; k < n_slots_; ++k)
      if (slot_[k].refused & bit(static_cast<Square>((rest >> slot_[k].shift) & 63))) return true;
  return false;
}

bool Layout::legal_decoded(Index i, const Board& b, const Square* squares) const {
  return legal_decoded_with(i, b, [&] { return encode_squares(squares, b.stm, 4); });
}

bool Layout::decode_legal(Index i, Board& b) const {
  std::array<Square, 8> squares;
  return !refused_early(i) && decode(i, b, squares.data()) && legal_decoded(i, b, squares.data());
}

bool Layout::decode_legal(Index i, Decoded& d) const {
  return !refused_early(i) && decode(i, d) && legal_decoded(i, d.board, d.square.data());
}

void Layout::Scan::place_prefix(Index prefix) {
  const Layout& l = layout_;
  const Index i = prefix << 6;
  prefix_ = prefix;
  last_ = 0;
  Board& b = d_.board;
  b.clear();
  b.stm = l.side_to_move(i);
  const Index rest = i - (b.stm == kBlack ? l.per_side_ : 0);
  d_.square[0] = l.place_white_king(rest, b);
  d_.diagonal = !l.pawns_ && on_diagonal(d_.square[0]);
  Bitboard occupied = bit(d_.square[0]);
  // Clashing kings make no legal index: the 64 are turned away at once.
  prefix_fits_ =
      !l.kings_clash(rest) && l.place_slots(rest, 1, l.n_slots_ - 1, b, d_.square.data(), occupied);
  if (!prefix_fits_) return;  // the squares past the white king may not be set
  const int k = l.n_slots_ - 1;
  const Slot& slot = l.slot_[k];
  last_refused_ = occupied | slot.refused;
  if (k != slot.group_first) last_refused_ |= (bit(d_.square[k - 1]) << 1) - 1;  // as place_slots()
  if (d_.diagonal && l.all_distinct_) {
    // The transposed indices, but for the last slot's field, its lowest 6 bits.
    d_.square[k] = 0;
    const Index a1 = kTables.map[4][0];
    transposed_ = l.encode_squares(d_.square.data(), b.stm, 4) - a1;
    flipped_transposed_ = l.encode_squares(d_.square.data(), opponent(b.stm), 4) - a1;
  }
}

const Layout::Decoded* Layout::Scan::decode_legal(Index i) {
  const Layout& l = layout_;
  if (l.n_slots_ < 3) return l.decode_legal(i, d_) ? &d_ : nullptr;  // the last slot is a king
  if (i >> 6 != prefix_) place_prefix(i >> 6);
  if (!prefix_fits_) return nullptr;
  // The last slot's field is the index's lowest 6 bits.
  const int k = l.n_slots_ - 1;
  Bitboard& pieces = d_.board.pieces[l.slot_[k].color][l.slot_[k].type];
  Bitboard& color = d_.board.color[l.slot_[k].color];
  pieces ^= last_, color ^= last_;
  const Square s = static_cast<Square>(i & 63);
  last_ = last_refused_ & bit(s) ? 0 : bit(s);
  if (!last_) return nullptr;
  pieces |= last_, color |= last_;
  d_.square[k] = s;
  d_.flipped = i < l.per_side_ ? i + l.per_side_ : i - l.per_side_;
  if (!d_.diagonal || !l.all_distinct_) return l.legal_decoded(i, d_.board, d_.square.data()) ? &d_ : nullptr;
  // The transposed indices from the prefix's.
  d_.flipped_transposed = flipped_transposed_ + kTables.map[4][s];
  return l.legal_decoded_with(i, d_.board, [&] { return transposed_ + kTables.map[4][s]; }) ? &d_ : nullptr;
}

int Layout::stabilizer(const Board& canonical) const {
  if (pawns_ || !on_diagonal(canonical.king(kWhite))) return 1;
  return transform(canonical, 4) == canonical ? 2 : 1;
}

int Layout::class_size(Index i) const {
  Board b;
  decode(i, b);
  return (pawns_ ? 2 : 8) / stabilizer(b);
}

Index Layout::encode_squares(const Square* squares, Color stm, int sym) const {
  const auto& map = kTables.map[sym];
  const Square wk = map[squares[0]];
  Index acc = static_cast<Index>(stm) * king_slots_ +
              static_cast<Index>(pawns_ ? kTables.pawn_slot[wk] : kTables.slot[wk]);
  if (all_distinct_) {
    for (int k = 1; k < n_slots_; ++k) acc = acc << 6 | map[squares[k]];
    return acc;
  }
  for (int k = 1; k < n_slots_;) {
    const int n = slot_[k].group_size;
    Square group[8];
    for (int j = 0; j < n; ++j) group[j] = map[squares[k + j]];
    sort_squares(group, n);
    for (int j = 0; j < n; ++j) acc = acc << 6 | static_cast<Index>(group[j]);
    k += n;
  }
  return acc;
}

Index Layout::from_squares(const Square* squares, Color stm, int* stabilizer) const {
  bool transposed = false;
  const int sym = symmetry(squares, transposed);
  Index i = encode_squares(squares, stm, sym);
  int symmetries_fixing = 1;
  if (transposed) {
    const Index t = encode_squares(squares, stm, sym ^ 4);
    if (t == i) symmetries_fixing = 2;
    i = std::min(i, t);
  }
  if (stabilizer) *stabilizer = symmetries_fixing;
  return i;
}

}  // namespace rtb::chess
