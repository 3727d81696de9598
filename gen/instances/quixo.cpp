// The generator's entry points for Quixo (gen/instances/instances.h).
#include "gen/instances/instances.h"

namespace rtb {

RTB_GEN_INSTANCES(, Quixo)

}  // namespace rtb
