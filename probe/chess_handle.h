// The handle behind rtb_chess.h (internal): the tables of one directory and
// metric, opened by material on first use and then shared by all threads,
// and the board an engine's bitboards describe. rtb_chess.cpp opens and
// probes; rtb_chess_root.cpp adds the 50-move rule's classes and the root.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/chess/chess.h"
#include "probe/probe.h"
#include "probe/rtb_chess.h"
#include "storage/class_stream.h"
#include "storage/depth_map.h"

namespace rtb::chess_handle {

// The largest tables tbgen makes; a board with more pieces has no table.
constexpr int kMaxTablePieces = 6;

struct Entry {
  std::uint64_t key;                  // of its material
  rtb::Chess game;                    // its index of a board
  const rtb::DepthTable& table;       // held by the Tablebase
  std::vector<std::uint16_t> values;  // the whole table, with RTB_CHESS_IN_MEMORY
  // The table's class stream and the order it lists positions in, where
  // the table has one (Chess::stream_class).
  std::optional<rtb::storage::ClassStream> wdl;
  std::optional<rtb::chess::Listing> wdl_order;
  // Its depth stream, order and map (Chess::depth_slot), where it has one
  // beside the class stream: then a value is derived from the streams.
  std::optional<rtb::storage::ClassStream> depth;
  std::optional<rtb::chess::Listing> depth_order;
  rtb::storage::DepthMap depth_map;

  // What `read` takes from the streams, trusted only once the file is known
  // not to have shrunk under the read (storage::TableReader::check_unchanged):
  // a shrunk file's error rather than a damage its zeros seem to show.
  template <class Read>
  auto from_streams(Read&& read) const {
    try {
      auto got = read();
      table.opened().check_unchanged();
      return got;
    } catch (const rtb::storage::StorageError&) {
      table.opened().check_unchanged(/*after_damage=*/true);
      throw;
    }
  }
};

// The board of an engine's bitboards; throws c_api::Failure
// (RTB_ERR_ILLEGAL_POSITION, RTB_ERR_BAD_ARGUMENT) for one that cannot be.
chess::Board make_board(std::uint64_t white, std::uint64_t black, const std::uint64_t (&by_type)[6], int stm);
// Throws c_api::Failure RTB_ERR_BAD_ARGUMENT unless ep_square is
// RTB_CHESS_NO_EP or a square.
void require_ep_square(int ep_square);
// The en-passant square a pawn's double step leaves the opponent
// (RTB_CHESS_NO_EP for any other move): the tables hold none, so a capture
// it allows is looked ahead.
rtb::chess::Square ep_after(const rtb::chess::Move& m);
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
  mutable std::mutex mutex;
  mutable std::unordered_map<std::uint64_t, std::unique_ptr<rtb::chess_handle::Entry>>
      tables;  // by material key
  // The entries already open, direct-mapped by key and read without a
  // lock: a probe (and each capture it looks through) costs one atomic
  // load here, not a lock shared by every probing thread. An entry is
  // immutable and lives until close, and says its own key.
  static constexpr std::size_t kOpenedSlots = 512;
  mutable std::array<std::atomic<const rtb::chess_handle::Entry*>, kOpenedSlots> opened{};
  // The materials found without a table, each with the message a probe of
  // it fails with, kept until close and direct-mapped as `opened`: an
  // engine asks for them at every node beyond its tables. The file system
  // is asked again kMissingRecheck after it was last asked, so a table
  // written meanwhile is found.
  struct Missing {
    std::uint64_t key;
    std::string message;
    mutable std::atomic<std::int64_t> checked;  // steady_clock ticks
  };
  static constexpr std::chrono::seconds kMissingRecheck{1};
  mutable std::unordered_map<std::uint64_t, std::unique_ptr<Missing>> missing;  // by key, under `mutex`
  mutable std::array<std::atomic<const Missing*>, kOpenedSlots> missing_slots{};

  const rtb::chess_handle::Entry& entry(const rtb::chess::Material& m) const;
  // The entry of the material with this key where it is open; else null.
  const rtb::chess_handle::Entry* open_entry(std::uint64_t key) const;
  // The message of a probe of the material with this key where its table
  // was found missing less than kMissingRecheck ago; else null.
  const std::string* known_missing(std::uint64_t key) const;
  // A board's table entry and the board as that table holds it (colours
  // swapped where its material is the other way round); no entry for bare
  // kings. Throws c_api::Failure where no table can hold it.
  struct Located {
    const rtb::chess_handle::Entry* entry = nullptr;
    rtb::chess::Board board;
    bool symmetric = false;  // both sides have the same material
  };
  Located locate(const rtb::chess::Board& b) const;
  // locate() that sets `missing` (the failure's message) instead of
  // throwing where b's table was found missing lately: the C calls answer
  // that without an exception, and an engine asks it at every node beyond
  // its tables.
  Located locate_unless_missing(const rtb::chess::Board& b, const std::string*& missing) const;
  // The value of a legal position without en-passant rights: stored, or
  // derived from the streams (rtb_chess_depth.cpp).
  rtb::Value lookup(const rtb::chess::Board& b) const;
  rtb::Value lookup(const rtb::chess::Board& b, const Located& at) const;  // b located already
  // Whether the metric's count restarts at m: a zeroing move under dtz, a
  // conversion under dtc, never under dtm.
  bool restarts(const rtb::chess::Move& m) const;
  // The value of a position a restarting move reached, for its side to
  // move, counted from the move: it needs only the class reached (with the
  // en-passant captures onto ep).
  rtb::Value restarted_at(const rtb::chess::Board& after, rtb::chess::Square ep) const;
  // The value after a move for the side to move there, as the generator
  // took it: restarted_at() after a restarting move (ep: what a double step
  // allows), else lookup().
  rtb::Value move_value(const rtb::chess::Move& m, const rtb::chess::Board& after) const;
  // Its class (Chess::wdl_class: loss 0 .. win 4), read from class streams
  // where the tables have them: the best of the stored class and what the
  // captures reach, as the stream was made for.
  int lookup_class(const rtb::chess::Board& b) const;
  int lookup_class(const rtb::chess::Board& b, const Located& at) const;  // b located already
  // The class of a position with the en-passant capture onto ep, if any.
  int value_class(const rtb::chess::Board& b, rtb::chess::Square ep) const;
  // One ply ahead, over every move including the en-passant captures onto ep.
  rtb::Value lookahead(const rtb::chess::Board& b, rtb::chess::Square ep) const;
  // lookup(), or lookahead() where an en-passant capture onto ep is legal.
  rtb::Value value(const rtb::chess::Board& b, rtb::chess::Square ep) const;

 private:
  std::unique_ptr<rtb::chess_handle::Entry> open(const rtb::chess::Material& m) const;
  void open_streams(rtb::chess_handle::Entry& e) const;
  // The place a located board has in a stream of its table listed by
  // `order`; the streams hold White to move only where both sides have the
  // same material.
  static rtb::Index stream_place(const Located& at, const rtb::chess::Listing& order);
  // lookup() from a table's streams: the stored side's depth from its
  // stream, the other side's by one ply of search.
  rtb::Value derived(const rtb::chess::Board& b, const Located& at) const;
};
