#!/usr/bin/env bash
# Runs one test target from an existing build, a few suites per process, each process under a
# watchdog:
#
#   scripts/run-tests.sh StoreTests [more swift test options, e.g. --sanitize=thread ...]
#
# Why: on the 2-core Linux machines this project runs on, a test process sometimes stops
# running tasks altogether, more often the busier the machine and the more tests share the
# process. Every test still pending waits forever: no thread of the concurrency pool is left
# with work, the main actor's queue is never drained again, and even Swift Testing's own time
# limits never fire (gdb shows libdispatch's manager thread in epoll_wait, the main thread
# parked in _dispatch_sig_thread, and at most idle workers). It happens with the store's tests
# alone, with no test blocking a thread, so it is not one test's lost wake-up.
#
# So the target's suites (from `swift test list`) run in groups of about $chunk tests, each in
# its own process. A group that makes no progress within $limit seconds is killed, reported
# loudly, and run again, up to $attempts times in all. A test failure fails at once.
set -uo pipefail
cd "$(dirname "$0")/.."
target=$1
shift
limit=${REFOLD_TEST_TIME_LIMIT:-120}
attempts=${REFOLD_TEST_ATTEMPTS:-4}
chunk=${REFOLD_TEST_CHUNK:-40}

# "StoreTests.BindingTests/bindCalls…()" → "BindingTests", counted, in listing order.
suites=$(swift test list --skip-build "$@" 2>/dev/null | awk -F'[./]' -v t="$target" '$1 == t { print $2 }' | uniq -c)
if [ -z "$suites" ]; then
  echo "run-tests: no tests of $target in the build (was it built with the same options?)" >&2
  exit 1
fi

groups=()
group=""
count=0
while read -r n suite; do
  if [ -n "$group" ] && [ $((count + n)) -gt "$chunk" ]; then
    groups+=("$group")
    group=""
    count=0
  fi
  group="${group:+$group|}$suite"
  count=$((count + n))
done <<<"$suites"
groups+=("$group")

run_group() {
  local members=$1
  shift
  local filter="^$target\\.($members)/"
  local attempt status
  for attempt in $(seq 1 "$attempts"); do
    timeout -k 10 "$limit" swift test --skip-build --filter "$filter" "$@"
    status=$?
    if [ "$status" -ne 124 ] && [ "$status" -ne 137 ]; then
      return "$status"
    fi
    # swift test's child (the test binary) outlives the timeout: end it too.
    pkill -9 -f "$PWD/\.build[^ ]*/RefoldPackageTests\.xctest" || true
    echo "run-tests: $target ($members) stopped making progress for ${limit} s (attempt $attempt of $attempts)." >&2
  done
  echo "run-tests: it hung $attempts times; failing." >&2
  return 1
}

for group in "${groups[@]}"; do
  echo "-- $target: ${group//|/, }"
  run_group "$group" "$@" || exit 1
done
