#!/usr/bin/env bash
# Writes the fuzzer's seed corpus, Fuzz/Corpus or $1 (docs/fuzzing.md), anew: logs that `refold run`
# and `refold demo` record with effects against the demo backend, then (RefoldFuzz
# --write-corpus) logs recorded by the real Recorder with small intervals, damaged copies of
# the small ones, and JSON texts. The created timestamps change, so commit only on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
swift build --product refold
swift build --product RefoldFuzz
bin=$(swift build --show-bin-path)
out="${1:-Fuzz/Corpus}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Everything but the inputs of fixed findings (fuzz-*), which are kept by hand.
mkdir -p "$out" && find "$out" -maxdepth 1 -type f ! -name 'fuzz-*' -delete

printf '%s\n' '{"binding":{"_0":{"username":"son@example.com"}}}' '{"binding":{"_0":{"password":"password123"}}}' '{"signInTapped":{}}' \
  | "$bin/refold" run signIn --record "$work/signIn.log" --fsync never >/dev/null
printf '%s\n' '{"queryChanged":{"_0":"new"}}' '{"queryChanged":{"_0":"new jeans"}}' \
  | "$bin/refold" run musicSearch --wait-each --record "$work/musicSearch.log" --fsync never >/dev/null
printf '%s\n' '{"onAppear":{}}' '{"userTapped":{"id":1}}' '{"path":{"_0":{"element":{"id":0,"action":{"greetTapped":{}}}}}}' \
  '{"path":{"_0":{"element":{"id":0,"action":{"closeTapped":{}}}}}}' \
  | "$bin/refold" run userList --wait-each --record "$work/userList.log" --fsync never >/dev/null
"$bin/refold" demo --record "$work/demo.log" >/dev/null
for name in signIn musicSearch userList demo; do cp "$work/$name.log" "$out/run-$name.log"; done

"$bin/RefoldFuzz" --write-corpus "$out" "$out"/run-*.log
echo "$(ls "$out" | wc -l) files in $out"
