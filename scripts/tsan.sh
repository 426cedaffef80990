#!/usr/bin/env bash
# Builds the tests with ThreadSanitizer, the library optimized (-O, whole-module, as users
# ship it), and runs test targets under it, in a build folder of its own (.build-tsan).
#
#   scripts/tsan.sh                          # build, then StoreTests, EffectsTests, ReducersTests
#                                            # and HostTests (what CI runs)
#   scripts/tsan.sh --build-only
#   scripts/tsan.sh --skip-build [TARGET…]   # the tests on an existing build
#   scripts/tsan.sh --debug [TARGET…]        # the debug build (-Onone), e.g. to read a report
#
# Refold's library optimized by default: a race the optimizer makes (a load hoisted out of a
# loop, a store sunk past a lock) or that undefined behaviour in the core's unsafe code lets it
# make shows only in the code users ship (issue 53). It is a debug build in which Refold's own
# library targets compile -O, whole-module (REFOLD_OPTIMIZE_LIBRARY in Package.swift): the test
# targets and the dependencies stay -Onone. A release build spent twice as long on SwiftNIO,
# Hummingbird and BoringSSL, which are not what this stage checks, beside `make test` in CI.
# Without the macros and the PostgreSQL store (REFOLD_WITHOUT_MACROS, REFOLD_WITHOUT_POSTGRES):
# swift-syntax and swift-crypto's BoringSSL would take most of the build, and make test runs
# their tests (swift-nio-ssl's BoringSSL is built: the HTTP clients speak https:// through it).
set -euo pipefail
cd "$(dirname "$0")/.."

build=true
tests=true
optimized=true
while [ $# -gt 0 ]; do
  case "$1" in
    --build-only) tests=false; shift ;;
    --skip-build) build=false; shift ;;
    --debug) optimized=false; shift ;;
    --*) echo "usage: scripts/tsan.sh [--build-only | --skip-build] [--debug] [TARGET…]" >&2; exit 64 ;;
    *) break ;;
  esac
done
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(StoreTests EffectsTests ReducersTests HostTests)

./scripts/install-deps.sh --for-tests
export REFOLD_WITHOUT_MACROS=1 REFOLD_WITHOUT_POSTGRES=1
options=()
if $optimized; then
  export REFOLD_OPTIMIZE_LIBRARY=1
fi
# One folder per mode: the switch changes the manifest, and each build would undo the other's.
scratch=.build-tsan
$optimized || scratch=.build-tsan-debug
options+=(--sanitize=thread --scratch-path "$scratch")

if $build; then
  start=$SECONDS
  swift build --build-tests "${options[@]}"
  echo "== built in $((SECONDS - start)) s"
fi
$tests || exit 0

# Reports that are not Refold's (each with its reason) are in scripts/tsan.supp; the `refold`
# processes the tests start inherit the options.
export TSAN_OPTIONS="${TSAN_OPTIONS:+$TSAN_OPTIONS:}suppressions=$PWD/scripts/tsan.supp"
# Five SIGKILLed recordings per fsync policy: make test runs twenty, uninstrumented. Five
# minutes without output before the watchdog calls a group stuck (two uninstrumented).
export REFOLD_CRASH_TRIALS=${REFOLD_CRASH_TRIALS:-5} REFOLD_TEST_TIME_LIMIT=${REFOLD_TEST_TIME_LIMIT:-300}
# Twenty tests per process, not forty. With forty, the group of HostTests from
# MisbehavingServerTests to TestGenCommandTests stalled for 30 s in 2 runs of 3 here: every test
# that asked the in-process demo backend for an answer timed out. One snapshot of the stall had a
# thread of the cooperative pool (two threads wide on two cores) inside the first Recorder's
# membarrier registration (`AsymmetricFence`, a `swift_once`), which takes 14-28 ms unloaded;
# a second Recorder waiting on that once would leave the pool no thread. Not yet explained.
export REFOLD_TEST_CHUNK=${REFOLD_TEST_CHUNK:-20}
start=$SECONDS
for target in "${targets[@]}"; do
  echo "== $target (ThreadSanitizer)"
  ./scripts/run-tests.sh "$target" "${options[@]}"
done
echo "== tested in $((SECONDS - start)) s"
