// Tic-tac-toe and its m,n,k generalisation: an m x n board (m rows), X moves
// first, k in a row wins, a full board is a draw. The index is the board as a
// base-3 number (cell c has weight 3^c: 0 empty, 1 x, 2 o) and only the
// smallest index of each symmetry class is legal, so the board symmetries are
// folded into the index.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/game.h"

namespace rtb {

class TicTacToe {
 public:
  static constexpr std::string_view kName = "tictactoe";
  static constexpr std::string_view kSummary =
      "m,n,k-game: X and O fill an m x n board, k in a row wins (3,3,3 is tic-tac-toe)";
  static constexpr bool kHasKnownMoves = false;
  static std::vector<ParamDoc> param_docs();

  explicit TicTacToe(const Params& params);

  std::string identity() const;
  std::string table_name() const;
  Params params() const { return params_; }
  std::vector<Dependency> dependencies() const { return {}; }

  Index size() const { return size_; }
  bool legal(Index i) const;
  Value terminal(Index i) const { return has_line(board(i)) ? Value::loss(0) : Value::draw(); }

  template <class F>
  void moves(Index i, F&& f) const {
    Board b = board(i);
    if (game_over(b)) return;
    const Index mark = b.x_to_move() ? 1 : 2;
    for (int c = 0; c < cells_; ++c)
      if (!b.occupied(c)) f(Successor::to(canonical(i + mark * pow3_[c])));
  }

  // Predecessors come from lifting one of the last mover's marks; each is
  // then listed as many times as it has moves into this class, which is what
  // keeps the multiset equal to moves() under symmetry.
  template <class F>
  void unmoves(Index i, F&& f) const {
    Board b = board(i);
    const std::uint32_t last = b.x_to_move() ? b.o : b.x;
    const Index mark = b.x_to_move() ? 2 : 1;
    std::array<Index, 32> seen{};
    int n_seen = 0;
    for (int c = 0; c < cells_; ++c) {
      if (!(last >> c & 1)) continue;
      Index before = i - mark * pow3_[c];
      if (has_line(board(before))) continue;
      Index p = canonical(before);
      bool repeat = false;
      for (int s = 0; s < n_seen; ++s) repeat |= seen[s] == p;
      if (repeat) continue;
      seen[n_seen++] = p;
      int count = 0;
      moves(p, [&](Successor s) { count += s.index == i; });
      for (int k = 0; k < count; ++k) f(p);
    }
  }

  std::string text(Index i) const;
  Index parse(std::string_view s) const;
  Index start() const { return 0; }  // the empty board
  // The board after each move of `board`, in its own orientation.
  std::vector<std::string> successor_texts(std::string_view board) const;

  // The smallest index among the symmetric images of board i.
  Index canonical(Index i) const;
  // How many distinct boards the canonical board i stands for.
  int class_size(Index i) const;

 private:
  struct Board {
    std::uint32_t x = 0, o = 0;  // one bit per cell
    bool occupied(int c) const { return ((x | o) >> c) & 1; }
    bool x_to_move() const { return __builtin_popcount(x) == __builtin_popcount(o); }
  };
  static constexpr int kChunk = 8;  // cells per lookup chunk: 3^8 entries

  Board board(Index i) const;
  bool has_line(Board b) const;
  bool game_over(Board b) const { return has_line(b) || (b.x | b.o) == full_; }
  Index image(Index i, int symmetry) const;
  Index parse_as_written(std::string_view s) const;  // not canonicalised

  Params params_;
  int rows_, cols_, k_, cells_;
  Index size_;
  std::uint32_t full_;
  std::vector<Index> pow3_;
  std::vector<std::uint32_t> lines_;          // one mask per k-in-a-row
  std::vector<std::vector<int>> symmetries_;  // cell permutations
  // For chunk q and symmetry s: image_[q][s][digits] is the chunk's part of
  // the image index, board_[q][digits] its part of the bitboards.
  std::vector<std::vector<std::vector<Index>>> image_;
  std::vector<std::vector<Board>> board_;
};

}  // namespace rtb
