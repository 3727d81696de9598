// Chess endgame tables, one per material (material=KQvKR), with exact depth
// to mate (metric=dtm), to the next capture, promotion or mate (metric=dtc),
// or Syzygy's DTZ50'' (metric=dtz, see dtz.h). The index and its symmetries
// are in index.h; moves that capture or promote leave the table and take the
// value of the smaller table they lead into, attached before generating
// (see game.h).
//
// A table with pawns is solved slice by slice of pawn placements, most
// advanced first (pawn_slices.h, gen/depth/slices.h): a pawn move cannot be
// undone, so it leads into a slice already solved. Under metric=dtz a pawn
// move zeroes, and takes its value from the class of the position it
// reaches there (read_solved()).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/chess/dtz.h"
#include "games/chess/index.h"
#include "games/chess/listing.h"
#include "games/chess/movegen.h"
#include "games/chess/pawn_slices.h"
#include "games/chess/table_moves.h"
#include "games/game.h"

namespace rtb {

class Chess {
 public:
  static constexpr std::string_view kName = "chess";
  static constexpr std::string_view kSummary =
      "chess endgames by material (KQvKR), both sides to move, no castling; DTM, DTC or DTZ";
  static std::vector<ParamDoc> param_docs();

  explicit Chess(const Params& params);

  std::string identity() const;
  std::string table_name() const;
  // The file stem of material m's table under `metric` (dtm, dtc or dtz),
  // as table_name() names it, without making the plugin.
  static std::string table_name_for(const chess::Material& m, std::string_view metric);
  Params params() const { return params_; }
  std::vector<Dependency> dependencies() const;
  void attach(const DependencyValues& values);
  // Under metric=dtz a move out of the table reads only the class of the
  // position it reaches (game.h, AttachesClasses): Syzygy's five, as
  // wdl_class() numbers them.
  bool attaches_classes() const { return dtz(); }
  std::uint8_t dependency_class(std::uint16_t code) const {
    return static_cast<std::uint8_t>(wdl_class(Value::from_code(code)));
  }
  void attach_classes(std::span<const PackedClasses> classes);
  // Otherwise it reads their codes, a byte an index where they fit one.
  void attach_codes(std::span<const DependencyCodes> codes);

  // material=all3|all4|all5: every table of up to that many pieces.
  static std::vector<Params> expand(const Params& params);
  // The table of a FEN: its material, strongest side first.
  static Params params_for(std::string_view fen);

  // A legal move of a FEN as the user wrote it: its SAN and UCI, and the
  // FEN after it. The probing path uses these for a FEN with an en-passant
  // capture (which no table holds: value it one ply ahead) and to show
  // moves in the user's orientation when the table stores a mirror image.
  struct FenMove {
    std::string name, after;
    bool converts;    // a capture or promotion: depth 0 under metric=dtc
    bool zeroes;      // a capture or a pawn move: depth 0 under metric=dtz
    bool bare_kings;  // `after` is KvK, a draw with no table
  };
  static std::vector<FenMove> fen_moves(std::string_view fen);
  // The same for the prober (contract::text_moves): depth restarts after a
  // conversion under metric=dtc.
  std::vector<TextMove> text_moves(std::string_view fen) const;
  // Whether the FEN allows an en-passant capture (contract::valued_ahead).
  bool valued_ahead(std::string_view fen) const;
  // "WIN, mate in 16", "LOSS, mated in 15"; plies to conversion for dtc;
  // "CURSED WIN, DTZ 113" for dtz.
  std::string describe(Value v) const;
  // The same for a FEN, whose halfmove clock counts under metric=dtz.
  std::string describe_at(std::string_view fen, Value v) const;
  bool dtz() const { return metric_ == Metric::Dtz; }

  Index size() const { return layout_.size(); }
  bool legal(Index i) const { return layout_.legal(i); }
  Value terminal(Index i) const;

  template <class F>
  void moves(Index i, F&& f) const {
    chess::table_moves(
        layout_, i,
        [&](Index q, const chess::Board& b, chess::PieceType piece, chess::Square from, chess::Square to) {
          if (piece == chess::kPawn && pawn_moves_known())
            f(Successor::known(pawn_move_value(q, b, from, to)));
          else
            f(Successor::to(q));
        },
        [&](const chess::Move& m, const chess::Board& after) {
          f(Successor::known(known_value(after, chess::key_after(key_, m, chess::opponent(after.stm)))));
        });
  }

