#!/usr/bin/env bash
# The shared log store's throughput on this machine: `refold bench`'s W11 and W12, release
# build, against a real PostgreSQL 15 that this script starts on loopback and stops after.
#
#   W11  logs of 1,000 events posted to `refold collect` by 4 uploaders at once, into
#        PostgreSQL, against the same into a folder store (the database's share of the cost);
#   W12  the stored logs checked as a shared run by 2 worker processes, against 1, and against
#        the same logs checked from files by one job with no database (the replay's share).
#
#   scripts/store-throughput.sh                 # 200 logs a round, 5 rounds
#   scripts/store-throughput.sh --quick         # 40 logs a round, 3 rounds
#   LOGS=400 scripts/store-throughput.sh        # 400 logs a round
#
# Any other argument goes to `refold bench` (--json, say). docs/shared-log-store.md quotes a
# run. Wall time on a shared machine moves: compare the rows of one run with each other.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
swift build -c release --product refold >/dev/null
work=$(mktemp -d /tmp/refold-throughput.XXXXXX)
chmod 755 "$work"
cleanup() {
  scripts/postgres.sh stop "$work/postgres" || true
  rm -rf "$work"
}
trap cleanup EXIT
eval "$(scripts/postgres.sh start "$work/postgres")"

arguments=(--workload W11 --workload W12 --store "$REFOLD_TEST_POSTGRES")
[ -n "${LOGS:-}" ] && arguments+=(--operations "$LOGS")
.build/release/refold bench "${arguments[@]}" "$@"
