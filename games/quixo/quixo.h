// Quixo on an n x n board (n in a row wins), with the rules GamesmanOne uses,
// so the two can be compared table for table.
//
// Rules. X moves first. The player to move takes a cube from the border that
// is blank or shows their own symbol (never the opponent's), turns it to their
// symbol and pushes it back in at the other end of its row or of its column
// (not where it came from), shifting the cubes between by one. So a corner
// cube has 2 pushes and any other border cube 3. A completed line ends the
// game: the player to move wins if a line of their own symbol is on the board
// (even if the opponent has one too: whoever pushes a line for the opponent
// loses), else loses if the opponent has one. The game has cycles (the board
// can repeat), so some positions are draws.
//
// Index. A position is the side to move plus the board, folded by the 8
// symmetries of the square. The border cells that are not corners ("edges",
// 8 on 4x4) form the key: the key's symmetry class is numbered (its orbit
// rank) and the symmetry that brings the key to its class representative is
// applied to the other cells, whose base-3 number is the rest:
//     index = (turn * orbits + rank) * 3^rest_cells + rest
// Where the representative key is fixed by several symmetries, only the
// smallest rest among them is legal. On 4x4 that is 2 * 873 * 3^8 =
// 11,455,506 indices for 2 * 3^16 / 8 ~ 10.8M classes: a 6% overhead instead
// of the 8x of a plain base-3 board.
//
// Legal positions are those GamesmanOne keeps: the start (empty board, X to
// move), and every board where the player who just moved has a cube on the
// border (the cube they pushed in). Unreachable boards in that set are solved
// too, as in GamesmanOne.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/game.h"

namespace rtb {

class Quixo {
 public:
  static constexpr std::string_view kName = "quixo";
  static constexpr std::string_view kSummary =
      "Quixo: take a blank or own border cube, push it back in from another side; n in a row wins";
  static constexpr bool kHasKnownMoves = false;
  static std::vector<ParamDoc> param_docs();

  explicit Quixo(const Params& params);

  std::string identity() const;
  std::string table_name() const;
  Params params() const { return params_; }
  std::vector<Dependency> dependencies() const { return {}; }

  Index size() const { return size_; }
  bool legal(Index i) const;
  // Only a finished game has no moves: any other board has a border cube
  // the mover may take (a border of only the opponent's cubes holds a line
  // of theirs). The line was made by the previous move. If a line of the
  // player to move is on the board, the opponent pushed it (perhaps along
  // with one of their own) and the player to move has won: WIN 0. Otherwise
  // the opponent completed their own line: LOSS 0. GamesmanOne's primitive
  // values are the same.
  Value terminal(Index i) const {
    const Board b = board(i);
    if (has_line(b.bits[b.turn])) return Value::win(0);
    return has_line(b.bits[1 - b.turn]) ? Value::loss(0) : Value::draw();
  }

  template <class F>
  void moves(Index i, F&& f) const {
    const Board b = board(i);
    if (finished(b)) return;
    for (const Push& p : pushes_)
      if (!(b.bits[1 - b.turn] & p.src)) f(Successor::to(canonical(pushed(b, p)).index));
  }

  // Predecessors come from undoing each push whose inserted cube is the last
  // mover's, with the taken cube having been blank or the mover's own. That
  // gives d boards of class P for each predecessor class; counting orbits,
  // a board of class P has d * |Stab P| / |Stab i| moves into the class of
  // i, which is the multiplicity moves() reports. No forward search needed,
  // and when i has no symmetry (nearly always) not even a merge of classes.
  template <class F>
  void unmoves(Index i, F&& f) const {
    const Board b = board(i);
    const int stab_i = canonical(b).stabiliser;
    if (stab_i == 1) {
      undo_pushes(b, [&](const Canonical& c) {
        for (int m = c.stabiliser; m > 0; --m) f(c.index);
      });
      return;
    }
    std::array<Canonical, 2 * kMaxPushes> found;
    std::array<int, 2 * kMaxPushes> count{};
    int n_found = 0;
    undo_pushes(b, [&](const Canonical& c) {
      int k = 0;
      while (k < n_found && found[k].index != c.index) ++k;
      if (k == n_found) found[n_found++] = c;
      ++count[k];
    });
    for (int k = 0; k < n_found; ++k)
      for (int m = count[k] * found[k].stabiliser / stab_i; m > 0; --m) f(found[k].index);
  }

  // "x:" or "o:" (the side to move) and n*n cells of x, o and '.', row by
  // row from the top left: "x:................" is the start on 4x4.
  std::string text(Index i) const;
  Index parse(std::string_view s) const;
  // The position after each move of s, in its own orientation.
  std::vector<std::string> successor_texts(std::string_view s) const;

  // The empty board with X to move (tbprobe --reachable starts there).
  Index start() const { return canonical(Board{}).index; }

  // How many distinct boards the canonical index i stands for.
  int class_size(Index i) const { return 8 / canonical(board(i)).stabiliser; }

 private:
  static constexpr int kMaxPushes = 32;  // 4x4: 4 corners x 2 + 8 edges x 3

