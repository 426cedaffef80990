#!/usr/bin/env bash
# What CI does with the case studies: builds them against Refold's public products only, runs
# their tests, then uses their embedded command line as a user would: records a session of each
# study, replays it verified, and has test-gen write a test of it that compiles and passes in the
# studies' own test target.
set -euo pipefail
cd "$(dirname "$0")/.."

generated=Tests/CaseStudiesTests/RecordedSessionsTests.swift
# The build folder (REFOLD_EXAMPLE_SCRATCH), a work folder and `fail`.
source ../../scripts/example-check.sh

swift build --build-tests "${scratch[@]}"
swift test --skip-build "${scratch[@]}" 2>&1 | tee "$work/tests.out"
# Every suite ran: a study whose tests were not built would pass silently.
for suite in EffectCancellationTests TimersTests RefreshableTests SharedStateTabsTests AlertsAndDialogsTests; do
  grep -q "Suite $suite passed" "$work/tests.out" || fail "$suite did not run and pass"
done
bin=$(swift build "${scratch[@]}" --show-bin-path)
tool=$bin/casestudies-tool

# study NAME EXPECTED [--wait-each]: records the action lines on stdin, checks that the final
# state starts with EXPECTED, and replays the log verified.
study() {
  local name=$1 expected=$2
  shift 2
  echo "== casestudies-tool: $name, recorded and replayed verified"
  "$tool" run "$name" "$@" --record "$work/$name.log" >"$work/$name.state"
  [[ "$(cat "$work/$name.state")" == "$expected"* ]] || fail "$name: run gave $(cat "$work/$name.state")"
  local verified
  verified=$("$tool" replay "$work/$name.log")
  [[ "$verified" == *"verified"* ]] || fail "$name: replay did not verify: $verified"
}

# An alert and a dialog, each answered.
study alertsAndDialogs '{"alert":{"title":"Decremented!","buttons":[{"label":"OK"}]},"count":0}' --wait-each <<'LINES'
{"alertButtonTapped":{}}
{"alert":{"_0":{"presented":{"_0":{"incrementButtonTapped":{}}}}}}
{"alert":{"_0":{"dismiss":{}}}}
{"confirmationDialogButtonTapped":{}}
{"confirmationDialog":{"_0":{"presented":{"_0":{"decrementButtonTapped":{}}}}}}
LINES
# The counter tab's steps reach the profile tab, and its reset the counter tab.
study sharedStateTabs '{"counter":{"stats":{"shared":"inMemory:counterStats","value":{"count":-1,"maxCount":0,"minCount":-1,"numberOfCounts":1}}},"profile":{"stats":{"shared":"inMemory:counterStats","value":{"count":-1,"maxCount":0,"minCount":-1,"numberOfCounts":1}}},"currentTab":"profile"}' --wait-each <<'LINES'
{"counter":{"_0":{"incrementButtonTapped":{}}}}
{"counter":{"_0":{"incrementButtonTapped":{}}}}
{"selectTab":{"_0":"profile"}}
{"profile":{"_0":{"resetStatsButtonTapped":{}}}}
{"counter":{"_0":{"decrementButtonTapped":{}}}}
LINES
# A request and its answer (no fact server here: the study's "could not load").
study effectCancellation '{"count":1,"fact":"Could not load a fact about 1.","isRequestInFlight":false}' --wait-each <<'LINES'
{"incrementButtonTapped":{}}
{"factButtonTapped":{}}
LINES
study refreshable '{"count":1,"fact":"Could not load a fact about 1.","isLoading":false}' --wait-each <<'LINES'
{"incrementButtonTapped":{}}
{"refresh":{}}
LINES
# Started and stopped at once (not --wait-each: a running timer's effect never ends). A tick
# between the two lines, on a machine slow enough, would be recorded and replayed as well.
study timers '{"isTimerActive":false,"secondsElapsed":' <<'LINES'
{"toggleTimerButtonTapped":{}}
{"toggleTimerButtonTapped":{}}
LINES

echo "== casestudies-tool: test-gen writes a test of each session that passes in CaseStudiesTests"
: >"$generated"
tests=()
for name in alertsAndDialogs sharedStateTabs effectCancellation refreshable timers; do
  # One file: the imports once, then each session's test.
  if [ -s "$generated" ]; then
    "$tool" test-gen "$work/$name.log" | sed '/^import /d' >>"$generated"
  else
    "$tool" test-gen "$work/$name.log" >>"$generated"
  fi
  tests+=("$(sed -n 's/^@Test func \([A-Za-z0-9_]*\)().*/\1/p' "$generated" | tail -1)")
done
grep -q 'import CaseStudies' "$generated" || fail "the generated tests do not import the studies: $(head -20 "$generated")"
[ "${#tests[@]}" -eq 5 ] && [ "$(printf '%s\n' "${tests[@]}" | sort -u | wc -l)" -eq 5 ] || fail "expected five generated tests, got: ${tests[*]}"
swift build --build-tests "${scratch[@]}"
filter=$(IFS='|'; echo "${tests[*]}")
swift test --skip-build "${scratch[@]}" --filter "$filter" 2>&1 | tee "$work/generated.out"
for test in "${tests[@]}"; do
  grep -q "Test $test() passed" "$work/generated.out" || fail "the generated test $test did not run and pass"
done
echo "== case studies: ok"
