#!/usr/bin/env bash
# Runs the effect and TestStore suites again and again with both cores kept busy, as CI's are
# while the fuzzer runs, and counts the runs that failed or stopped making progress:
#
#   scripts/stress-tests.sh [--runs N] [--sanitize thread] [--busy N]
#
# --busy N: how many busy loops keep the cores busy (2 by default; CI gives 0 and runs the
# pass beside its release build, which keeps the other core busy instead).
#
# The suites: Refold's own clock-driven ones (EffectRuntimeTests, TestStoreTests,
# TestStoreCancellationTests (issue 49's effect cancellation and refreshable cases), LeakTests,
# MusicSearchTests, AppFeatureTests) and a user's (Examples/Counter's CounterFeatureTests, on
# the Store product alone). Each run goes through scripts/run-tests.sh, whose watchdog prints
# the threads of a stuck process and fails it. Exits 1 if any run failed or stalled.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=50
busy_loops=2
sanitize=()
scratch=.build
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --sanitize) sanitize=(--sanitize="$2"); scratch=.build-tsan-debug; shift 2 ;;
    --busy) busy_loops=$2; shift 2 ;;
    *) echo "stress-tests: unknown option $1 (use --runs N, --sanitize thread, --busy N)" >&2; exit 64 ;;
  esac
done
for number in "$runs" "$busy_loops"; do
  [[ "$number" =~ ^[0-9]+$ ]] || { echo "stress-tests: '$number' is not a whole number (--runs N, --busy N)" >&2; exit 64; }
done
options=("${sanitize[@]}" --scratch-path "$scratch")
# The example builds in the same folder as the package: a second root package there compiles
# only its own modules (53 s here, all told, when it also compiled Hummingbird again), where a
# folder of its own would build every dependency of Refold again.
counter=(--package-path Examples/Counter "${sanitize[@]}" --scratch-path "$PWD/$scratch")
# Each root package plans its own build there (scripts/forget-build-plan.sh).
source scripts/forget-build-plan.sh

./scripts/install-deps.sh
forget_build_plan "$scratch"
swift build --build-tests "${options[@]}" || exit 1
forget_build_plan "$scratch"
swift build --build-tests "${counter[@]}" || { forget_build_plan "$scratch"; exit 1; }
forget_build_plan "$scratch"

busy=()
stop_busy() { [ "${#busy[@]}" -eq 0 ] || kill "${busy[@]}" 2>/dev/null; }
trap stop_busy EXIT
for _ in $(seq 1 "$busy_loops"); do
  sh -c 'while :; do :; done' &
  busy+=($!)
done

failed=0
log=$(mktemp)
start=$SECONDS
for run in $(seq 1 "$runs"); do
  ok=1
  REFOLD_TEST_SUITES='EffectRuntimeTests|TestStoreTests|TestStoreCancellationTests|LeakTests' \
    ./scripts/run-tests.sh StoreTests "${options[@]}" >"$log" 2>&1 || ok=0
  [ "$ok" -eq 1 ] && { REFOLD_TEST_SUITES='MusicSearchTests|AppFeatureTests' \
    ./scripts/run-tests.sh ReducersTests "${options[@]}" >>"$log" 2>&1 || ok=0; }
  [ "$ok" -eq 1 ] && { ./scripts/run-tests.sh CounterFeatureTests "${counter[@]}" >>"$log" 2>&1 || ok=0; }
  if [ "$ok" -eq 0 ]; then
    failed=$((failed + 1))
    echo "stress-tests: run $run of $runs FAILED:" >&2
    grep -a 'run-tests:\|✘\|^Thread \|^#[0-9]' "$log" | head -n 120 >&2
  else
    echo "stress-tests: run $run of $runs passed ($((SECONDS - start)) s so far)"
  fi
done
rm -f "$log"
echo "stress-tests: $((runs - failed)) passed, $failed failed (${sanitize[*]:-no sanitizer}, $busy_loops busy loops, $((SECONDS - start)) s)"
[ "$failed" -eq 0 ]
