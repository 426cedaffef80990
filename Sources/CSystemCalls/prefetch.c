#include "CSystemCalls.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

bool refold_prefetchw_available = false;

// Read once, before main: the hint is on every recorded commit's path, so it tests a flag
// rather than asking the CPU.
__attribute__((constructor)) static void refold_detect_prefetchw(void) {
  unsigned int eax, ebx, ecx, edx;
  if (__get_cpuid(0x80000001, &eax, &ebx, &ecx, &edx)) refold_prefetchw_available = (ecx & bit_PRFCHW) != 0;
}
#endif
