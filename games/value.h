// The value of a position for the side to move: WIN or LOSS in an exact
// number of plies, or DRAW. Two bytes, because the generator keeps one per
// index and the storage writes them as they are.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace rtb {

// TableMeta::value_kind of a table of Value codes: win/draw/loss with exact
// depth. Its name on disk, "wdl16", is the one every table has had.
inline constexpr std::string_view kDepthKind = "wdl16";

enum class Outcome : std::uint8_t { Draw, Win, Loss };

class Value {
 public:
  // Code 0 is DRAW (and "not yet known" while generating); odd codes are
  // WIN in (code-1)/2 plies, even non-zero codes LOSS in (code-2)/2 plies.
  static constexpr std::uint32_t kMaxDepth = 32766;

  constexpr Value() = default;
  static constexpr Value draw() { return Value(0); }
  static constexpr Value win(std::uint32_t plies) { return Value(static_cast<std::uint16_t>(2 * plies + 1)); }
  static constexpr Value loss(std::uint32_t plies) {
    return Value(static_cast<std::uint16_t>(2 * plies + 2));
  }
  static constexpr Value from_code(std::uint16_t code) { return Value(code); }

  constexpr std::uint16_t code() const { return code_; }
  constexpr Outcome outcome() const {
    if (code_ == 0) return Outcome::Draw;
    return (code_ & 1) ? Outcome::Win : Outcome::Loss;
  }
  constexpr bool is_win() const { return outcome() == Outcome::Win; }
  constexpr bool is_loss() const { return outcome() == Outcome::Loss; }
  constexpr bool is_draw() const { return code_ == 0; }
  // Plies to the end with best play; 0 for a draw.
  constexpr std::uint32_t depth() const { return code_ == 0 ? 0 : (code_ - 1u) / 2u; }

  // The value of this position seen from the player who moved into it.
  constexpr Value after_move() const {
    if (is_draw()) return draw();
    return is_win() ? loss(depth() + 1) : win(depth() + 1);
  }

  friend constexpr bool operator==(Value, Value) = default;

 private:
  constexpr explicit Value(std::uint16_t code) : code_(code) {}
  std::uint16_t code_ = 0;
};

inline const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::Win:
      return "WIN";
    case Outcome::Loss:
      return "LOSS";
    case Outcome::Draw:
      return "DRAW";
  }
  return "?";
}

// "WIN 5", "LOSS 0", "DRAW -": the form used by --dump and the C API docs.
inline std::string to_string(Value v) {
  std::string s = outcome_name(v.outcome());
  s += ' ';
  s += v.is_draw() ? std::string("-") : std::to_string(v.depth());
  return s;
}

}  // namespace rtb
