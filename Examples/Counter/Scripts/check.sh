#!/usr/bin/env bash
# What CI does with the example: builds it against Refold's public API only, runs the store
# program, and uses the embedded command line (counter-tool) as a user of it would: it hosts only
# its own feature under its own name, its feature's own client reaches a real HTTP server on
# loopback through --base-url, and the recorded log replays with the Counter reducer. A wrong
# TestStore assertion must fail the test that makes it.
set -euo pipefail
cd "$(dirname "$0")/.."

# REFOLD_COUNTER_SCRATCH: a build folder other than .build (a worktree's own, say, or Refold's
# own .build, where CI builds the example: only its own modules are then left to compile).
scratch_path=${REFOLD_COUNTER_SCRATCH:-.build}
scratch=(--scratch-path "$scratch_path")
# The folder's build plan may be another root package's (scripts/forget-build-plan.sh).
source ../../scripts/forget-build-plan.sh
forget_build_plan "$scratch_path"
trap 'forget_build_plan "$scratch_path"' EXIT
swift build --build-tests "${scratch[@]}"
bin=$(swift build "${scratch[@]}" --show-bin-path)
"$bin/Counter"

echo "== the feature's tests (TestStore and VirtualClock, from the Store product)"
swift test --skip-build "${scratch[@]}"

tool=$bin/counter-tool
work=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
  forget_build_plan "$scratch_path"
}
trap cleanup EXIT
fail() { echo "check.sh: $*" >&2; exit 1; }

echo "== a wrong TestStore assertion fails the user's test (not just a printed note)"
if REFOLD_EXPECT_FAILURE=1 swift test --skip-build "${scratch[@]}" --filter WrongAssertionTests >"$work/wrong" 2>&1; then
  fail "a wrong assertion passed: $(cat "$work/wrong")"
fi
grep -q "aWrongAssertionFailsTheTest() failed" "$work/wrong" || fail "the test did not fail: $(cat "$work/wrong")"
grep -q "A state change does not match expectation" "$work/wrong" \
  || fail "the failure does not say why: $(cat "$work/wrong")"

echo "== counter-tool: only its own feature, its own name, none of refold's commands"
# Captured, not piped into `grep -q`: with pipefail, grep's early exit would fail the pipe.
features=$("$tool" features --json)
[[ "$features" == '[{"name":"counter"'* ]] || fail "features lists more or less than counter: $features"
[[ "$features" != *amountInput* ]] || fail "features lists the built-ins: $features"
help=$("$tool" --help)
[[ "$help" == *"USAGE: counter-tool <subcommand>"* ]] || fail "the help does not say counter-tool: $help"
[[ "$help" != *" demo "* ]] || fail "the help offers refold's demo: $help"
bench_help=$("$tool" bench --help)
[[ "$bench_help" == *"--log <log>"* && "$bench_help" != *"W1"* ]] || fail "bench is not the log's (or offers refold's workloads): $bench_help"
if "$tool" run nope 2>"$work/err"; then fail "an unknown feature was accepted"; fi
[[ "$(cat "$work/err")" == "counter-tool: unknown feature 'nope'; known features: counter" ]] \
  || fail "the error line: $(cat "$work/err")"

echo "== counter-tool: the feature's own client talks to --base-url (a real server on loopback)"
mkdir -p "$work/www/fact"
printf '2 is the only even prime.\n' >"$work/www/fact/2"
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$work/www" >"$work/server.out" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  port=$(sed -n 's/.* port \([0-9]*\) .*/\1/p' "$work/server.out" | head -1)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "${port:-}" ] || fail "the fact server did not start: $(cat "$work/server.out")"

echo "== counter-tool: record a Counter session and replay it"
printf '{"incrementTapped":{}}\n{"incrementTapped":{}}\n{"cancelTapped":{}}\n{"factTapped":{}}\n' \
  | "$tool" run counter --wait-each --base-url "http://127.0.0.1:$port" --record "$work/counter.log" >"$work/state"
