// Dobutsu shogi (animal shogi, 3x4), Tanaka's rules, strongly solved as
// one cyclic table. Rules and index: games/dobutsu/board.h and index.h.
//
// The game ends, for the side to move, (1) with a WIN in 1 if it can
// capture the other lion, else (2) with a LOSS in 0 if the other lion
// stands on its nearest rank (a completed try). Such positions have no
// moves. Those decided by the lions alone are outside the table (a move
// into one has a known value); the others are in it as positions without
// moves.
//
// Position text, as in clausecker/dobutsu: the side to move (S or G), the
// ranks 1 to 4 (Gote's home first) of files A to C, and the pieces in hand,
// separated by '/': "S/gle/-c-/-C-/ELG/-" is the start. L lion, G giraffe,
// E elephant, C chick, R hen (rooster); Sente upper case, Gote lower case;
// '-' an empty square or empty hands. Moves: "Cb3xb2" (piece, from, x for a
// capture, to, '+' for a promotion), drops "E*a2".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "games/dobutsu/board.h"
#include "games/dobutsu/index.h"
#include "games/dobutsu/masks.h"
#include "games/game.h"

namespace rtb {

class Dobutsu {
 public:
  static constexpr std::string_view kName = "dobutsu";
  static constexpr std::string_view kSummary =
      "Dobutsu shogi (animal shogi, 3x4) under Tanaka's rules: drops, promotion, lion capture and try";
  static std::vector<ParamDoc> param_docs() { return {}; }

  explicit Dobutsu(const Params& params);

  std::string identity() const { return "dobutsu;rules=tanaka"; }
  std::string table_name() const { return "dobutsu"; }
  Params params() const { return {}; }
  std::vector<Dependency> dependencies() const { return {}; }

  Index size() const { return index_.size(); }
  bool legal(Index i) const {
    if (i >= size()) return false;
    const dobutsu::Position p = index_.decode_position(i);
    return !index_.self_mirror_pair(index_.lion_pair(p.x)) || index_.encode(p.x, p.hand[0]) == i;
  }
  Value terminal(Index i) const { return terminal_value(index_.decode_position(i).x); }

  template <class F>
  void moves(Index i, F&& f) const {
    const dobutsu::Position p = index_.decode_position(i);
    if (over(p.x)) return;
    dobutsu::for_each_move(
        p, [&](const dobutsu::Masks& after) { f(successor(dobutsu::turned(after), p.hand[1])); });
  }

  // The first pass: only a lion's move can leave the table (onto the far
  // rank or next to the other lion), so the other moves are only counted.
  template <class F>
  std::optional<std::uint32_t> count_moves(Index i, F&& known) const {
    if (i >= size()) return std::nullopt;
    const dobutsu::Position p = index_.decode_position(i);
    const dobutsu::Masks& x = p.x;
    const int pair = index_.lion_pair(x);
    if (index_.self_mirror_pair(pair) && index_.encode(x, p.hand[0]) != i) return std::nullopt;
    if (over(x)) return 0;
    const unsigned ours = ~(x.theirs | x.kind[dobutsu::kEmpty]) & dobutsu::kAllSquares;
    std::uint32_t count = 0;
    for (int k : {dobutsu::kChick, dobutsu::kElephant, dobutsu::kGiraffe, dobutsu::kHen})
      for (unsigned m = x.kind[k] & ours; m; m &= m - 1)
        count += static_cast<std::uint32_t>(
            __builtin_popcount(dobutsu::kAttacks.ours[k][__builtin_ctz(m)] & ~ours));
    const int kinds_in_hand = (p.hand[0][0] > 0) + (p.hand[0][1] > 0) + (p.hand[0][2] > 0);
    count += static_cast<std::uint32_t>(kinds_in_hand * __builtin_popcount(x.kind[dobutsu::kEmpty]));
    const int lion = dobutsu::lion_square(x, 0), their_lion = dobutsu::lion_square(x, 1);
    for (unsigned m = dobutsu::kAttacks.ours[dobutsu::kLion][lion] & ~ours; m; m &= m - 1) {
      const int t = __builtin_ctz(m);
      // The lions of the board after the move, turned: the pair says
      // whether it is in the table; only a move out of it needs the board.
      const int last = dobutsu::kSquares - 1;
      if (index_.pair_of(last - their_lion, last - t) >= 0) {
        ++count;
        continue;
      }
      dobutsu::Board after = dobutsu::board_of(p);
      const std::uint8_t victim = after.cell[t];
      if (victim != dobutsu::kEmpty) {
        const int k = dobutsu::kind_of(victim) == dobutsu::kHen ? dobutsu::kChick : dobutsu::kind_of(victim);
        ++after.hand[0][k - 1];
      }
      after.cell[t] = dobutsu::kLion;
      after.cell[lion] = dobutsu::kEmpty;
      known(terminal_value(dobutsu::turned(dobutsu::masks_of(after))));
    }
    return count;
  }

