#!/usr/bin/env bash
# What CI does with the example: builds it against Refold's public API only, runs the store
# program, and uses the embedded command line (counter-tool) to record a Counter log and replay
# it with the Counter reducer, as the README's "Embedding" section shows.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build
.build/debug/Counter

tool=.build/debug/counter-tool
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== counter-tool: the built-in features and the embedded one"
# Captured, not piped into `grep -q`: with pipefail, grep's early exit would fail the pipe.
features=$("$tool" features --json)
[[ "$features" == *'"name":"counter"'* ]] || { echo "counter-tool features does not list counter" >&2; exit 1; }

echo "== counter-tool: record a Counter session and replay it"
printf '{"incrementTapped":{}}\n{"incrementTapped":{}}\n{"cancelTapped":{}}\n' \
  | "$tool" run counter --record "$work/counter.log"
replayed=$("$tool" replay "$work/counter.log" --json)
[[ "$replayed" == '{"count":2}' ]] || { echo "replay gave $replayed, not {\"count\":2}" >&2; exit 1; }
verified=$("$tool" replay "$work/counter.log")
[[ "$verified" == *"verified"* ]] || { echo "replay did not verify: $verified" >&2; exit 1; }
inspected=$("$tool" inspect "$work/counter.log")
[[ "$inspected" == *"feature counter"* ]] || { echo "inspect: $inspected" >&2; exit 1; }
echo "== counter-tool: ok"
