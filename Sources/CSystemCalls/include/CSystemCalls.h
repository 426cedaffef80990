#ifndef REFOLD_CSYSTEMCALLS_H
#define REFOLD_CSYSTEMCALLS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

// System calls Swift cannot make itself (`syscall(2)` is variadic, so Swift does not import it),
// and one it makes more cheaply from C.

/// Registers this process for `membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)`. Returns 0, or -1
/// where the kernel (or a seccomp filter, or the platform) does not offer it.
int refold_membarrier_register(void);

/// Makes every running thread of this process execute a full memory barrier before it returns.
/// Returns 0, or -1 on failure. Call `refold_membarrier_register` first.
int refold_membarrier(void);

/// Stores `value` in `flag` as one atomic (relaxed) store: for a flag that several threads
/// write at once, such as the Swift runtime's swizzling flag that the benchmarks' allocation
/// counter turns off from whichever thread allocates (a plain store there is a data race).
void refold_store_flag_relaxed(bool *flag, bool value);

#if defined(__linux__)
typedef int (*refold_clock_gettime_function)(clockid_t, struct timespec *);
/// The vDSO's `clock_gettime` where the process has one, else libc's (coarseclock.c).
extern refold_clock_gettime_function refold_coarse_clock_gettime;
#endif

/// The coarse wall clock (`CLOCK_REALTIME_COARSE` on Linux), in nanoseconds since 1970. In C so
/// that the recorder's inlined hand-off has no address-taken local, which in Swift costs a stack
/// protector check on every commit.
static inline uint64_t refold_coarse_realtime_nanoseconds(void) {
  struct timespec time;
#if defined(__linux__)
  refold_coarse_clock_gettime(CLOCK_REALTIME_COARSE, &time);
#else
  clock_gettime(CLOCK_REALTIME, &time);
#endif
  return (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
}

#endif
