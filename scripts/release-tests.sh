#!/usr/bin/env bash
# The code users ship: the package built for release (-O, whole-module), its tests run against
# that build, and `refold demo` from it. A debug build hides what only the optimizer does: the
# demo crashed in every release run while every debug stage passed (issue 53).
#
#   scripts/release-tests.sh                # build, every test target, then the demo (what CI runs)
#   scripts/release-tests.sh --build-only
#   scripts/release-tests.sh --skip-build   # the tests and the demo on an existing build
#   REFOLD_TEST_STRIDE=4 scripts/release-tests.sh   # one case in four of the exhaustive walks
#
# The library's modules are optimized as users build them; the test targets are not
# (REFOLD_RELEASE_TESTS in Package.swift): the optimizer spent over 40 minutes on StoreTests
# alone, and a test's own code is not what ships. `@testable import` needs `-enable-testing`,
# which SwiftPM passes in debug only; it keeps internal symbols visible but leaves the
# optimizer's work (inlining, specialization, whole-module) as a plain release build has it.
# Without the macros and the PostgreSQL store, as CI's sanitizer builds: swift-syntax and
# swift-crypto's BoringSSL in release would take most of the stage (swift-nio-ssl's is built:
# the HTTP clients speak https:// through it).
set -euo pipefail
cd "$(dirname "$0")/.."

build=true
tests=true
case "${1:-}" in
  --build-only) tests=false ;;
  --skip-build) build=false ;;
  "") ;;
  *) echo "usage: scripts/release-tests.sh [--build-only | --skip-build]" >&2; exit 2 ;;
esac

./scripts/install-deps.sh --for-tests
export REFOLD_WITHOUT_MACROS=1 REFOLD_WITHOUT_POSTGRES=1 REFOLD_RELEASE_TESTS=1
options=(-c release -Xswiftc -enable-testing --scratch-path .build-release)

if $build; then
  start=$SECONDS
  swift build --build-tests "${options[@]}"
  echo "== built for release in $((SECONDS - start)) s"
fi
$tests || exit 0

start=$SECONDS
for target in StoreTests EffectsTests ReducersTests HostTests; do
  echo "== $target (release)"
  ./scripts/run-tests.sh "$target" "${options[@]}"
done
echo "== tested in $((SECONDS - start)) s"

echo "== refold demo (release)"
bin=$(swift build --show-bin-path "${options[@]}")
"$bin/refold" demo
