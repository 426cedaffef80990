#!/usr/bin/env bash
# What CI does with the case studies: builds them against Refold's public products only and runs
# their tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# REFOLD_EXAMPLE_SCRATCH: a build folder other than .build (CI gives Refold's own .build, where
# only the studies' own modules are left to compile).
scratch_path=${REFOLD_EXAMPLE_SCRATCH:-.build}
scratch=(--scratch-path "$scratch_path")
# The folder's build plan may be another root package's (scripts/forget-build-plan.sh).
source ../../scripts/forget-build-plan.sh
forget_build_plan "$scratch_path"
out=$(mktemp)
trap 'rm -f "$out"; forget_build_plan "$scratch_path"' EXIT
swift build --build-tests "${scratch[@]}"
swift test --skip-build "${scratch[@]}" 2>&1 | tee "$out"
# Every suite ran: a study whose tests were not built would pass silently.
for suite in EffectCancellationTests TimersTests RefreshableTests SharedStateTabsTests AlertsAndDialogsTests; do
  grep -q "Suite $suite passed" "$out" || { echo "check.sh: $suite did not run and pass" >&2; exit 1; }
done
echo "== case studies: ok"
