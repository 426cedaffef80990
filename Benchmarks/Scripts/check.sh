#!/usr/bin/env bash
# CI's benchmark gate: builds the suite in release, runs a short pass of every workload and
# baseline, and checks the malloc (and, where the machine has the counter, instruction) p90s
# against the thresholds committed under Benchmarks/Thresholds/. Wall time is printed, never
# gated. Exits non-zero on a regression.
#
#   Benchmarks/Scripts/check.sh            # check
#   Benchmarks/Scripts/check.sh --update   # record new thresholds (then review and commit them)
#
# It builds in the release tests' folder (.build-release, scripts/release-tests.sh), with their
# options and without REFOLD_RELEASE_TESTS: CI has built the library there by then, so only the
# workloads (optimized here, where the release tests leave them at -Onone) and package-benchmark
# compile, about 5 minutes instead of 14 for a release build of its own. The library keeps
# `-enable-testing` from that build; the malloc counts, what the gate checks, are those of a plain
# release build (every row within its threshold when checked both ways, 2026-11-29).
set -uo pipefail  # not -e: the check's exit status is read below
cd "$(dirname "$0")/.."
export REFOLD_WITHOUT_MACROS=1 REFOLD_WITHOUT_POSTGRES=1
unset REFOLD_RELEASE_TESTS
build=(-Xswiftc -enable-testing --scratch-path "$PWD/../.build-release")
# The folder's build plan is the release tests' until this package plans its own
# (scripts/forget-build-plan.sh).
source ../scripts/forget-build-plan.sh
forget_build_plan ../.build-release
trap 'forget_build_plan ../.build-release' EXIT

# Short: with this set, the benchmarks take a few samples each (see their configuration).
export REFOLD_BENCH_CI=1
# Only the stable metrics are recorded and checked. Instructions need a hardware counter
# (perf_event_open); where the machine has none, package-benchmark leaves them out.
metrics=(--metric mallocCountTotal --metric instructions)
# Absolute: the tool resolves a relative --path against its own working directory.
thresholds=(--path "$PWD/Thresholds")

echo "== benchmarks: release build (in ../.build-release)"
start=$SECONDS
swift build -c release "${build[@]}" || exit 1
echo "== benchmarks: built in $((SECONDS - start)) s"

if [[ "${1:-}" == "--update" ]]; then
  echo "== benchmarks: recording thresholds in Benchmarks/Thresholds/"
  swift package "${build[@]}" --allow-writing-to-package-directory benchmark thresholds update "${metrics[@]}" "${thresholds[@]}" --no-progress
  exit $?
fi

echo "== benchmarks: short run, checked against Benchmarks/Thresholds/ (mallocs, instructions; p90)"
log=$(mktemp)
trap 'rm -f "$log"; forget_build_plan ../.build-release' EXIT
status=0
swift package "${build[@]}" benchmark thresholds check "${metrics[@]}" "${thresholds[@]}" --no-progress 2>&1 | tee "$log" || status=$?
# `swift package` reports every non-zero exit of the tool as 1, so an improvement (the tool's
# exit 4) looks like a regression here: read the verdict from the output instead.
if grep -q "WORSE than the defined thresholds" "$log"; then
  echo "== benchmarks: regression: a threshold was exceeded, see the table above" >&2
  exit 1
elif grep -q "BETTER than the defined thresholds" "$log"; then
  echo "== benchmarks: improvements only; record them with Benchmarks/Scripts/check.sh --update"
elif [[ $status -eq 0 ]]; then
  echo "== benchmarks: every metric within its threshold"
else
  echo "== benchmarks: the check itself failed (exit $status), see above" >&2
  exit 1
fi
