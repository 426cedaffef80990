#include "CSystemCalls.h"

void refold_store_flag_relaxed(bool *flag, bool value) {
  __atomic_store_n(flag, value, __ATOMIC_RELAXED);
}
