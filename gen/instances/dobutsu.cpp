// The generator's entry points for Dobutsu (gen/instances/instances.h).
#include "gen/instances/instances.h"

namespace rtb {

RTB_GEN_INSTANCES(, Dobutsu)

}  // namespace rtb
