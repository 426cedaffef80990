#!/usr/bin/env bash
# What CI does with the standups app: builds it against Refold's public products only, runs its
# tests, then uses its embedded command line as a user would: records a session (a standup added
# through the form in a sheet, its detail pushed, a meeting started past the alert that speech
# recognition is denied, ended early and saved from the alert), replays it verified, and has
# test-gen write a test that compiles and passes in the app's own test target.
set -euo pipefail
cd "$(dirname "$0")/.."

generated=Tests/StandupsFeatureTests/RecordedSessionTests.swift
# The build folder (REFOLD_EXAMPLE_SCRATCH), a work folder and `fail`.
source ../../scripts/example-check.sh

swift build --build-tests "${scratch[@]}"
echo "== the app's tests"
swift test --skip-build "${scratch[@]}" 2>&1 | tee "$work/tests.out"
grep -qE 'Test run with 9 tests in 1 suite passed' "$work/tests.out" \
  || fail "not every test of StandupsTests ran and passed"
bin=$(swift build "${scratch[@]}" --show-bin-path)
tool=$bin/standups-tool

# The run keeps the list in a documents folder of its own, as an app container on a device
# would (Foundation on Linux takes the folder from $XDG_CONFIG_HOME/user-dirs.dirs). The replay
# and test-gen resolve it to another folder, as a Mac would: the log names the file from its
# folder (`file:~documents/standups.json`), so the screens they make still find the list, and
# neither may write there (a replay reads the log, never the app's data).
container() { mkdir -p "$work/$1/config" "$work/$1/documents"; echo "XDG_DOCUMENTS_DIR=$work/$1/documents" >"$work/$1/config/user-dirs.dirs"; }
container device
container mac
file=$work/device/documents/standups.json

echo "== standups-tool: record a session (a standup added in the sheet, its detail pushed, a meeting started without speech recognition, ended early and saved)"
# --uuids incrementing: the standup the form makes is 00000000-0000-0000-0000-000000000000 and
# its empty attendee row …0001, so the next lines can name them. The pushed detail holds that
# element of the shared list (`$standups[id: id]`), written blank: it takes the list's value,
# as a screen a reducer makes does.
standup=00000000-0000-0000-0000-000000000000
cat >"$work/lines" <<LINES
{"list":{"_0":{"addButtonTapped":{}}}}
{"list":{"_0":{"addStandup":{"_0":{"presented":{"_0":{"binding":{"_0":{"title":"Design"}}}}}}}}}
{"list":{"_0":{"addStandup":{"_0":{"presented":{"_0":{"attendeeNameChanged":{"id":"00000000-0000-0000-0000-000000000001","name":"Ana"}}}}}}}}
{"list":{"_0":{"confirmAddButtonTapped":{}}}}
{"path":{"_0":{"push":{"id":0,"state":{"detail":{"_0":{"standup":{"shared":"file:~documents/standups.json[id:\"$standup\"]","value":{"id":"$standup","title":"","duration":5,"attendees":[],"meetings":[]}}}}}}}}}
{"path":{"_0":{"element":{"id":0,"action":{"detail":{"_0":{"startMeetingButtonTapped":{}}}}}}}}
{"path":{"_0":{"element":{"id":0,"action":{"detail":{"_0":{"destination":{"_0":{"presented":{"_0":{"alert":{"_0":{"continueWithoutRecording":{}}}}}}}}}}}}}}
{"path":{"_0":{"element":{"id":1,"action":{"record":{"_0":{"endMeetingButtonTapped":{}}}}}}}}
{"path":{"_0":{"element":{"id":1,"action":{"record":{"_0":{"alert":{"_0":{"presented":{"_0":{"confirmSave":{}}}}}}}}}}}}
LINES
XDG_CONFIG_HOME=$work/device/config "$tool" run standups --wait-each --uuids incrementing --record "$work/standups.log" <"$work/lines" >"$work/state"
state=$(cat "$work/state")
# The meeting (id …0002) is in the list, and the meeting screen has popped itself: one screen left.
[[ "$state" == *'"meetings":[{"id":"00000000-0000-0000-0000-000000000002"'* && "$state" == *'"nextID":2,"elements":[{"id":0,'* && "$state" != *'"record"'* ]] \
  || fail "run gave $state"
grep -q '"id" : "00000000-0000-0000-0000-000000000002"' "$file" || fail "the meeting did not reach the file: $(cat "$file")"
# The tool's speech client says recognition is denied: the read is in the log, and the
# generated test, whose speech client is unimplemented, takes it from there.
grep -q '"draws":\[{"read":{"speechAuthorization":"denied"}}\]' "$work/standups.log" || fail "the speech authorization read was not recorded: $(cat "$work/standups.log")"
grep -q '"popFrom":{"id":1}' "$work/standups.log" || fail "the meeting screen's dismissal was not recorded: $(cat "$work/standups.log")"
grep -q '"shared":"file:~documents\\/standups.json"' "$work/standups.log" || fail "the log does not name the file from its folder: $(head -1 "$work/standups.log")"

echo "== standups-tool: the log replays verified"
verified=$(XDG_CONFIG_HOME=$work/mac/config "$tool" replay "$work/standups.log")
[[ "$verified" == *"verified"* ]] || fail "replay did not verify: $verified"

echo "== standups-tool: test-gen writes a test that passes in StandupsFeatureTests"
XDG_CONFIG_HOME=$work/mac/config "$tool" test-gen "$work/standups.log" >"$generated"
[ -z "$(ls -A "$work/mac/documents")" ] || fail "replay or test-gen wrote the app's data: $(ls -A "$work/mac/documents")"
grep -q 'import StandupsFeature' "$generated" || fail "the generated test does not import the app: $(cat "$generated")"
test=$(sed -n 's/^@Test func \([A-Za-z0-9_]*\)().*/\1/p' "$generated")
[ -n "$test" ] || fail "no test in the generated file: $(cat "$generated")"
swift build --build-tests "${scratch[@]}"
swift test --skip-build "${scratch[@]}" --filter "$test" 2>&1 | tee "$work/generated.out"
grep -q "Test $test() passed" "$work/generated.out" || fail "the generated test $test did not run and pass"
echo "== standups: ok"
