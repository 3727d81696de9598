// The generator's entry points for Chess (gen/instances/instances.h).
#include "gen/instances/instances.h"

namespace rtb {

RTB_GEN_INSTANCES(, Chess)

}  // namespace rtb