  struct Board {
    std::array<std::uint32_t, 2> bits{};  // [0] x cubes, [1] o cubes; one bit per cell r*n+c
    int turn = 0;                         // 0: x to move, 1: o to move
  };
  struct Canonical {
    Index index = 0;
    int stabiliser = 0;  // symmetries that fix the board
  };
  // One push: the cube at src goes out, the cells of `seg` slide one step
  // toward src (a shift by `up` bits left, then `down` bits right), and the
  // mover's cube comes in at dest. seg | src == slid | dest.
  struct Push {
    std::uint32_t src, dest, seg, slid;
    std::uint8_t up, down;
  };
  struct KeyClass {
    std::uint16_t rank;  // of the representative among all representatives
    std::uint8_t syms;   // the symmetries that map this key to the representative
  };

  static std::uint32_t forward(std::uint32_t bits, const Push& p) {
    return (bits & ~(p.seg | p.src)) | (((bits & p.seg) << p.up) >> p.down);
  }
  static std::uint32_t backward(std::uint32_t bits, const Push& p) {
    return (bits & ~(p.seg | p.src)) | (((bits & p.slid) << p.down) >> p.up);
  }

  bool has_line(std::uint32_t bits) const { return line_[bits >> 6] >> (bits & 63) & 1; }
  bool finished(const Board& b) const { return has_line(b.bits[0]) || has_line(b.bits[1]); }
  // Whether b is a legal position with moves: no line yet, and the player
  // who moved last has a border cube (or b is the start).
  bool could_move(const Board& b) const {
    if (finished(b)) return false;
    return (b.bits[1 - b.turn] & border_) || (b.turn == 0 && (b.bits[0] | b.bits[1]) == 0);
  }

  Board board(Index i) const;
  // The board after push p by the player to move (p's source cube is blank or theirs).
  Board pushed(const Board& b, const Push& p) const {
    Board next;
    next.turn = 1 - b.turn;
    next.bits[b.turn] = forward(b.bits[b.turn], p) | p.dest;
    next.bits[next.turn] = forward(b.bits[1 - b.turn], p);
    return next;
  }
  Board parse_board(std::string_view s) const;  // checked, but neither canonical nor known legal
  std::string text_of(const Board& b) const;
  // The base-3 number of the key cells / of the rest cells seen through symmetry g.
  std::uint32_t key_code(const Board& b) const {
    auto part = [&](std::uint32_t v) { return key3_[0][v & 255] + key3_[1][v >> 8]; };
    return part(b.bits[0]) + 2 * part(b.bits[1]);
  }
  std::uint32_t rest_code(int g, const Board& b) const {
    const auto& t = rest3_[g];
    auto part = [&](std::uint32_t v) { return t[0][v & 255] + t[1][v >> 8]; };
    return part(b.bits[0]) + 2 * part(b.bits[1]);
  }
  Canonical canonical(const Board& b) const {
    const KeyClass k = key_class_[key_code(b)];
    std::uint32_t best = UINT32_MAX;
    int stabilizer_size = 0;
    for (unsigned m = k.syms; m; m &= m - 1) {
      const std::uint32_t r = rest_code(__builtin_ctz(m), b);
      if (r < best) {
        best = r;
        stabilizer_size = 1;
      } else if (r == best) {
        ++stabilizer_size;
      }
    }
    return {(static_cast<Index>(b.turn) * orbits_ + k.rank) * rest_size_ + best, stabilizer_size};
  }

  // Calls f(canonical P) for every (push, taken cube) that leads from a
  // board P with moves to b.
  template <class F>
  void undo_pushes(const Board& b, F&& f) const {
    const int mover = 1 - b.turn;  // who made the last move
    Board prev;
    prev.turn = mover;
    for (const Push& p : pushes_) {
      if (!(b.bits[mover] & p.dest)) continue;
      prev.bits[b.turn] = backward(b.bits[b.turn], p);
      const std::uint32_t taken = backward(b.bits[mover], p);
      for (std::uint32_t src : {0u, p.src}) {  // the cube was blank or the mover's
        prev.bits[mover] = taken | src;
        if (could_move(prev)) f(canonical(prev));
      }
    }
  }

  void build_pushes();
  void build_symmetry_tables();

  Params params_;
  int n_ = 4, cells_ = 16;
  std::uint32_t border_ = 0;
  std::uint32_t orbits_ = 0, rest_size_ = 0;
  Index size_ = 0;
  std::vector<Push> pushes_;
  std::vector<std::uint64_t> line_;  // bit v: bitboard v holds a line
  std::array<std::array<int, 16>, 8> perm_{};
  std::vector<int> key_cells_, rest_cells_;
  std::array<std::array<std::uint16_t, 256>, 2> key3_{};
  std::array<std::array<std::array<std::uint16_t, 256>, 2>, 8> rest3_{};
  std::vector<KeyClass> key_class_;                      // by key code
  std::vector<std::array<std::uint16_t, 2>> rep_bits_;   // by rank: the representative key's x, o
  std::vector<std::array<std::uint16_t, 2>> rest_bits_;  // by rest code: its x, o
};

}  // namespace rtb
