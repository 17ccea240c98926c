#!/usr/bin/env bash
# Starts or stops a Docker engine for the compose runtime on a machine where none runs and no
# bridge network may be created (CI here): Debian's dockerd as root, without a bridge, iptables or
# IP forwarding. It is stopped by its own pid, nothing else.
#   sudo docker/dockerd.sh start | stop
set -euo pipefail

PIDFILE=${DOCKERD_PIDFILE:-/run/perflab-dockerd.pid}
LOG=${DOCKERD_LOG:-/tmp/perflab-dockerd.log}
SOCKET=/var/run/docker.sock

fail() { echo "dockerd.sh: $*" >&2; exit 1; }

case "${1:-}" in
  start)
    [ "$(id -u)" = 0 ] || fail "run as root"
    command -v dockerd >/dev/null || fail "dockerd is missing: apt-get install -y docker.io"
    if docker info >/dev/null 2>&1; then
      echo "dockerd.sh: a Docker engine already answers; using it"
      exit 0
    fi
    dockerd --bridge=none --iptables=false --ip-forward=false --pidfile "$PIDFILE" -H "unix://$SOCKET" >"$LOG" 2>&1 &
    for _ in $(seq 1 60); do
      if docker info >/dev/null 2>&1; then
        echo "dockerd.sh: dockerd up (pid $(cat "$PIDFILE"), log $LOG)"
        exit 0
      fi
      sleep 1
    done
    tail -5 "$LOG" >&2
    fail "dockerd did not answer within 60 s (log: $LOG)"
    ;;
  stop)
    [ -f "$PIDFILE" ] || { echo "dockerd.sh: no $PIDFILE, nothing to stop"; exit 0; }
    pid=$(cat "$PIDFILE")
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid"
      for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
    rm -f "$PIDFILE"
    echo "dockerd.sh: dockerd (pid $pid) stopped"
    ;;
  *)
    fail "usage: docker/dockerd.sh start|stop"
    ;;
esac
