#!/usr/bin/env bash
# Runs one test target from an existing build, a few suites per process, each process under a
# watchdog:
#
#   scripts/run-tests.sh StoreTests [the build's options, e.g. --sanitize=thread --scratch-path ...]
#   REFOLD_TEST_SUITES='EffectRuntimeTests|TestStoreTests' scripts/run-tests.sh StoreTests
#
# It runs the built test binary itself (the options find it, as `swift build --show-bin-path`),
# not `swift test --skip-build`: that spent about 7 s a process planning the build it was told
# to skip, against 0.1 s for the binary (measured on a group of 8 tests), and CI starts a few
# hundred such processes.
#
# A group whose output has not grown for $limit seconds is stuck: the watchdog prints every
# thread's backtrace of the stuck test process (gdb) and ends it and its children by their PIDs
# (nothing else). Then (docs/test-stall.md):
# - if the process had printed its final summary ("Test run with N tests … passed/failed"),
#   every test ran and reported, and then the process did not exit: an EXIT HANG, which fails
#   too (something the tests started never ended);
# - otherwise tests never ended, and the watchdog names them (Swift Testing's output is read
#   line by line, so a test that started is seen). If a thread is inside a task's job
#   (`swift_job_run` in its backtrace: a task blocked in a lock, a `recv`, a sleep), it is a
#   HANG; if none is, the process waits for a resumption that never comes: STUCK. Either way
#   the group fails at once and is never run again: every such stall read so far was a hang of
#   the tested code or a dependency's, and each was fixed (docs/test-stall.md).
set -uo pipefail
cd "$(dirname "$0")/.."
target=$1
shift
limit=${REFOLD_TEST_TIME_LIMIT:-120}
chunk=${REFOLD_TEST_CHUNK:-40}

