// FEN in and out, and moves in standard algebraic notation and UCI.
#include "games/chess/notation.h"

#include <bit>
#include <cctype>
#include <sstream>
#include <vector>

#include "games/chess/movegen.h"
#include "games/game.h"
#include "games/quote_input.h"

namespace rtb::chess {
namespace {

constexpr char kLetters[] = "KQRBNP";

[[noreturn]] void bad(std::string_view fen, const std::string& why) {
  throw GameError("FEN " + quote_input(fen) + ": " + why);
}

void parse_placement(std::string_view fen, const std::string& field, Board& b) {
  int rank = 7, file = 0;
  for (char ch : field) {
    if (ch == '/') {
      if (file != 8) bad(fen, "a rank does not have 8 squares");
      --rank, file = 0;
      if (rank < 0) bad(fen, "more than 8 ranks");
    } else if (ch >= '1' && ch <= '8') {
      file += ch - '0';
    } else {
      int t = 0;
      while (t < 6 && kLetters[t] != std::toupper(static_cast<unsigned char>(ch))) ++t;
      if (t == 6) bad(fen, "unknown piece " + quote_input({&ch, 1}));
      if (file > 7) bad(fen, "a rank has more than 8 squares");
      b.put(std::isupper(static_cast<unsigned char>(ch)) ? kWhite : kBlack, static_cast<PieceType>(t),
            make_square(file++, rank));
    }
    if (file > 8) bad(fen, "a rank has more than 8 squares");
  }
  if (rank != 0 || file != 8) bad(fen, "the board must have 8 ranks of 8 squares");
}

void check_position(std::string_view fen, const Board& b) {
  for (int c = 0; c < 2; ++c)
    if (std::popcount(b.pieces[c][kKing]) != 1) bad(fen, "each side needs exactly one king");
  if ((b.pieces[0][kPawn] | b.pieces[1][kPawn]) & (kRank1 | kRank8)) bad(fen, "a pawn on rank 1 or 8");
  if (in_check(b, opponent(b.stm))) bad(fen, "the side not to move is in check");
}

}  // namespace

std::string square_name(Square s) {
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

ParsedFen parse_fen(std::string_view fen) {
  std::istringstream in{std::string(fen)};
  std::string placement, side, castling = "-", ep = "-", halfmove, fullmove, extra;
  in >> placement >> side >> castling >> ep >> halfmove >> fullmove;
  if (placement.empty()) bad(fen, "empty");
  // A word past the six fields is a mistake (a FEN pasted twice, a move
  // after it), never ignored.
  if (in >> extra) bad(fen, "something after its six fields: " + quote_input(extra));
  ParsedFen out;
  parse_placement(fen, placement, out.board);
  if (side.empty()) bad(fen, "no side to move after the board (w or b)");
  if (side != "w" && side != "b") bad(fen, "the side to move must be w or b");
  out.board.stm = side == "w" ? kWhite : kBlack;
  if (castling != "-") bad(fen, "castling rights are not supported (the tables have no castling)");
  if (ep != "-") {
    if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || (ep[1] != '3' && ep[1] != '6'))
      bad(fen, "bad en-passant square " + quote_input(ep));
    out.en_passant = make_square(ep[0] - 'a', ep[1] - '1');
    if ((ep[1] == '6') != (out.board.stm == kWhite)) bad(fen, "the en-passant square is on the wrong rank");
  }
  if (!halfmove.empty()) {
    if (halfmove.size() > 4 || halfmove.find_first_not_of("0123456789") != std::string::npos)
      bad(fen, "bad halfmove clock " + quote_input(halfmove));
    out.halfmove = static_cast<std::uint32_t>(std::stoul(halfmove));
  }
  if (!fullmove.empty() &&
      (fullmove.size() > 6 || fullmove.find_first_not_of("0123456789") != std::string::npos))
    bad(fen, "bad move number " + quote_input(fullmove));
  check_position(fen, out.board);
  return out;
}

namespace {

// Whether the castling right `right` (K, Q, k, q; A-H or a-h naming the
// rook's file) has its king and rook at home.
bool castling_right_holds(const Board& b, char right) {
  const Color c = std::isupper(static_cast<unsigned char>(right)) ? kWhite : kBlack;
  const int rank = c == kWhite ? 0 : 7;
  const char r = static_cast<char>(std::tolower(static_cast<unsigned char>(right)));
  const int rook_file = r == 'k' ? 7 : r == 'q' ? 0 : r - 'a';
  if (rook_file != 0 && rook_file != 7) return false;  // standard chess: the corner rooks only
  return (b.pieces[c][kKing] & bit(make_square(4, rank))) &&
         (b.pieces[c][kRook] & bit(make_square(rook_file, rank)));
}

// Whether a double step of the side not to move can have left `ep`.
bool en_passant_possible(const Board& b, const std::string& ep) {
  const int file = ep[0] - 'a', rank = ep[1] - '1';
  const bool white_to_move = b.stm == kWhite;
  if (rank != (white_to_move ? 5 : 2)) return false;
  const int step = white_to_move ? -1 : 1;  // towards the pawn that moved
  const Bitboard occupied = b.occupied();
  return !(occupied & bit(make_square(file, rank))) && !(occupied & bit(make_square(file, rank - step))) &&
         (b.pieces[opponent(b.stm)][kPawn] & bit(make_square(file, rank + step)));
}

}  // namespace

std::string lenient_fen(std::string_view fen) {
  std::istringstream in{std::string(fen)};
  std::vector<std::string> fields;
  for (std::string field; in >> field;) fields.push_back(field);
  if (fields.size() < 2) return std::string(fen);  // parse_fen says what is missing
  Board b;
  parse_placement(fen, fields[0], b);
  if (fields[1] != "w" && fields[1] != "b") return std::string(fen);
  b.stm = fields[1] == "w" ? kWhite : kBlack;
  if (fields.size() > 2 && fields[2] != "-") {
    std::string kept;
    for (char right : fields[2])  // what is no right at all is left for parse_fen to refuse
      if (std::string_view("KQkqABCDEFGHabcdefgh").find(right) == std::string_view::npos ||
          castling_right_holds(b, right))
        kept += right;
    fields[2] = kept.empty() ? "-" : kept;
  }
  if (fields.size() > 3) {
    const std::string& ep = fields[3];
    const bool square = ep.size() == 2 && ep[0] >= 'a' && ep[0] <= 'h' && ep[1] >= '1' && ep[1] <= '8';
    if (square && !en_passant_possible(b, ep)) fields[3] = "-";
  }
  std::string out = fields[0];
  for (std::size_t k = 1; k < fields.size(); ++k) out += " " + fields[k];
  return out;
}

std::string to_fen(const Board& b) {
  std::string s;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Square sq = make_square(file, rank);
      char ch = 0;
      for (int c = 0; c < 2 && !ch; ++c) {
        const PieceType t = b.piece_on(static_cast<Color>(c), sq);
        if (t != kNoPiece) ch = c == kWhite ? kLetters[t] : static_cast<char>(std::tolower(kLetters[t]));
      }
      if (!ch) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty), empty = 0;
      s += ch;
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (rank) s += '/';
  }
  s += b.stm == kWhite ? " w - - 0 1" : " b - - 0 1";
  return s;
}

