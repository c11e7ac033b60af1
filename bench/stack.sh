#!/usr/bin/env bash
# The production shape on one machine, on loopback: PostgreSQL and Redis, two
# ASGI web processes (ports 8101 and 8102), a Celery worker and beat, all in
# production mode. A rehearsal of a scaled-out deployment: the load benchmark
# and the fault drills run against it.
#
#   bench/stack.sh start      # migrate, collect static files, start everything
#   bench/stack.sh status     # which processes run, /healthz of both web processes
#   bench/stack.sh stop
#   bench/stack.sh env        # the environment, for `eval "$(bench/stack.sh env)"`
set -euo pipefail
cd "$(dirname "$0")/.."

STATE=bench/.stack
PY=${PY:-.venv/bin/python}
WEB_PORTS=(${WEB_PORTS:-8101 8102})
DB_NAME=${STACK_DB:-druidsite_stack}
export DJANGO_ENV=production
export SECRET_KEY=${SECRET_KEY:-stack-rehearsal-secret-key-0123456789abcdefghijklmnopqrstuvwxyz}
export ALLOWED_HOSTS=127.0.0.1,localhost
export SITE_URL=${SITE_URL:-http://127.0.0.1:${WEB_PORTS[0]}}
export SECURE_SSL_REDIRECT=false   # loopback has no TLS; a real deployment keeps it on
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/$DB_NAME}
export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379/3}
export STATIC_ROOT=$PWD/$STATE/static
export DATABASE_POOL_SIZE=${DATABASE_POOL_SIZE:-8}
export LOG_LEVEL=WARNING

print_env() {
  for name in DJANGO_ENV SECRET_KEY ALLOWED_HOSTS SITE_URL SECURE_SSL_REDIRECT DATABASE_URL REDIS_URL \
              STATIC_ROOT DATABASE_POOL_SIZE LOG_LEVEL; do
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

start() {
  mkdir -p "$STATE"
  ulimit -n "$(ulimit -Hn)"   # thousands of sockets per web process
  start_services
  $PY manage.py migrate --noinput -v0
  $PY manage.py collectstatic --noinput -v0
  for port in "${WEB_PORTS[@]}"; do
    launch "web-$port" $PY -m daphne -b 127.0.0.1 -p "$port" druidsite.asgi:application
  done
  launch worker .venv/bin/celery -A druidsite worker --loglevel WARNING --concurrency 2 \
    --hostname "stack@%h"
  launch beat .venv/bin/celery -A druidsite beat --loglevel WARNING \
    --schedule "$STATE/celerybeat-schedule"
  for port in "${WEB_PORTS[@]}"; do
    for _ in $(seq 1 100); do
      curl -fs "http://127.0.0.1:$port/ping" >/dev/null 2>&1 && break
      sleep 0.2
    done
  done
  status
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
  stop) stop ;;
  status) status ;;
  env) print_env ;;
  *) echo "usage: $0 start|stop|status|env" >&2; exit 2 ;;
esac
