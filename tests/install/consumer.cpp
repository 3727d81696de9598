// An engine's use of the installed C++ API (rtb::DepthTable): built outside
// the source tree by CMake's find_package(rtb CONFIG), against the installed
// prefix only. Reads "<position> ..." lines (tbprobe --dump) from stdin and
// prints "<position> <value>" as tbprobe --dump does; checks on the way that
// each position's value agrees with the values of its moves.
#include <rtb/probe/probe.h>

#include <iostream>
#include <string>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: consumer DIR GAME < positions\n";
    return 2;
  }
  try {
    const rtb::Tablebase tables(argv[1]);
    const rtb::DepthTable& table = tables.table(argv[2], rtb::Params());
    std::string line;
    while (std::getline(std::cin, line)) {
      const std::string position = line.substr(0, line.find(' '));
      const rtb::Value value = table.value(position);
      // The best move's value, seen by the mover, is the position's value.
      rtb::Index index = table.parse(position);
      bool found = table.moves(index).empty();
      for (const rtb::MoveResult& move : table.moves(index)) found = found || move.for_mover() == value;
      if (!found) {
        std::cerr << position << ": no move has the value " << rtb::to_string(value) << "\n";
        return 1;
      }
      std::cout << position << " " << rtb::to_string(value) << "\n";
    }
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