std::string uci(const Move& m) {
  std::string s = square_name(m.from) + square_name(m.to);
  if (m.promotion != kNoPiece) s += static_cast<char>(std::tolower(kLetters[m.promotion]));
  return s;
}

std::string san(const Board& b, const Move& m) {
  std::string s;
  if (m.piece == kPawn) {
    if (m.captured != kNoPiece) s += static_cast<char>('a' + file_of(m.from));
  } else {
    s += kLetters[m.piece];
    // Another piece of the kind that can go to the same square: name the
    // file if that tells them apart, else the rank, else both.
    bool clash = false, same_file = false, same_rank = false;
    legal_moves(b, [&](const Move& o, const Board&) {
      if (o.piece != m.piece || o.to != m.to || o.from == m.from) return;
      clash = true;
      same_file |= file_of(o.from) == file_of(m.from);
      same_rank |= rank_of(o.from) == rank_of(m.from);
    });
    if (clash && (!same_file || same_rank)) s += static_cast<char>('a' + file_of(m.from));
    if (clash && same_file) s += static_cast<char>('1' + rank_of(m.from));
  }
  if (m.captured != kNoPiece) s += 'x';
  s += square_name(m.to);
  if (m.promotion != kNoPiece) s += std::string("=") + kLetters[m.promotion];
  const Board after = make_move(b, m);
  if (in_check(after, after.stm)) s += count_legal_moves(after) == 0 ? '#' : '+';
  return s;
}

}  // namespace rtb::chess
