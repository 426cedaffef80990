#!/usr/bin/env bash
# A PostgreSQL 15 server of its own for the log store's tests and CI, in a folder, on loopback:
#
#   eval "$(scripts/postgres.sh start DIR)"   # exports REFOLD_TEST_POSTGRES=postgres://…
#   scripts/postgres.sh database DIR NAME     # a new, empty database; prints its URL
#   scripts/postgres.sh restart DIR           # stops the server and starts it again, same port
#   scripts/postgres.sh stop DIR
#
# Installs Debian's postgresql-15 when it is missing. The cluster (DIR/data) belongs to the
# `postgres` user when run as root, since the server refuses to run as root. It listens on
# 127.0.0.1 at a free port and on a socket in DIR, with trust authentication for its one
# database `refold`: nothing outside this machine can reach it, and it goes with DIR.
set -euo pipefail
command=${1:?usage: postgres.sh start|database|restart|stop DIR}
dir=${2:?usage: postgres.sh start|database|restart|stop DIR}
bin=/usr/lib/postgresql/15/bin

if [ ! -x "$bin/initdb" ]; then
  echo "postgres.sh: installing postgresql-15 (apt-get)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y postgresql-15 >&2 || { apt-get update >&2 && apt-get install -y postgresql-15 >&2; }
fi

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The server must not keep the caller's descriptors (beyond 0-2) open: a caller that waits
# for this script through a pipe of its own (Foundation's Process does) would wait forever.
close_inherited() {
  for fd in $(ls /proc/$$/fd); do
    if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
  done
}

case "$command" in
start)
  close_inherited
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    as_owner "$bin/initdb" -D "$dir/data" -U refold --auth=trust --encoding=UTF8 --no-instructions >/dev/null
  fi
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=on" >/dev/null
  as_owner "$bin/createdb" -h "$dir" -p "$port" -U refold refold 2>/dev/null || true
  echo "$port" >"$dir/port"
  echo "export REFOLD_TEST_POSTGRES=postgres://refold@127.0.0.1:$port/refold"
  ;;
database)
  name=${3:?usage: postgres.sh database DIR NAME}
  port=$(cat "$dir/port")
  "$bin/createdb" -h "$dir" -p "$port" -U refold "$name"
  echo "postgres://refold@127.0.0.1:$port/$name"
  ;;
restart)
  close_inherited
  port=$(cat "$dir/port")
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=on" >/dev/null
  ;;
stop)
  if [ -f "$dir/data/postmaster.pid" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null; fi
  ;;
*)
  echo "usage: postgres.sh start|database|restart|stop DIR" >&2
  exit 64
  ;;
esac
