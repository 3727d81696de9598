// The generator's entry points for ConnectFour (gen/instances/instances.h).
#include "gen/instances/instances.h"

namespace rtb {

RTB_GEN_INSTANCES(, ConnectFour)

}  // namespace rtb
