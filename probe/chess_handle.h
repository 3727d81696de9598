// The handle behind rtb_chess.h (internal): the tables of one directory and
// metric, opened by material on first use and then shared by all threads,
// and the board an engine's bitboards describe. rtb_chess.cpp opens and
// probes; rtb_chess_root.cpp adds the 50-move rule's classes and the root.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/chess/chess.h"
#include "probe/probe.h"
#include "probe/rtb_chess.h"

namespace rtb::chess_handle {

// The largest tables tbgen makes; a board with more pieces has no table.
constexpr int kMaxTablePieces = 6;

struct Entry {
  rtb::Chess game;                    // its index of a board
  const rtb::ProbeTable& table;       // held by the Tablebase
  std::vector<std::uint16_t> values;  // the whole table, with RTB_CHESS_IN_MEMORY
};

// The board of an engine's bitboards; throws c_api::Failure
// (RTB_ERR_ILLEGAL_POSITION, RTB_ERR_BAD_ARGUMENT) for one that cannot be.
chess::Board make_board(std::uint64_t white, std::uint64_t black, const std::uint64_t (&by_type)[6], int stm);
// Throws c_api::Failure RTB_ERR_BAD_ARGUMENT unless ep_square is
// RTB_CHESS_NO_EP or a square.
void require_ep_square(int ep_square);
// Throws RTB_ERR_ILLEGAL_POSITION where ep_square (not RTB_CHESS_NO_EP) is
// not on the en-passant rank of b's side to move; this also keeps
// en_passant_captures from looking for the captured pawn off the board.
void require_ep_rank(const chess::Board& b, int ep_square);

}  // namespace rtb::chess_handle

struct rtb_chess {
  std::filesystem::path dir;
  std::unique_ptr<rtb::Tablebase> tablebase;  // of dir
  std::string metric;
  bool in_memory = false;
  int max_pieces = 0;
  // The same directory's DTM tables, for the DTM of root moves; null for a
  // handle of metric dtm (which is its own).
  std::unique_ptr<rtb_chess> dtm;
  mutable std::shared_mutex mutex;
  mutable std::unordered_map<std::uint64_t, std::unique_ptr<rtb::chess_handle::Entry>>
      tables;  // by material key

  const rtb::chess_handle::Entry& entry(const rtb::chess::Material& m) const;
  // The stored value of a legal position without en-passant rights.
  rtb::Value lookup(const rtb::chess::Board& b) const;
  // One ply ahead, over every move including the en-passant captures onto ep.
  rtb::Value lookahead(const rtb::chess::Board& b, rtb::chess::Square ep) const;
  // lookup(), or lookahead() where an en-passant capture onto ep is legal.
  rtb::Value value(const rtb::chess::Board& b, rtb::chess::Square ep) const;
  // The value of a position a move reached, counted from the move as the
  // metric counts: a conversion restarts dtc, a zeroing move dtz.
  rtb::Value restarted(rtb::Value after, bool converts, bool zeroes) const;

 private:
  std::unique_ptr<rtb::chess_handle::Entry> open(const rtb::chess::Material& m) const;
};
