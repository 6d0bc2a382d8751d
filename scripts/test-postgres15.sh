#!/usr/bin/env bash
# Runs the whole test suite against Debian's PostgreSQL 15 (the oldest release we support; the
# embedded one is 18): a throwaway cluster in a temporary folder, removed afterwards. Extra
# arguments go to vitest. Needs the postgresql-15 package (CI installs it).
set -euo pipefail
BIN=${PG15_BIN:-/usr/lib/postgresql/15/bin}
[ -x "$BIN/initdb" ] || { echo "PostgreSQL 15 is not installed ($BIN/initdb): apt-get install -y postgresql-15" >&2; exit 1; }
DIR=$(mktemp -d /tmp/nb-pg15-XXXXXX)
chmod 777 "$DIR"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
cleanup() {
  as_pg "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
as_pg "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C >/dev/null
cat >> "$DIR/data/postgresql.conf" <<CONF
port = $PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR'
max_connections = 300
fsync = off
CONF
as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start >/dev/null
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on port $PORT"
DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" npx vitest run "$@"
