#!/usr/bin/env bash
# Builds the tests with AddressSanitizer and runs the core's (StoreTests) under it, in a build
# folder of its own. See docs/fuzzing.md.
#
#   scripts/asan.sh                 # StoreTests (what CI runs)
#   scripts/asan.sh ReducersTests   # any test target
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:-StoreTests}"

./scripts/install-deps.sh

# For the core's tests, the core's targets only (REFOLD_CORE_ONLY in Package.swift): the
# servers and their dependencies are then not built under ASan at all.
case "$filter" in StoreTests | EffectsTests) export REFOLD_CORE_ONLY=1 ;; esac

# The Swift runtime's backtracer would run before ASan's report; ASan's report is the one wanted.
export SWIFT_BACKTRACE=enable=no
# LeakSanitizer runs at exit: a store kept alive by a cycle is reported (see the leak tests).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan.supp:print_suppressions=0}"

start=$SECONDS
swift build --build-tests --sanitize=address --scratch-path .build-asan
echo "== built in $((SECONDS - start)) s"
start=$SECONDS
# swift test exits non-zero when LeakSanitizer reports, after the tests' own summary.
REFOLD_TEST_TIME_LIMIT=${REFOLD_TEST_TIME_LIMIT:-300} ./scripts/run-tests.sh "$filter" --sanitize=address --scratch-path .build-asan
echo "== tested in $((SECONDS - start)) s"
