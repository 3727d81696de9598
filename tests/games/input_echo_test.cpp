// Error messages about bad input quote a short prefix of it, whatever its
// length or bytes: a megabyte-long board or --param value gives one short line.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "games/quote_input.h"
#include "games/registry.h"

namespace rtb {
namespace {

TEST(QuoteInput, ShortInputIsQuotedWhole) {
  EXPECT_EQ(quote_input("x.o"), "'x.o'");
  EXPECT_EQ(quote_input(""), "''");
  EXPECT_EQ(quote_input(std::string(40, 'a')), "'" + std::string(40, 'a') + "'");
}

TEST(QuoteInput, LongInputIsCutAndBytesAreEscaped) {
  EXPECT_EQ(quote_input(std::string(41, 'a')), "'" + std::string(40, 'a') + "...'");
  EXPECT_EQ(quote_input(std::string("a\nb\x8f", 4)), "'a\\x0ab\\x8f'");
  EXPECT_EQ(quote_input(std::string(1, '\0')), "'\\x00'");
}

// The message of the GameError `parse` throws.
std::string error_of(const std::function<void()>& parse) {
  try {
    parse();
  } catch (const GameError& e) {
    return e.what();
  }
  return "(accepted)";
}

// A message about `input` shows its first characters and stays short.
void expect_short_echo(const std::string& message, const std::string& input) {
  EXPECT_LT(message.size(), 400u) << message.substr(0, 400);
  EXPECT_NE(message.find(input.substr(0, 40) + "..."), std::string::npos) << message.substr(0, 400);
  EXPECT_EQ(message.find('\n'), std::string::npos) << message.substr(0, 400);
}

Params params(std::initializer_list<std::pair<std::string, std::string>> items) {
  Params p;
  for (const auto& [k, v] : items) p.set(k, v);
  return p;
}

const std::string kHuge(1 << 20, '7');
const std::string kHugeBoard = "x" + std::string(1 << 20, '.');

TEST(InputEcho, BoardsAndPositions) {
  expect_short_echo(error_of([] { TicTacToe(Params{}).parse(kHugeBoard); }), kHugeBoard);
  expect_short_echo(error_of([] {
                      ConnectFour(params({{"width", "4"}, {"height", "4"}})).parse(kHuge);
                    }),
                    kHuge);
  const std::string quixo = "x:" + std::string(1 << 20, '.');
  expect_short_echo(error_of([&] { Quixo(params({{"n", "4"}})).parse(quixo); }), quixo);
  expect_short_echo(error_of([] { Nim(params({{"heaps", "2"}, {"max", "3"}})).parse(kHuge); }), kHuge);
  const std::string fen = std::string(1 << 20, 'K') + " w - - 0 1";
  expect_short_echo(error_of([&] { Chess(params({{"material", "KRvK"}})).parse(fen); }), fen);
}

TEST(InputEcho, Parameters) {
  const std::string key_value = "m=" + kHuge;
  expect_short_echo(error_of([&] { TicTacToe(params({{"m", kHuge}})); }), key_value);
  expect_short_echo(error_of([&] { Params().add(kHuge); }), kHuge);
  expect_short_echo(error_of([&] {
                      Params p = params({{kHuge, "1"}});
                      p.reject_unknown("nim");
                    }),
                    kHuge);
  expect_short_echo(error_of([&] { Octal(params({{"octal", "0." + kHuge}})); }), "0." + kHuge);
  expect_short_echo(error_of([&] { Subtraction(params({{"set", "1," + kHuge}})); }), kHuge);
  expect_short_echo(error_of([&] { Chess(params({{"material", "K" + kHuge}})); }), "K" + kHuge);
  expect_short_echo(error_of([&] { Graph(params({{"file", "x"}, {"format", kHuge}})); }), kHuge);
}

}  // namespace
}  // namespace rtb
