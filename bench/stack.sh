#!/usr/bin/env bash
# The production shape on one machine, on loopback: PostgreSQL and Redis, two
# ASGI web processes (ports 8101 and 8102), a Celery worker and beat, all in
# production mode. A rehearsal of a scaled-out deployment: the load benchmark
# and the fault drills run against it.
#
#   bench/stack.sh start      # migrate, collect static files, start everything; fails
#                             # (stopping what it started) unless every process runs
#                             # and both web processes' /healthz answer ok
#   bench/stack.sh status     # which processes run, /healthz of both web processes
#   bench/stack.sh stop
#   bench/stack.sh restart worker  # one process again (web-8101, worker, beat); its pid
#   bench/stack.sh env        # the environment, for `eval "$(bench/stack.sh env)"`
#
# WEB_SERVER=uvicorn runs the web processes under uvicorn (uvloop, httptools, WEB_WS
# websockets or websockets-sansio; requirements-dev.txt) instead of daphne, to
# measure one against the other (docs/storm.md). The Procfile runs daphne.
set -euo pipefail
cd "$(dirname "$0")/.."

STATE=${STACK_STATE:-bench/.stack}   # pid files and logs; one folder per stack
case "$STATE" in /*) ;; *) STATE=$PWD/$STATE ;; esac
PY=${PY:-.venv/bin/python}   # every process runs with it: web, worker and beat
WEB_PORTS=(${WEB_PORTS:-8101 8102})
DB_NAME=${STACK_DB:-druidsite_stack}
export DJANGO_ENV=production
export SECRET_KEY=${SECRET_KEY:-stack-rehearsal-secret-key-0123456789abcdefghijklmnopqrstuvwxyz}
export ALLOWED_HOSTS=127.0.0.1,localhost
export SITE_URL=${SITE_URL:-http://127.0.0.1:${WEB_PORTS[0]}}
export SECURE_SSL_REDIRECT=false   # loopback has no TLS; a real deployment keeps it on
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/$DB_NAME}
export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379/3}
export STATIC_ROOT=$STATE/static
export DATABASE_POOL_SIZE=${DATABASE_POOL_SIZE:-8}
export LOG_LEVEL=WARNING
export STACK_STATE=$STATE

print_env() {
  for name in DJANGO_ENV SECRET_KEY ALLOWED_HOSTS SITE_URL SECURE_SSL_REDIRECT DATABASE_URL REDIS_URL \
              STATIC_ROOT DATABASE_POOL_SIZE LOG_LEVEL STACK_STATE; do
    printf 'export %s=%q\n' "$name" "${!name}"
  done
}

start_services() {
  pg_isready -q -h 127.0.0.1 -p 5432 || \
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 || \
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
  psql -h 127.0.0.1 -U postgres -tc "SELECT 1 FROM pg_database WHERE datname='$DB_NAME'" \
    | grep -q 1 || psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $DB_NAME"
}

launch() {  # name, command...
  local name=$1; shift
  nohup "$@" >"$STATE/$name.log" 2>&1 &
  echo $! >"$STATE/$name.pid"
}

# The stack's own commands, also used by the fault drills to restart a process.
launch_web() {  # port
  # A listen backlog for a reconnect burst: with Twisted's default of 50, the
  # kernel drops the SYNs of a burst and clients retry after 1, 3, 7 s. And a
  # handshake may wait 30 s to be accepted (daphne's default: 5 s, then it drops
  # it and the client's retry adds to the burst): a burst costs latency, not sockets.
  case "${WEB_SERVER:-daphne}" in
    daphne) launch "web-$1" "$PY" -m daphne \
      -e "tcp:port=$1:interface=127.0.0.1:backlog=${WEB_BACKLOG:-1024}" \
      --websocket_connect_timeout "${WEB_CONNECT_TIMEOUT:-30}" druidsite.asgi:application ;;
    uvicorn) launch "web-$1" "$PY" -m uvicorn --host 127.0.0.1 --port "$1" \
      --backlog "${WEB_BACKLOG:-1024}" --loop uvloop --http httptools --ws "${WEB_WS:-websockets}" \
      --ws-max-size 1048576 --no-proxy-headers --no-access-log --lifespan off \
      --timeout-graceful-shutdown 5 \
      --log-level warning druidsite.asgi:application ;;
    *) echo "stack: WEB_SERVER must be daphne or uvicorn" >&2; exit 2 ;;
  esac
}
launch_worker() {
  launch worker "$PY" -m celery -A druidsite worker --loglevel WARNING --concurrency 2 \
    --hostname "stack@%h"
}
launch_beat() {
  launch beat "$PY" -m celery -A druidsite beat --loglevel WARNING \
    --schedule "$STATE/celerybeat-schedule"
}

fail() {  # message: say what failed, show its log's end, stop everything
  echo "stack: $1" >&2
  for log in "$STATE"/*.log; do
    [ -e "$log" ] || continue
    echo "--- $(basename "$log") (last lines)" >&2; tail -n 5 "$log" >&2
  done
  stop
  exit 1
}

# Every process alive, and both web processes' /healthz ok (which needs a worker
# that ran the heartbeat task and a ticking beat), within STACK_START_SECONDS.
wait_healthy() {
  local deadline=$((SECONDS + ${STACK_START_SECONDS:-60})) pidfile port healthy
  while :; do
    for pidfile in "$STATE"/*.pid; do
      kill -0 "$(cat "$pidfile")" 2>/dev/null || fail "$(basename "$pidfile" .pid) did not start"
    done
    healthy=1
    for port in "${WEB_PORTS[@]}"; do
      curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" || healthy=0
    done
    [ "$healthy" = 1 ] && return 0
    [ "$SECONDS" -lt "$deadline" ] || fail "not healthy within ${STACK_START_SECONDS:-60} s"
    sleep 0.5
  done
}

start() {
  mkdir -p "$STATE"
  ulimit -n "$(ulimit -Hn)"   # thousands of sockets per web process
  [ -x "$PY" ] || { echo "stack: PY=$PY is not an executable Python" >&2; exit 1; }
  start_services
  "$PY" manage.py migrate --noinput -v0
  "$PY" manage.py collectstatic --noinput -v0
  for port in "${WEB_PORTS[@]}"; do launch_web "$port"; done
  launch_worker
  launch_beat
  wait_healthy
  status
}

restart() {  # name: start one process again with its own command (web-PORT, worker, beat)
  mkdir -p "$STATE"
  ulimit -n "$(ulimit -Hn)"
  case "$1" in
    web-*) launch_web "${1#web-}" ;;
    worker) launch_worker ;;
    beat) launch_beat ;;
    *) echo "stack: no process named $1" >&2; exit 2 ;;
  esac
  cat "$STATE/$1.pid"
}

stop() {
  for pidfile in "$STATE"/*.pid; do
    [ -e "$pidfile" ] || continue
    kill "$(cat "$pidfile")" 2>/dev/null || true
    rm -f "$pidfile"
  done
}

status() {
  for pidfile in "$STATE"/*.pid; do
    [ -e "$pidfile" ] || continue
    local name pid
    name=$(basename "$pidfile" .pid); pid=$(cat "$pidfile")
    if kill -0 "$pid" 2>/dev/null; then echo "$name: running (pid $pid)"; else echo "$name: stopped"; fi
  done
  for port in "${WEB_PORTS[@]}"; do
    printf 'web %s /healthz: ' "$port"
    curl -s "http://127.0.0.1:$port/healthz" || echo "no answer"
    echo
  done
}

case "${1:-}" in
  start) start ;;
  restart) restart "${2:?which process: web-PORT, worker or beat}" ;;
  stop) stop ;;
  status) status ;;
  env) print_env ;;
  *) echo "usage: $0 start|stop|status|restart NAME|env" >&2; exit 2 ;;
esac
