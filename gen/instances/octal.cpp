// The generator's entry points for Octal (gen/instances/instances.h).
#include "gen/instances/instances.h"

namespace rtb {

RTB_GEN_CHECK_INSTANCE(, Octal)

}  // namespace rtb