[[ "$(cat "$work/state")" == '{"count":2,"fact":"2 is the only even prime."}' ]] || fail "run gave $(cat "$work/state")"
replayed=$("$tool" replay "$work/counter.log" --json)
[[ "$replayed" == '{"count":2,"fact":"2 is the only even prime."}' ]] || fail "replay gave $replayed"
verified=$("$tool" replay "$work/counter.log")
[[ "$verified" == *"verified"* ]] || fail "replay did not verify: $verified"
inspected=$("$tool" inspect "$work/counter.log")
[[ "$inspected" == *"feature counter"* ]] || fail "inspect: $inspected"

echo "== counter-tool: bench --log measures the Counter reducer and its bindings on the recorded log"
bench=$("$tool" bench --log "$work/counter.log" --quick)
[[ "$bench" == "counter: "*" events in "*" action cases, folded "* ]] || fail "bench --log: $bench"
[[ "$bench" == *$'\nfactTapped '* && "$bench" == *$'\nbindings: 2, '* ]] || fail "bench --log by case, with the bindings: $bench"

echo "== counter-tool: without --base-url the client says why it has no fact"
unserved=$(printf '{"factTapped":{}}\n' | "$tool" run counter)
[[ "$unserved" == *'"fact":"no fact: no fact server (give the tool --base-url)"'* ]] || fail "without a server: $unserved"
echo "== counter-tool: a misspelt case is named, though Counter lists no cases (no suggestion then)"
if printf '{"incrementTaped":{}}\n' | "$tool" run counter 2>"$work/err"; then fail "a misspelt case was accepted"; fi
[[ "$(cat "$work/err")" == "counter-tool: stdin:1: 'incrementTaped' is not an action of Counter.Action" ]] \
  || fail "the misspelt case: $(cat "$work/err")"
echo "== counter-tool: folder stores only; postgres:// says what to link (no PostgresNIO, nor swift-crypto's BoringSSL, built)"
mkdir -p "$work/logs"
store_help=$("$tool" store list --help | tr -s ' \n' '  ')
[[ "$store_help" == *"The log store: a folder."* && "$store_help" != *postgres* ]] || fail "--store's help offers more than a folder: $store_help"
for command in check collect; do
  examples=$("$tool" "$command" --help)
  [[ "$examples" == *"counter-tool $command "* && "$examples" != *postgres://* ]] || fail "$command's examples name a store counter-tool lacks: $examples"
done
"$tool" store key add ios --store "$work/logs" >"$work/key" || fail "a folder store: $(cat "$work/key")"
if "$tool" check --store "$work/logs" --run b1 2>"$work/err"; then fail "a shared check of a folder ran"; fi
[[ "$(cat "$work/err")" == *"need a store that workers share (counter-tool links none: link the LogStorePostgres product and add \`logStores: [.postgres]\` to its HostConfiguration)"* ]] \
  || fail "--run on a folder store: $(cat "$work/err")"
if "$tool" store list --store postgres://refold@127.0.0.1/refold 2>"$work/err"; then fail "a postgres:// store was opened"; fi
[[ "$(cat "$work/err")" == "counter-tool: --store postgres://refold@127.0.0.1/refold: counter-tool was built without the PostgreSQL log store: link the LogStorePostgres product and add \`logStores: [.postgres]\` to its HostConfiguration" ]] \
  || fail "postgres:// without the store: $(cat "$work/err")"
# The PostgreSQL store's modules: PostgresNIO and swift-crypto's BoringSSL. (swift-nio-ssl's,
# CNIOBoringSSL, is linked: on Linux the HTTP clients speak https:// through it.) counter-tool
# links none of their objects; and in a build folder of the example's own, none was compiled
# (the build plan names every module of every package in the graph; what was compiled has
# objects). A folder shared with Refold's own build holds them from that build.
linked=$(cat "$bin/counter-tool.product/Objects.LinkFileList")
[[ "$linked" == *"/CNIOBoringSSL.build/"* ]] || fail "the link list of counter-tool is not what this check reads: $bin/counter-tool.product/Objects.LinkFileList"
for module in PostgresNIO CCryptoBoringSSL; do
  [[ "$linked" != *"/$module.build/"* ]] || fail "counter-tool links $module"
  if [ "$scratch_path" = .build ] && [ -n "$(find "$bin/$module.build" -name '*.o' 2>/dev/null | head -1)" ]; then
    fail "counter-tool's build compiled $module, which it does not link"
  fi
done
echo "== counter-tool: ok"
