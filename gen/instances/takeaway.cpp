// The generator's entry points for Takeaway (gen/instances/instances.h).
#include "gen/instances/instances.h"

namespace rtb {

RTB_GEN_INSTANCES(, Takeaway)

}  // namespace rtb
