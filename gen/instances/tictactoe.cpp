// The generator's entry points for TicTacToe (gen/instances/instances.h).
#include "gen/instances/instances.h"

namespace rtb {

RTB_GEN_INSTANCES(, TicTacToe)

}  // namespace rtb
