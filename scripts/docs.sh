#!/usr/bin/env bash
# Builds the DocC documentation of every target with a catalog (Sources/<target>/Documentation.docc)
# with swift-docc-plugin, and fails on any warning. It works in the debug build's folder
# (.build), so after `make test` the plugin finds every module built and only extracts and
# converts: a folder of its own rebuilt the whole package, most of this stage's time in CI.
#
#   scripts/docs.sh                  # every catalogued target
#   scripts/docs.sh StoreCore Host   # only these
#
# The archives go to .build/docs/<target>.doccarchive, each target's output to
# .build/docs/<target>.log.
#
# A warning fails the run in two ways:
# - DocC's own (a broken symbol link, an undocumented parameter in a `- Parameters:` list…):
#   `--warnings-as-errors` turns them into errors, and the plugin then exits non-zero;
# - any other line that starts with `warning:` (SwiftPM's, the plugin's) is looked for in the
#   output. Compiler warnings in the build (`File.swift:12:5: warning: …`) are not docs
#   warnings and do not fail it.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh

scratch=.build
out="$scratch/docs"
mkdir -p "$out"

if [ "$#" -gt 0 ]; then
  targets=("$@")
else
  # Leaves first, then the modules that depend on them; Store (the umbrella) after its parts.
  targets=()
  for target in Effects JSONCodec StoreCore EventLog Store LogUpload Host; do
    [ -d "Sources/$target/Documentation.docc" ] && targets+=("$target")
  done
fi

# The `warning:` lines of a target's output that are about these docs. SwiftPM's note that a
# *dependency* leaves files unhandled (swift-distributed-tracing's CMakeLists.txt, which Host
# gets through Hummingbird) is about that package, which this one cannot change: it is left
# out. The same note about a file of this package still fails the run.
docs_warnings() {
  grep -E '^warning:' "$1" | while IFS= read -r line; do
    if [[ "$line" =~ ^warning:\ \'([^\']+)\':\ found\ [0-9]+\ file\(s\)\ which\ are\ unhandled ]] \
      && [ -d "$scratch/checkouts/${BASH_REMATCH[1]}" ]; then
      continue
    fi
    echo "$line"
  done
}

failed=()
for target in "${targets[@]}"; do
  if [ ! -d "Sources/$target/Documentation.docc" ]; then
    echo "docs.sh: $target has no catalog (Sources/$target/Documentation.docc)" >&2
    failed+=("$target")
    continue
  fi
  echo "== $target"
  log="$out/$target.log"
  start=$SECONDS
  status=0
  swift package --scratch-path "$scratch" --allow-writing-to-directory "$out" \
    generate-documentation --target "$target" --output-path "$out/$target.doccarchive" \
    --warnings-as-errors >"$log" 2>&1 || status=$?
  warnings=$(docs_warnings "$log" || true)
  if [ "$status" -ne 0 ] || [ -n "$warnings" ]; then
    # What went wrong: DocC's diagnostics, with their source excerpts, or else (the build
    # failed before DocC ran) the end of the output; then the warning lines looked for.
    if grep -q '^Building documentation for' "$log"; then
      sed -n '/^Building documentation for/,$p' "$log" | grep -v 'NSCocoaErrorDomain' >&2
    else
      tail -n 40 "$log" >&2
    fi
    [ -z "$warnings" ] || echo "$warnings" >&2
    echo "docs.sh: $target FAILED (exit $status$([ -n "$warnings" ] && echo ", warnings")); the full output is in $log" >&2
    failed+=("$target")
  else
    tail -n 3 "$log"
    echo "== $target: ok, no warnings ($((SECONDS - start)) s)"
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "docs.sh: failed: ${failed[*]}" >&2
  exit 1
fi
echo "docs.sh: ${#targets[@]} target(s) documented with no warnings: ${targets[*]} (archives in $out)"