  // legal() and moves() in one decode, for the generator's first pass
  // (see game.h): the moves inside are counted, not made.
  template <class F>
  std::optional<std::uint32_t> count_moves(Index i, F&& known) const {
    if (pawn_moves_known()) {
      chess::Layout::Decoded d;
      if (!layout_.decode_legal(i, d)) return std::nullopt;
      return count_decoded(d, known);
    }
    chess::Board b;
    if (!layout_.decode_legal(i, b)) return std::nullopt;
    return count_quiet(b, known);
  }

  // count_moves() for indices asked in increasing order (game.h,
  // ScansMoves): each decoded from the one before. For one thread.
  class Scanner {
   public:
    explicit Scanner(const Chess& chess) : chess_(chess), scan_(chess.layout_) {}
    template <class F>
    std::optional<std::uint32_t> count_moves(Index i, F&& known) {
      const chess::Layout::Decoded* d = scan_.decode_legal(i);
      if (!d) return std::nullopt;
      return chess_.count_decoded(*d, known);
    }
    StreamClass stream_class(Index i, Value v) {
      if (chess_.turned_away(i)) return {};
      const chess::Layout::Decoded* d = scan_.decode_legal(i);
      return d ? chess_.stream_class_of(d->board, v) : StreamClass{};
    }

   private:
    const Chess& chess_;
    chess::Layout::Scan scan_;
  };
  Scanner scanner() const { return Scanner(*this); }

  template <class F>
  void unmoves(Index i, F&& f) const {
    chess::table_unmoves(layout_, i, f, !pawn_moves_known());
  }

  // Slices of pawn placements (gen/depth/slices.h); none without pawns.
  std::uint32_t slice_count() const { return slices_.count(); }
  Index slice_size(std::uint32_t s) const { return slices_.size(s); }
  Index slice_index(std::uint32_t s, Index offset) const { return slices_.index(s, offset); }
  std::pair<std::uint32_t, Index> slice_of(Index i) const { return slices_.slice_of(i); }
  // The table's values, final in every slice solved so far: from then on
  // a pawn move is a known value read there (under metric=dtz, the class of
  // the position it reaches, the count restarting), so every move out of a
  // slice is known. Under metric=dtz moves() always reads them, and the
  // table is only solved slice by slice (moves_read_solved()). They must
  // live while moves are asked, the stream builders' included.
  void read_solved(std::span<const std::uint16_t> values) { solved_ = values; }
  bool moves_read_solved() const { return zeroing_pawns_; }

  // The class stream (game.h, StoresClasses) that rtb_chess_probe_wdl
  // reads: each position's class for its side to move (wdl_class), exact
  // unless a capture reaches it, since that probe takes the best of the
  // stored class and its captures' (as Syzygy's WDL probe does). Broken
  // indices, and Black to move where both sides have the same material (the
  // probe turns the board), take any class.
  static constexpr std::string_view kClassStream = "wdl";
  StreamClass stream_class(Index i, Value v) const;
  // Under metric=dtm the streams read the captures' tables alone (game.h,
  // NamesStreamDependencies); under dtz and dtc the depth stream also
  // looks for a zeroing move that keeps a win, promotions included.
  bool streams_read_dependency(std::size_t k) const;
  // A promotion that captures nothing is the one move into a table of as
  // many pieces, and it reaches only positions with the new piece on the
  // last rank, its opponent to move: the table reads no other part of it
  // (game.h, ReadsDependenciesInPart; a sixteenth of a table with pawns).
  // Nullopt for the tables a capture reaches.
  std::vector<std::optional<IndexSubset>> dependency_reads() const;
  // The orders the stream may list positions in (gen/depth/class_stream.h).
  std::vector<chess::Listing> stream_orders() const { return chess::Listing::all(layout_); }
  // The depth stream (game.h, StoresDepths) that the probe reads where its
  // search cannot derive a depth: a position of the stored side to move,
  // grouped by wdl_class, unless it is broken, a draw, mated, or (dtz, dtc)
  // a win whose class a zeroing (converting) move keeps, which then has
  // depth 1 or 101; Black to move where both sides have the same material
  // is turned, as for the class stream.
  static constexpr std::string_view kDepthStream = "depth";
  DepthSlot depth_slot(Index i, Value v) const;
  // Syzygy's five classes under metric=dtz (loss 0, blessed loss, draw,
  // cursed win, win 4), else loss 0, draw 2, win 4.
  int wdl_class(Value v) const;