bin=$(swift build --show-bin-path "$@") || { echo "run-tests: swift build --show-bin-path $* failed: are these a build's options?" >&2; exit 64; }
tests=("$bin"/*PackageTests.xctest)
if [ ! -x "${tests[0]}" ]; then
  echo "run-tests: no test binary in $bin: build it first (swift build --build-tests $*)" >&2
  exit 1
fi
# "StoreTests.BindingTests/bindCalls…()" → "BindingTests", counted, in listing order.
# REFOLD_TEST_SUITES (a regular expression) keeps only the suites it matches.
only=${REFOLD_TEST_SUITES:-.*}
# Swift Testing's tests only (the package has no XCTest ones), without colours, as `swift test`
# runs them when its output is not a terminal. A build folder may hold the test binaries of
# two packages (CI builds Examples/Counter in Refold's .build): the target's is the one that
# lists it.
test_binary=""
suites=""
for candidate in "${tests[@]}"; do
  suites=$(NO_COLOR=1 "$candidate" --testing-library swift-testing --list-tests 2>/dev/null \
    | awk -F'[./]' -v t="$target" -v only="^($only)\$" '$1 == t && $2 ~ only { print $2 }' | uniq -c)
  if [ -n "$suites" ]; then
    test_binary=$candidate
    break
  fi
done
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
  # A test outside any suite is listed by its name, parentheses included: escaped, so that the
  # filter below does not read them as an empty group and silently run nothing of it.
  suite=$(printf '%s' "$suite" | sed 's/[][()*+?.^$\\{}|]/\\&/g')
  group="${group:+$group|}$suite"
  count=$((count + n))
done <<<"$suites"
groups+=("$group")

# The processes below `pid`, deepest last.
descendants() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
    echo "$child"
    descendants "$child"
  done
}

# Prints every thread's backtrace of the stuck test process and of its children (and copies
# them to the file `dump`), then ends them.
report_stall() {
  local root=$1 members=$2 dump=$3 pid
  echo "run-tests: $target ($members) printed nothing for ${limit} s: stuck. Every thread of it:" >&2
  for pid in "$root" $(descendants "$root"); do
    [ -r "/proc/$pid/cmdline" ] || continue  # gone meanwhile (a test's short-lived child)
    local command copy=/dev/null
    command=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | cut -c1-200)
    echo "---- pid $pid: $command" >&2
    # Only the test process's threads decide what kind of hang it is, not a `refold` child's.
    case "$command" in *.xctest*) copy=$dump ;; esac
    if command -v gdb >/dev/null 2>&1; then
      timeout 60 gdb -p "$pid" -batch -nx -ex 'set pagination off' -ex 'thread apply all bt' 2>&1 \
        | grep -v '^\[New LWP\|^warning: ' | tee -a "$copy" >&2 || true
    else
      echo "(gdb is not installed: apt-get install -y gdb to see the threads)" >&2
    fi
  done
  # By PID only: another run's test binary of the same name is not ours to end.
  for pid in $(descendants "$root") "$root"; do kill -9 "$pid" 2>/dev/null || true; done
}

# The tests of Swift Testing's output that started and never passed, failed or were skipped.
unfinished_tests() {
  awk '
    match($0, /Test [^ ]+ started\./) { name = substr($0, RSTART + 5, RLENGTH - 14); if (name != "run") open[name] = 1 }
    match($0, /Test [^ ]+ (with [0-9]+ test cases? )?(passed|failed|skipped)/) { split(substr($0, RSTART + 5), words, " "); delete open[words[1]] }
    END { for (name in open) printf "%s ", name; print "" }
  ' "$1"
}

run_group() {
  local members=$1
  # A suite's tests are listed as `Target.Suite/…`; a test outside any suite as `Target.name()`.
  local filter="^$target\\.($members)(/|\$)"
  local output size last_size idle status
  output=$(mktemp)
  # NB: line-buffered: into a file, Swift Testing's output is otherwise written in blocks, and
  #     a stuck process's last lines (the tests it had started) stay in its buffer, unseen.
  NO_COLOR=1 stdbuf -oL -eL "$test_binary" --testing-library swift-testing --filter "$filter" >"$output" 2>&1 &
  local root=$!
  tail -n +1 -f --pid="$root" "$output" &
  local tailer=$!
  last_size=-1
  idle=0
  while kill -0 "$root" 2>/dev/null; do
    sleep 1
    size=$(stat -c %s "$output" 2>/dev/null || echo 0)
    if [ "$size" != "$last_size" ]; then
      last_size=$size
      idle=0
    else
      idle=$((idle + 1))
      if [ "$idle" -ge "$limit" ]; then
        local dump
        dump=$(mktemp)
        report_stall "$root" "$members" "$dump" 2>&1 | grep -v '^During symbol reading\|^warning: ' >&2
        echo "run-tests: started and never ended: $(unfinished_tests "$output")" >&2
        wait "$root" 2>/dev/null
        wait "$tailer" 2>/dev/null
        # Swift Testing's last line, e.g. "✔ Test run with 35 tests in 5 suites passed after …".
        summary=$(grep -a 'Test run with [0-9]* test' "$output" | tail -1)
        rm -f "$output"
        if [ -n "$summary" ]; then
          echo "run-tests: $target ($members): every test had reported ($summary), but the process never exited" >&2
          rm -f "$dump"
          return 126
        fi
        # A thread inside a task's job is a task that blocked: not the platform's empty pool.
        if grep -q 'swift_job_run' "$dump"; then
          rm -f "$dump"
          return 125
        fi
        rm -f "$dump"
        return 124
      fi
    fi
  done
  wait "$root"
  status=$?
  wait "$tailer" 2>/dev/null
  rm -f "$output"
  return "$status"
}

for group in "${groups[@]}"; do
  echo "-- $target: ${group//|/, }"
  run_group "$group"
  status=$?
  [ "$status" -eq 0 ] && continue
  [ "$status" -eq 124 ] && echo "run-tests: STUCK: $target (${group//|/, }) stopped with tests that never ended (named above) and no thread inside a job: a resumption that never came (docs/test-stall.md); failing, not run again." >&2
  [ "$status" -eq 126 ] && echo "run-tests: EXIT HANG: $target (${group//|/, }) ran every test and then did not exit (its threads above): something the tests started never ended; failing, not run again." >&2
  [ "$status" -eq 125 ] && echo "run-tests: HANG: $target (${group//|/, }) stopped with tests pending while a task was blocked inside its job (swift_job_run in the threads above): a hang in the tested code or in a test; failing, not run again." >&2
  exit 1
done
