#!/usr/bin/env bash
# Installs what Refold needs from the system, when it is missing: json-c's headers
# (Debian's libjson-c-dev). A fresh machine has only the runtime library.
set -euo pipefail

have_json_c() {
  [ -f /usr/include/json-c/json.h ] || [ -f /usr/local/include/json-c/json.h ]
}

if [ "$(uname -s)" != "Linux" ]; then
  # Off Linux the event-log codec falls back to Foundation; json-c is not needed.
  exit 0
fi

if have_json_c; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "refold: json-c's headers are missing. Install your distribution's json-c development package (Debian: libjson-c-dev, Fedora: json-c-devel) and run this again." >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "refold: json-c's headers are missing and this user cannot install packages. Run as root: apt-get install -y libjson-c-dev" >&2
    exit 1
  fi
fi

echo "refold: installing libjson-c-dev (json-c headers)…" >&2
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y -qq libjson-c-dev >/dev/null; then
  # A fresh machine may have no package lists yet.
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq libjson-c-dev >/dev/null
fi
have_json_c || { echo "refold: libjson-c-dev installed, but json-c/json.h is still missing" >&2; exit 1; }
