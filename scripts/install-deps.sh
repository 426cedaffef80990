#!/usr/bin/env bash
# Installs what Refold needs from the system, when it is missing: json-c's headers (Debian's
# libjson-c-dev; a fresh machine has only the runtime library). With --for-tests, also what the
# tests use: GNU time (Debian's time), which measures a `refold` run's peak memory, and the
# openssl command (Debian's openssl), which makes the certificates of the tests' TLS servers.
#
#   scripts/install-deps.sh               # make build, make demo
#   scripts/install-deps.sh --for-tests   # make test and the scripts that run the tests
set -euo pipefail

for_tests=false
[ "${1:-}" = "--for-tests" ] && for_tests=true

if [ "$(uname -s)" != "Linux" ]; then
  # Off Linux the event-log codec falls back to Foundation; json-c is not needed, and the
  # tests that measure memory through GNU time are Linux's.
  exit 0
fi

have_json_c() {
  [ -f /usr/include/json-c/json.h ] || [ -f /usr/local/include/json-c/json.h ]
}
have_gnu_time() {
  [ -x /usr/bin/time ]
}
have_openssl() {
  [ -x /usr/bin/openssl ]
}

# The Debian packages to install: json-c's headers, and for the tests GNU time and openssl.
packages=()
have_json_c || packages+=(libjson-c-dev)
$for_tests && ! have_gnu_time && packages+=(time)
$for_tests && ! have_openssl && packages+=(openssl)
[ "${#packages[@]}" -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "refold: missing: ${packages[*]} (Debian's names). Install your distribution's json-c development package (Debian: libjson-c-dev, Fedora: json-c-devel) and, for the tests, GNU time and openssl, then run this again." >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "refold: ${packages[*]} missing and this user cannot install packages. Run as root: apt-get install -y ${packages[*]}" >&2
    exit 1
  fi
fi

echo "refold: installing ${packages[*]}…" >&2
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null; then
  # A fresh machine may have no package lists yet.
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null
fi
have_json_c || { echo "refold: libjson-c-dev installed, but json-c/json.h is still missing" >&2; exit 1; }
! $for_tests || have_gnu_time || { echo "refold: time installed, but /usr/bin/time is still missing" >&2; exit 1; }
! $for_tests || have_openssl || { echo "refold: openssl installed, but /usr/bin/openssl is still missing" >&2; exit 1; }
