// The generator's entry points for Nim (gen/instances/instances.h).
#include "gen/instances/instances.h"

namespace rtb {

RTB_GEN_INSTANCES(, Nim)

}  // namespace rtb
