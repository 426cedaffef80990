#!/usr/bin/env bash
# Runs the devtools page's browser test (Tests/Browser/devtools_test.py) in headless Chromium.
# Installs what is missing: Debian's chromium and chromium-driver, and Selenium from PyPI in a
# virtualenv under .build/browser-venv. Screenshots go to .build/browser-artifacts/.
#
#   scripts/browser-tests.sh                      # against $REFOLD_BIN (default .build/debug/refold)
#   DEVTOOLS_URL=http://127.0.0.1:PORT/?token=T scripts/browser-tests.sh   # against a running server
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT="$(pwd)"
VENV="$ROOT/.build/browser-venv"
export BROWSER_ARTIFACTS="${BROWSER_ARTIFACTS:-$ROOT/.build/browser-artifacts}"
export REFOLD_BIN="${REFOLD_BIN:-$ROOT/.build/debug/refold}"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  fi
fi

apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "browser-tests: missing $*; install them with your distribution's packages and run this again." >&2
    exit 1
  fi
  if [ "$(id -u)" -ne 0 ] && [ -z "$SUDO" ]; then
    echo "browser-tests: missing $* and this user cannot install packages. Run as root: apt-get install -y $*" >&2
    exit 1
  fi
  echo "browser-tests: installing $*…" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! $SUDO apt-get install -y -qq "$@" >/dev/null; then
    # A fresh machine may have no package lists yet.
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "$@" >/dev/null
  fi
}

find_chromium() { command -v chromium || command -v chromium-browser || true; }
find_driver() { command -v chromedriver || { [ -x /usr/bin/chromedriver ] && echo /usr/bin/chromedriver; } || true; }

missing=()
[ -n "$(find_chromium)" ] || missing+=(chromium)
[ -n "$(find_driver)" ] || missing+=(chromium-driver)
if [ "${#missing[@]}" -gt 0 ]; then
  apt_install "${missing[@]}"
fi
export CHROMIUM_BIN="${CHROMIUM_BIN:-$(find_chromium)}"
export CHROMEDRIVER_BIN="${CHROMEDRIVER_BIN:-$(find_driver)}"
[ -n "$CHROMIUM_BIN" ] && [ -n "$CHROMEDRIVER_BIN" ] || {
  echo "browser-tests: chromium or chromedriver is still missing after the install" >&2; exit 1; }

if [ ! -x "$VENV/bin/python" ]; then
  mkdir -p "$ROOT/.build"
  if ! python3 -m venv "$VENV" 2>/dev/null; then
    rm -rf "$VENV"
    apt_install python3-venv
    python3 -m venv "$VENV"
  fi
fi
if ! "$VENV/bin/python" -c "import selenium" 2>/dev/null; then
  echo "browser-tests: installing selenium into $VENV…" >&2
  "$VENV/bin/pip" install -q "selenium>=4.10,<5"
fi

if [ -z "${DEVTOOLS_URL:-}" ] && [ ! -x "$REFOLD_BIN" ]; then
  echo "browser-tests: no refold binary at $REFOLD_BIN (build it, or set REFOLD_BIN or DEVTOOLS_URL)" >&2
  exit 1
fi

mkdir -p "$BROWSER_ARTIFACTS"
# The screenshots of an earlier run go, so that none is taken for this run's.
find "$BROWSER_ARTIFACTS" -maxdepth 1 -name '[0-9][0-9]-*.png' -delete
exec "$VENV/bin/python" "$ROOT/Tests/Browser/devtools_test.py"
