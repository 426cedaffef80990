#!/usr/bin/env bash
# CI's benchmark gate: builds the suite in release, runs a short pass of every workload and
# baseline, and checks the malloc (and, where the machine has the counter, instruction) p90s
# against the thresholds committed under Benchmarks/Thresholds/. Wall time is printed, never
# gated. Exits non-zero on a regression.
#
#   Benchmarks/Scripts/check.sh            # check
#   Benchmarks/Scripts/check.sh --update   # record new thresholds (then review and commit them)
set -uo pipefail  # not -e: the check's exit status is read below
cd "$(dirname "$0")/.."

# Short: with this set, the benchmarks take a few samples each (see their configuration).
export REFOLD_BENCH_CI=1
# Only the stable metrics are recorded and checked. Instructions need a hardware counter
# (perf_event_open); where the machine has none, package-benchmark leaves them out.
metrics=(--metric mallocCountTotal --metric instructions)
# Absolute: the tool resolves a relative --path against its own working directory.
thresholds=(--path "$PWD/Thresholds")

echo "== benchmarks: release build"
swift build -c release || exit 1

if [[ "${1:-}" == "--update" ]]; then
  echo "== benchmarks: recording thresholds in Benchmarks/Thresholds/"
  swift package --allow-writing-to-package-directory benchmark thresholds update "${metrics[@]}" "${thresholds[@]}" --no-progress
  exit $?
fi

echo "== benchmarks: short run, checked against Benchmarks/Thresholds/ (mallocs, instructions; p90)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift package benchmark thresholds check "${metrics[@]}" "${thresholds[@]}" --no-progress 2>&1 | tee "$log" || status=$?
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
