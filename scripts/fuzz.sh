#!/usr/bin/env bash
# Builds the libFuzzer target (Sources/RefoldFuzz) with AddressSanitizer and runs it on the
# seed corpus. See docs/fuzzing.md.
#
#   scripts/fuzz.sh                     # 90 seconds (what CI runs)
#   scripts/fuzz.sh --seconds 600
#   scripts/fuzz.sh --runs 10000000     # the long run (make fuzz-long)
#   scripts/fuzz.sh --runs 10000000 --jobs 2    # the same inputs split over two processes
#   scripts/fuzz.sh --scratch .build-fuzz-long …   # another build folder, e.g. for a long run
#   scripts/fuzz.sh --build-only
#   scripts/fuzz.sh --seconds 60 -- -jobs=2 -workers=2    # anything after -- goes to libFuzzer
#
# New inputs go to .build-fuzz/corpus (kept between runs, never committed); a crash or a
# finding is written to .build-fuzz/artifacts/ and the script exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=90
runs=""
scratch=.build-fuzz
jobs=1
build_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; runs=""; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --scratch) scratch="$2"; shift 2 ;;
    --build-only) build_only=true; shift ;;
    --) shift; break ;;
    *) echo "usage: scripts/fuzz.sh [--seconds N | --runs N] [--jobs N] [--scratch DIR] [--build-only] [-- libFuzzer flags…]" >&2; exit 2 ;;
  esac
done

./scripts/install-deps.sh

# NB: swiftc keeps only the last -sanitize= it is given, and SwiftPM passes --sanitize=fuzzer
#     and --sanitize=address as two flags: the build would have ASan but no coverage, and
#     libFuzzer would fuzz blind. So SwiftPM gets --sanitize=fuzzer (which also keeps it from
#     renaming `main`, so libFuzzer's is the one linked), and swiftc gets both at once, last.
#     REFOLD_LIBFUZZER drops the target's own `main` (Sources/RefoldFuzz/CorpusRunner.swift).
echo "== building RefoldFuzz (release, libFuzzer + ASan) in $scratch"
build_start=$SECONDS
nice -n 10 swift build -c release --product RefoldFuzz --scratch-path "$scratch" \
  --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DREFOLD_LIBFUZZER
echo "== built in $((SECONDS - build_start)) s"
$build_only && exit 0

mkdir -p "$scratch/corpus" "$scratch/artifacts"
rm -f "$scratch"/artifacts/* "$scratch"/job-*.log

# The Swift runtime's own backtracer would run before ASan's report and take seconds per crash.
export SWIFT_BACKTRACE=enable=no
# LeakSanitizer stays on (libFuzzer checks an input for leaks when its malloc count is off).
export ASAN_OPTIONS="${ASAN_OPTIONS:-handle_abort=1}"

if [ -n "$runs" ]; then
  limit=(-runs=$(((runs + jobs - 1) / jobs)))
else
  limit=(-max_total_time="$seconds")
fi
# -max_len: a few dozen log lines; longer inputs only run slower. Each job is its own process
# on the shared corpus folder, which libFuzzer re-reads for the others' finds (-reload).
echo "== fuzzing with $jobs job(s): ${limit[*]}"
run_start=$SECONDS
for job in $(seq 1 "$jobs"); do
  nice -n 10 "$scratch/release/RefoldFuzz" "$scratch/corpus" Fuzz/Corpus \
    -dict=Fuzz/refold.dict -max_len=4096 -timeout=20 -rss_limit_mb=4096 -reload=30 \
    -artifact_prefix="$scratch/artifacts/" -print_final_stats=1 "${limit[@]}" "$@" >"$scratch/job-$job.log" 2>&1 &
done
status=0
for job in $(seq 1 "$jobs"); do
  wait -n || status=1
done
elapsed=$((SECONDS - run_start))

for log in "$scratch"/job-*.log; do
  grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)|NEW_FUNC|^INFO|^"|Uses:|dictionary' "$log" | sed "s|^|$(basename "$log" .log): |"
done
total=$(cat "$scratch"/job-*.log | sed -n 's/^stat::number_of_executed_units: *//p' | awk '{ n += $1 } END { print n + 0 }')
crashes=$(find "$scratch/artifacts" -type f | wc -l)
echo "== fuzzed $total inputs in $elapsed s ($((total / (elapsed > 0 ? elapsed : 1))) exec/s over $jobs job(s)); crashes: $crashes; corpus: $(ls "$scratch/corpus" | wc -l) files"
if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
  echo "== FAILED: see $scratch/artifacts/ and $scratch/job-*.log (replay an input with: swift run RefoldFuzz <file>)" >&2
  exit 1
fi
