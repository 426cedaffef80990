# Sourced by each example's Scripts/check.sh, from the example's folder: the build folder, a
# work folder removed when the check ends, and `fail`.
#
#   generated=Tests/TodosFeatureTests/RecordedSessionTests.swift   # removed at the end (optional)
#   server=""                                                      # a pid killed at the end (optional)
#   source ../../scripts/example-check.sh
#
# REFOLD_EXAMPLE_SCRATCH: a build folder other than .build (CI gives Refold's own .build, where
# only the example's own modules are left to compile).
scratch_path=${REFOLD_EXAMPLE_SCRATCH:-.build}
scratch=(--scratch-path "$scratch_path")
# The folder's build plan may be another root package's (scripts/forget-build-plan.sh).
source "$(dirname "${BASH_SOURCE[0]}")/forget-build-plan.sh"
forget_build_plan "$scratch_path"
fail() { echo "check.sh: $*" >&2; exit 1; }
work=$(mktemp -d)
example_cleanup() {
  if [ -n "${server:-}" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$work"
  if [ -n "${generated:-}" ]; then rm -f "$generated"; fi
  forget_build_plan "$scratch_path"
}
trap example_cleanup EXIT