  // Every board p with a move into i, canonical; as in quixo, a board of
  // class P has (found * |Stab P| / |Stab i|) moves into the class of i.
  template <class F>
  void unmoves(Index i, F&& f) const {
    const dobutsu::Position position = index_.decode_position(i);
    const bool symmetric_i = dobutsu::mirrored(position.x) == position.x;
    std::array<std::pair<Index, int>, 96> found;  // (index, count * |Stab P|)
    int n_found = 0;
    dobutsu::for_each_unmove(position, [&](const dobutsu::Masks& px, const dobutsu::Hand& their_hand) {
      if (dobutsu::attacks_lion(px, 1)) return;  // they would have won instead of moving
      const dobutsu::Masks mover = dobutsu::turned(px);
      const int pair = index_.lion_pair(mover);
      if (pair < 0) return;  // over, or not in the table
      const Index pi = index_.encode(mover, their_hand);
      const int stab = index_.self_mirror_pair(pair) && dobutsu::mirrored(mover) == mover ? 2 : 1;
      if (!symmetric_i) {
        for (int m = stab; m > 0; --m) f(pi);
        return;
      }
      int k = 0;
      while (k < n_found && found[k].first != pi) ++k;
      if (k == n_found) found[n_found++] = {pi, 0};
      found[k].second += stab;
    });
    for (int k = 0; k < n_found; ++k)
      for (int m = found[k].second / 2; m > 0; --m) f(found[k].first);
  }

  std::string text(Index i) const;
  Index parse(std::string_view s) const;
  std::vector<std::string> move_names(Index i) const;
  Index start() const;
  int class_size(Index i) const {
    const dobutsu::Board b = index_.decode(i);
    return dobutsu::mirrored(b) == b ? 1 : 2;
  }

  // For the reachable count (contract::outside_keys): a key for each move of i
  // that leaves the table, in moves() order: twice the position's wide
  // index, plus 1 if it is its own mirror image.
  std::uint64_t outside_size() const { return 2 * index_.wide_size(); }
  std::vector<std::uint64_t> outside_keys(Index i) const {
    std::vector<std::uint64_t> out;
    keyed_moves(i, [&](const Successor& s, std::uint64_t key) {
      if (!s.inside) out.push_back(key);
    });
    return out;
  }
  template <class F>
  void keyed_moves(Index i, F&& f) const {
    const dobutsu::Position p = index_.decode_position(i);
    if (over(p.x)) return;
    dobutsu::for_each_move(p, [&](const dobutsu::Masks& after) {
      const dobutsu::Masks next = dobutsu::turned(after);
      if (index_.lion_pair(next) >= 0)
        return f(Successor::to(index_.encode(next, p.hand[1])), std::uint64_t{0});
      f(Successor::known(terminal_value(next)),
        2 * index_.wide_encode(next, p.hand[1]) + (dobutsu::mirrored(next) == next));
    });
  }

  // Exposed for tests and the reachable census.
  const dobutsu::Index& index() const { return index_; }
  // Whether the game is over for the side to move (rules (1) and (2)).
  static bool over(const dobutsu::Masks& x) {
    return dobutsu::attacks_lion(x, 0) || dobutsu::lion_square(x, 1) >= 9;
  }
  static bool over(const dobutsu::Board& b) { return over(dobutsu::masks_of(b)); }
  static Value terminal_value(const dobutsu::Masks& x) {
    return dobutsu::attacks_lion(x, 0) ? Value::win(1) : Value::loss(0);
  }
  // Where a move leads: the board after it, seen by the next mover, who
  // holds `hand`.
  Successor successor(const dobutsu::Masks& next, const dobutsu::Hand& hand) const {
    if (index_.lion_pair(next) < 0) return Successor::known(terminal_value(next));
    return Successor::to(index_.encode(next, hand));
  }
  static std::string board_text(const dobutsu::Board& b, bool gote_to_move);
  // A board as text, checked; the bool says Gote is to move (the board is
  // then already turned, so the side to move plays toward rank 1).
  static dobutsu::Board parse_board(std::string_view s);
  static std::string move_name(const dobutsu::Move& m);

 private:
  dobutsu::Index index_;
};

}  // namespace rtb