  std::string text(Index i) const;
  Index parse(std::string_view fen) const;
  // SAN and UCI of each move, in the order of moves(i): "Qd8+ d1d8".
  std::vector<std::string> move_names(Index i) const;
  int class_size(Index i) const { return layout_.class_size(i); }
  int side_to_move(Index i) const { return layout_.side_to_move(i); }  // 0 white, 1 black

  const chess::Layout& layout() const { return layout_; }
  const chess::PawnSlices& pawn_slices() const { return slices_; }
  // The board the table stores for a FEN in either colour orientation
  // (throws GameError for other material or an en-passant capture).
  chess::Board table_board(std::string_view fen) const;
  // The value, for its side to move, of a position after a capture or a
  // promotion, from the attached tables (a draw for bare kings).
  Value known_value(const chess::Board& after) const;
  // The same, given the key of after's material.
  Value known_value(const chess::Board& after, std::uint64_t key) const;

 private:
  struct Target {
    chess::Layout layout;
    std::uint64_t key, swapped_key;
    std::span<const std::uint16_t> values;
    const PackedClasses* classes = nullptr;  // in place of values (attach_classes())
    const DependencyCodes* codes = nullptr;  // in place of values (attach_codes())
  };

  enum class Metric { Dtm, Dtc, Dtz };

  // The targets of successors(), each reading `read` of its material.
  template <class Read>
  void attach_targets(std::size_t count, Read&& read);
  // The targets of successors(), reading nothing yet.
  std::vector<Target> unread_targets() const;
  // The index in t of `after`, whose material key is `key` (t's own or
  // its colours swapped: a material the same both ways is read as it stands).
  static Index index_in(const Target& t, const chess::Board& after, std::uint64_t key) {
    return key == t.key ? t.layout.index(after) : t.layout.index(swap_colors(after, t.layout.pawns()));
  }

  bool pawn_moves_known() const { return zeroing_pawns_ || !solved_.empty(); }
  // The known value of a pawn move inside the table: its successor's,
  // solved before; under metric=dtz its successor's class (with the
  // en-passant captures a double step allows), depth restarting.
  Value pawn_move_value(Index q, const chess::Board& b, chess::Square from, chess::Square to) const;
  // Black to move where both sides have the same material: the probe
  // turns the board, and the streams hold any class there.
  bool turned_away(Index i) const {
    return layout_.side_to_move(i) == chess::kBlack && material_ == material_.swapped();
  }
  // stream_class() of a legal board.
  StreamClass stream_class_of(const chess::Board& b, Value v) const;
  // count_moves() of a legal board: the moves that convert are known.
  template <class F>
  std::uint32_t count_quiet(const chess::Board& b, F& known) const {
    return chess::count_quiet_moves(b, [&](const chess::Move& m, const chess::Board& after) {
      known(known_value(after, chess::key_after(key_, m, chess::opponent(after.stm))));
    });
  }
  // count_moves() of a decoded legal index. Where pawn moves are known
  // values, the quiet moves counted by popcount include the pawn pushes,
  // which are then made.
  template <class F>
  std::uint32_t count_decoded(const chess::Layout::Decoded& d, F& known) const {
    const chess::Board& b = d.board;
    std::uint32_t inside = count_quiet(b, known);
    if (!pawn_moves_known()) return inside;
    chess::pawn_pushes(b, [&](chess::Square from, chess::Square to) {
      --inside;
      known(pawn_move_value(layout_.after_move(d, layout_.slot_on(d, from), to), b, from, to));
    });
    return inside;
  }

  Params params_;
  chess::Material material_;
  std::uint64_t key_;  // material_.key()
  Metric metric_;
  bool dtc_;            // metric_ == Dtc
  bool zeroing_pawns_;  // metric_ == Dtz and the table has pawns
  chess::Layout layout_;
  chess::PawnSlices slices_;
  std::vector<Target> targets_;            // in the order of dependencies()
  std::span<const std::uint16_t> solved_;  // see read_solved()
};

}  // namespace rtb
