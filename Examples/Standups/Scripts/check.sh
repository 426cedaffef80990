#!/usr/bin/env bash
# What CI does with the standups app: builds it against Refold's public products only and runs
# its tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# REFOLD_EXAMPLE_SCRATCH: a build folder other than .build (CI gives Refold's own .build, where
# only the app's own modules are left to compile).
scratch_path=${REFOLD_EXAMPLE_SCRATCH:-.build}
scratch=(--scratch-path "$scratch_path")
# The folder's build plan may be another root package's (scripts/forget-build-plan.sh).
source ../../scripts/forget-build-plan.sh
forget_build_plan "$scratch_path"
out=$(mktemp)
trap 'rm -f "$out"; forget_build_plan "$scratch_path"' EXIT
swift build --build-tests "${scratch[@]}"
swift test --skip-build "${scratch[@]}" 2>&1 | tee "$out"
grep -qE 'Test run with 8 tests in 1 suite passed' "$out" || { echo "check.sh: not every test of StandupsTests ran and passed" >&2; exit 1; }
echo "== standups: ok"
