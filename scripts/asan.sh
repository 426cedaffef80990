#!/usr/bin/env bash
# Builds the tests with AddressSanitizer, the library optimized (-O, whole-module, as users
# ship it), and runs test targets under it with LeakSanitizer, in a build folder of its own.
# See docs/fuzzing.md.
#
#   scripts/asan.sh                          # StoreTests and EffectsTests (what CI runs)
#   scripts/asan.sh ReducersTests            # any test targets
#   scripts/asan.sh --debug StoreTests       # the debug build (-Onone): quicker to build
#
# Optimized by default: undefined behaviour in the core's raw pointers, unmanaged references
# and `@exclusivity(unchecked)` may show only once the optimizer has used it (issue 53: the
# release demo crashed while every debug stage passed). The test targets themselves stay at
# -Onone (REFOLD_RELEASE_TESTS in Package.swift), as in scripts/release-tests.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

options=(-c release -Xswiftc -enable-testing)
if [ "${1:-}" = "--debug" ]; then
  options=()
  shift
else
  export REFOLD_RELEASE_TESTS=1
fi
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(StoreTests EffectsTests)
options+=(--sanitize=address --scratch-path .build-asan)

./scripts/install-deps.sh

# For the core's tests, the core's targets only (REFOLD_CORE_ONLY in Package.swift): the
# servers and their dependencies are then not built under ASan at all.
core=1
for target in "${targets[@]}"; do
  case "$target" in StoreTests | EffectsTests) ;; *) core=0 ;; esac
done
[ "$core" -eq 0 ] || export REFOLD_CORE_ONLY=1

# The Swift runtime's backtracer would run before ASan's report; ASan's report is the one wanted.
export SWIFT_BACKTRACE=enable=no
# LeakSanitizer runs at exit: a store kept alive by a cycle is reported (see the leak tests).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan.supp:print_suppressions=0}"

start=$SECONDS
swift build --build-tests "${options[@]}"
echo "== built in $((SECONDS - start)) s"
start=$SECONDS
for target in "${targets[@]}"; do
  echo "== $target (AddressSanitizer)"
  # The test process exits non-zero when LeakSanitizer reports, after the tests' own summary.
  REFOLD_TEST_TIME_LIMIT=${REFOLD_TEST_TIME_LIMIT:-300} ./scripts/run-tests.sh "$target" "${options[@]}"
done
echo "== tested in $((SECONDS - start)) s"
