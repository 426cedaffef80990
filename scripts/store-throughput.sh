#!/usr/bin/env bash
# The shared log store's throughput on this machine, with a real PostgreSQL 15 on loopback:
#
#   1. ingest: LOGS logs of 1,000 events each, pushed to `refold collect` by 4 pushers at once,
#      into PostgreSQL, and the same into a folder store (the database's share of the cost);
#   2. check: the stored logs checked as a shared run by 1 worker, then by 2 workers (each a
#      process with one job), and the same logs checked from files with no database.
#
#   scripts/store-throughput.sh            # LOGS=200
#   LOGS=400 scripts/store-throughput.sh
#
# Prints logs per second for each; docs/shared-log-store.md quotes a run. Wall time on a shared
# machine moves: compare the figures of one run with each other, not across runs.
set -euo pipefail
cd "$(dirname "$0")/.."
logs=${LOGS:-200}

swift build -c release --product refold >/dev/null
refold=$PWD/.build/release/refold
work=$(mktemp -d /tmp/refold-throughput.XXXXXX)
chmod 755 "$work"
cleanup() {
  scripts/postgres.sh stop "$work/postgres" || true
  rm -rf "$work"
}
trap cleanup EXIT
eval "$(scripts/postgres.sh start "$work/postgres")"
url=$REFOLD_TEST_POSTGRES

now() { date +%s.%N; }
rate() { python3 -c "import sys; n, a, b = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]); print(f'{n} logs in {b - a:.2f} s: {n / (b - a):.1f} logs/s')" "$@"; }

echo "== making $logs logs of 1,000 events (refold run amountInput --record)"
mkdir -p "$work/logs"
for i in $(seq 1 "$logs"); do
  python3 -c "
import sys
i = int(sys.argv[1])
for n in range(1000):
    print('{\"textChanged\":{\"_0\":\"%d%d\"}}' % (i, n))" "$i" >"$work/actions.jsonl"
  "$refold" run amountInput --actions "$work/actions.jsonl" --record "$work/logs/$i.log" >/dev/null
done
echo "   $(du -sh "$work/logs" | cut -f1) in $logs files"

# Takes every log into STORE through `refold collect`, pushed by 4 pushers at once; prints the
# rate. The server's first line says where it listens.
ingest() {
  local store=$1 key server pid start end
  key=$("$refold" store key add bench --store "$store")
  "$refold" collect --listen 127.0.0.1:0 --store "$store" >"$work/collect.out" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do
    server=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/collect.out" | head -1 || true)
    [ -n "$server" ] && break
    sleep 0.1
  done
  start=$(now)
  ls "$work"/logs/*.log | xargs -n $(((logs + 3) / 4)) -P 4 "$refold" store push --server "$server" --key "$key" >/dev/null
  end=$(now)
  kill "$pid"
  rate "$logs" "$start" "$end"
}

echo "== ingest into PostgreSQL over loopback"
echo "   $(ingest "$url")"

echo "== the same into a folder store (no database)"
echo "   $(ingest "$work/folder-store")"

echo "== check: the logs from files, one job (no database)"
start=$(now); "$refold" check "$work/logs" --jobs 1 >/dev/null || true; end=$(now)
echo "   $(rate "$logs" "$start" "$end")"

echo "== check: a shared run, 1 worker with one job"
start=$(now); "$refold" check --store "$url" --run one-worker --jobs 1 >/dev/null 2>&1 || true; end=$(now)
echo "   $(rate "$logs" "$start" "$end")"

echo "== check: a shared run, 2 workers with one job each"
start=$(now)
"$refold" check --store "$url" --run two-workers --jobs 1 >/dev/null 2>&1 &
first=$!
"$refold" check --store "$url" --run two-workers --jobs 1 >/dev/null 2>&1 || true
wait "$first" || true
end=$(now)
echo "   $(rate "$logs" "$start" "$end")"
