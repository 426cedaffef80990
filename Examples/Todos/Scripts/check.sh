#!/usr/bin/env bash
# What CI does with the to-do example: builds it against Refold's public products only, runs
# its tests, then uses its embedded command line as a user would: records a session, replays it
# verified, and has test-gen write a test that compiles and passes in the example's own test
# target.
set -euo pipefail
cd "$(dirname "$0")/.."

generated=Tests/TodosFeatureTests/RecordedSessionTests.swift
# The build folder (REFOLD_EXAMPLE_SCRATCH), a work folder and `fail`.
source ../../scripts/example-check.sh

swift build --build-tests "${scratch[@]}"
echo "== the feature's tests"
swift test --skip-build "${scratch[@]}"
bin=$(swift build "${scratch[@]}" --show-bin-path)
tool=$bin/todos-tool

echo "== todos-tool: record a session (a row added and named by the id the run gave it, a seeded row ticked and sorted down a second later, a filter, a clear)"
# --uuids incrementing: the first row the run adds is 00000000-0000-0000-0000-000000000000, so
# the next line can name it.
cat >"$work/lines" <<'LINES'
{"addButtonTapped":{}}
{"todos":{"_0":{"element":{"id":"00000000-0000-0000-0000-000000000000","action":{"binding":{"_0":{"description":"Bread"}}}}}}}
{"todos":{"_0":{"element":{"id":"5EED0000-0000-0000-0000-000000000001","action":{"binding":{"_0":{"isComplete":true}}}}}}}
{"binding":{"_0":{"filter":"active"}}}
{"clearCompletedButtonTapped":{}}
LINES
"$tool" run todos --wait-each --uuids incrementing --record "$work/todos.log" <"$work/lines" >"$work/state"
state=$(cat "$work/state")
[[ "$state" == '{"todos":[{"id":"00000000-0000-0000-0000-000000000000","description":"Bread","isComplete":false},{"id":"5EED0000-0000-0000-0000-000000000002","description":"Eggs","isComplete":false}],"filter":"active"}' ]] \
  || fail "run gave $state"
grep -q '"sortCompletedTodos"' "$work/todos.log" || fail "the debounced sort was not recorded: $(cat "$work/todos.log")"

echo "== todos-tool: the log replays verified"
verified=$("$tool" replay "$work/todos.log")
[[ "$verified" == *"verified"* ]] || fail "replay did not verify: $verified"

echo "== todos-tool: test-gen writes a test that passes in TodosFeatureTests"
"$tool" test-gen "$work/todos.log" >"$generated"
grep -q 'import TodosFeature' "$generated" || fail "the generated test does not import the feature: $(cat "$generated")"
test=$(sed -n 's/^@Test func \([A-Za-z0-9_]*\)().*/\1/p' "$generated")
[ -n "$test" ] || fail "no test in the generated file: $(cat "$generated")"
swift build --build-tests "${scratch[@]}"
swift test --skip-build "${scratch[@]}" --filter "$test" 2>&1 | tee "$work/generated.out"
grep -q "Test $test() passed" "$work/generated.out" || fail "the generated test $test did not run and pass"
echo "== todos: ok"
