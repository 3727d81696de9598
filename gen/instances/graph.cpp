// The generator's entry points for Graph (gen/instances/instances.h).
#include "gen/instances/instances.h"

namespace rtb {

RTB_GEN_INSTANCES(, Graph)

}  // namespace rtb
