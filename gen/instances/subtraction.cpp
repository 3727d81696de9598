// The generator's entry points for Subtraction (gen/instances/instances.h).
#include "gen/instances/instances.h"

namespace rtb {

RTB_GEN_INSTANCES(, Subtraction)

}  // namespace rtb
