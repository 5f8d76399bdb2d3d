#!/usr/bin/env bash
# Runs every suite: typecheck, lint of the dependency rules, unit and integration (SQLite and PostgreSQL), e2e in Chromium.
# PostgreSQL: TEST_DATABASE_URL, else a throwaway local cluster when Debian's PostgreSQL is installed.
# Chromium: CHROME_PATH, else /usr/bin/chromium, installed from Debian when missing and running as root.
# wrk (the benches' load generator, whose harness has tests of its own): installed from Debian the same way.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n== %s\n' "$*"; }

# Installs Debian package $1, needed by $2, when running as root with apt-get; otherwise says so ($3: another way) and fails.
install_debian_package() {
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "Installing Debian's $1 for $2"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null
  else
    echo "$1 not found: install Debian's '$1' package${3:+ $3} ($2)." >&2
    exit 1
  fi
}

find_chromium() {
  if [ -n "${CHROME_PATH:-}" ]; then
    [ -x "$CHROME_PATH" ] || { echo "CHROME_PATH=$CHROME_PATH is not an executable" >&2; exit 1; }
    return
  fi
  [ -x /usr/bin/chromium ] || install_debian_package chromium "the e2e tests" "or set CHROME_PATH to a Chromium binary"
  export CHROME_PATH=/usr/bin/chromium
}

find_wrk() {
  command -v wrk >/dev/null || install_debian_package wrk "the bench harness's tests, which drive a server with it"
}

PG_DIR=""
stop_postgres() {
  if [ -n "$PG_DIR" ]; then
    run_as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}

run_as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_postgres() {
  if [ -n "${TEST_DATABASE_URL:-}" ]; then return; fi
  local initdb
  initdb=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$initdb" ]; then
    say "WARNING: no PostgreSQL server found (TEST_DATABASE_URL unset, no Debian postgresql installed):"
    echo "   THE POSTGRESQL SUITE IS SKIPPED. Install Debian's 'postgresql' package or set TEST_DATABASE_URL."
    return
  fi
  PG_BIN=$(dirname "$initdb")
  PG_DIR=$(mktemp -d /tmp/baton-pg.XXXXXX)
  [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
  local port
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  run_as_postgres "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
  run_as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-p $port -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  say "Throwaway PostgreSQL cluster on port $port"
}

trap stop_postgres EXIT
find_chromium
find_wrk
start_postgres

# Runs NAME COMMAND pairs side by side, each with its output kept apart and shown once all are done,
# in the order given; fails when any of them failed.
side_by_side() {
  local dir
  dir=$(mktemp -d)
  local -a names=() pids=()
  while [ $# -gt 0 ]; do
    names+=("$1")
    bash -c "$2" >"$dir/${#pids[@]}.log" 2>&1 &
    pids+=($!)
    shift 2
  done
  local failed=0 i
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then say "${names[$i]}"; else say "${names[$i]}: FAILED"; failed=1; fi
    cat "$dir/$i.log"
  done
  rm -rf "$dir"
  return "$failed"
}

# Each of these keeps one core busy at most for much of its run; side by side they keep both.
side_by_side \
  "Typecheck" "pnpm -r --parallel typecheck" \
  "Lint: dependency rules" "pnpm lint" \
  "Build of the console and the server the end-to-end tests use" "pnpm build"

# One after the other: both time real jobs, timers and the browser, and side by side on two cores
# they measured each other's load instead (docs/decisions.md).
say "Unit and integration tests (SQLite${TEST_DATABASE_URL:+ and PostgreSQL})"
pnpm exec vitest run

say "End-to-end tests in Chromium ($CHROME_PATH), against the console and server built above"
pnpm --filter @baton/e2e exec playwright test
