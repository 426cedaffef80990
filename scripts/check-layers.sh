#!/usr/bin/env bash
# Checks that the package's layers point one way (issue 48), by what the sources import and name:
# - the JSON codec (JSONCodec) sits at the bottom: it imports no other module of the package;
# - no library target imports the sample app, its hosting or the benchmarks;
# - the sample app's reducers import no HTTP stack (their live clients are in LiveClients);
# - the log store (LogStorage) and the PostgreSQL store build without the command line (Host);
# - StoreCore hands commits to a consumer thread knowing nothing of what the event log does with
#   them: checkpoints, fsync and durability are EventLog's words;
# - every target lists in Package.swift each module of the package it imports, and each module
#   an umbrella it lists re-exports (scripts/check-dependencies.py, on `swift package
#   dump-package`): SwiftPM does not rebuild a target against a module it reaches only through
#   another, and the stale build then fails to link.
# Run by `make test` and CI; it reads files and the evaluated manifest, in a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
refuse() {
  echo "check-layers: $1" >&2
  status=1
}

package_modules=$( (find Sources -mindepth 1 -maxdepth 1 -type d -printf '%f\n'; printf '%s\n' Bench BenchWorkloads) | paste -sd'|')
if grep -rnE "^(@testable |public |package |internal |@_exported )?import ($package_modules)\$" Sources/JSONCodec --include='*.swift'; then
  refuse "Sources/JSONCodec imports a module of the package (the lines above): the codec sits below the store and the log"
fi

for target in Effects JSONCodec StoreCore EventLog Store LogStorage LogUpload RefoldHTTP Host LogStorePostgres; do
  if grep -rnE '^(@testable |public |package |internal )?import (Reducers|LiveClients|BuiltinFeatures|Demo|Bench|BenchWorkloads)$' \
    "Sources/$target" --include='*.swift'; then
    refuse "Sources/$target imports the sample app or the benchmarks (the lines above): only refold, the demo and the tests may"
  fi
done

# The seed app's reducers build without an HTTP stack: their live clients are LiveClients'.
if grep -rnE '^(@testable |public |package |internal )?import RefoldHTTP$' Sources/Reducers --include='*.swift'; then
  refuse "Sources/Reducers imports RefoldHTTP (the lines above): the clients' live values belong in Sources/LiveClients"
fi

for target in LogStorage LogStorePostgres; do
  if grep -rnE '^(@testable |public |package |internal )?import Host$' "Sources/$target" --include='*.swift'; then
    refuse "Sources/$target imports Host (the lines above): the log stores sit below the command line"
  fi
done

if grep -rniE 'checkpoint|fsync|durab' Sources/StoreCore --include='*.swift'; then
  refuse "StoreCore names the event log's rules (the lines above): they live in EventLog"
fi

if ! swift package dump-package 2>/dev/null | python3 scripts/check-dependencies.py; then
  refuse "a target reaches a module of the package it does not list (the lines above): list it in Package.swift"
fi

exit "$status"
