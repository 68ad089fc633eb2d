#!/usr/bin/env bash
# Throwaway PostgreSQL 15 cluster for tests and benchmarks (run as root; the server runs as user postgres).
#   scripts/pg-throwaway.sh start <dir>   -> initdb + start on 127.0.0.1:54329, prints the URL on stdout
#   scripts/pg-throwaway.sh stop  <dir>   -> stops it (the directory is left for the caller to remove)
# <dir> and its parents must be traversable by the postgres user, e.g. dir=$(mktemp -d /tmp/ledger-pg-XXXXXX).
set -euo pipefail

usage() { echo "usage: $0 start|stop <dir>" >&2; exit 2; }
[ $# -eq 2 ] || usage
cmd=$1
dir=$(realpath -m "$2")
D=$dir/data
S=$dir/sock
PORT=${LEDGER_PG_PORT:-54329}
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

case "$cmd" in
  start)
    [ -x "$BIN/initdb" ] || { echo "PostgreSQL 15 binaries not found in $BIN" >&2; exit 1; }
    mkdir -p "$D" "$S"
    chmod 755 "$dir"
    chown postgres "$D" "$S"
    if [ ! -f "$D/PG_VERSION" ]; then
      runuser -u postgres -- "$BIN/initdb" -D "$D" -U postgres -A trust >"$S/initdb.log" 2>&1 \
        || { cat "$S/initdb.log" >&2; exit 1; }
    fi
    runuser -u postgres -- "$BIN/pg_ctl" -D "$D" -l "$S/log" \
      -o "-p $PORT -k $S -c listen_addresses=127.0.0.1" -w start >&2 \
      || { cat "$S/log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    [ -d "$D" ] || { echo "no cluster in $D" >&2; exit 1; }
    runuser -u postgres -- "$BIN/pg_ctl" -D "$D" -m fast -w stop >&2
    ;;
  *) usage ;;
esac
