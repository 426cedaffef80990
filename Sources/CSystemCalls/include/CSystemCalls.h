#ifndef REFOLD_CSYSTEMCALLS_H
#define REFOLD_CSYSTEMCALLS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

// System calls Swift cannot make itself (`syscall(2)` is variadic, so Swift does not import it),
// one it makes more cheaply from C, and a cache hint Swift has no spelling for.

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

#if defined(__x86_64__) || defined(__i386__)
/// Whether this CPU executes PREFETCHW (CPUID's PRFCHW bit; prefetch.c reads it before main).
/// Every AMD64 chip does, and Intel's since Broadwell; an older Intel chip may fault on it.
extern bool refold_prefetchw_available;
#endif

/// Asks this core to fetch the cache line at `address`, owned for writing, ahead of a store to
/// it: where another core read the line last, the store then finds it here instead of waiting
/// for the other core to give it up. A hint only: it never faults and changes no memory.
static inline void refold_prefetch_for_write(const void *address) {
#if defined(__x86_64__) || defined(__i386__)
  // Not `__builtin_prefetch(address, 1, 3)`: without `-mprfchw`, which a package cannot ask of
  // the modules that inline this, it emits a prefetch for reading.
  if (refold_prefetchw_available) __asm__ volatile("prefetchw %0" : : "m"(*(const char *)address));
#else
  __builtin_prefetch(address, 1, 3);
#endif
}

#endif
