#!/usr/bin/env bash
# What CI does with the search example: builds it against Refold's public products only, runs
# its tests, then uses its embedded command line as a user would, against a real server on
# loopback: records a session, replays it verified, and has test-gen write a test that compiles
# and passes in the example's own test target with no server at all.
set -euo pipefail
cd "$(dirname "$0")/.."

generated=Tests/SearchFeatureTests/RecordedSessionTests.swift
server=""
# The build folder (REFOLD_EXAMPLE_SCRATCH), a work folder and `fail`.
source ../../scripts/example-check.sh

swift build --build-tests "${scratch[@]}"
echo "== the feature's tests"
swift test --skip-build "${scratch[@]}"
bin=$(swift build "${scratch[@]}" --show-bin-path)
tool=$bin/search-tool

echo "== a book server on loopback (python3 -m http.server)"
mkdir -p "$work/www/summary"
# `GET /search?q=…` is served the file `search` whatever the query: the session asks once.
printf '[{"id":1,"title":"Dune","author":"Frank Herbert"},{"id":2,"title":"Dune Messiah","author":"Frank Herbert"}]\n' >"$work/www/search"
printf 'A desert planet, a spice, a prophecy.\n' >"$work/www/summary/1"
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$work/www" >"$work/server.out" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  port=$(sed -n 's/.* port \([0-9]*\) .*/\1/p' "$work/server.out" | head -1)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "${port:-}" ] || fail "the book server did not start: $(cat "$work/server.out")"

echo "== search-tool: record a session (a query, its debounced search, a book's summary)"
printf '{"binding":{"_0":{"query":"dune"}}}\n{"bookTapped":{"_0":1}}\n' \
  | "$tool" run search --wait-each --base-url "http://127.0.0.1:$port" --record "$work/search.log" >"$work/state"
state=$(cat "$work/state")
[[ "$state" == *'"title":"Dune Messiah"'* && "$state" == *'"summary":"A desert planet, a spice, a prophecy."'* ]] \
  || fail "run gave $state"

echo "== search-tool: the log replays verified"
verified=$("$tool" replay "$work/search.log")
[[ "$verified" == *"verified"* ]] || fail "replay did not verify: $verified"

echo "== search-tool: test-gen writes a test that passes in SearchFeatureTests, with the server gone"
kill "$server"
server=""
"$tool" test-gen "$work/search.log" >"$generated"
grep -q 'import SearchFeature' "$generated" || fail "the generated test does not import the feature: $(cat "$generated")"
test=$(sed -n 's/^@Test func \([A-Za-z0-9_]*\)().*/\1/p' "$generated")
[ -n "$test" ] || fail "no test in the generated file: $(cat "$generated")"
swift build --build-tests "${scratch[@]}"
swift test --skip-build "${scratch[@]}" --filter "$test" 2>&1 | tee "$work/generated.out"
grep -q "Test $test() passed" "$work/generated.out" || fail "the generated test $test did not run and pass"
echo "== search: ok"
