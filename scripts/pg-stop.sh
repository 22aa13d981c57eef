#!/usr/bin/env bash
# pg-stop.sh DIR -- stop the cluster started by pg-start.sh DIR (pg_ctl stop -m immediate)
# and remove DIR. KEEP_DIR=1 keeps the directory (for reading DIR/postgres.log).
set -uo pipefail

log() { printf '[pg-stop] %s\n' "$*" >&2; }

[[ -n ${1:-} ]] || { echo "usage: $0 DIR" >&2; exit 2; }
[[ -d $1 ]] || { log "$1: no such directory (already stopped?)"; exit 0; }
D=$(cd "$1" && pwd -P)
[[ -f $D/bindir ]] || { log "$D does not look like a pg-start.sh dir (no $D/bindir)"; exit 1; }
BINDIR=$(cat "$D/bindir")

RUN=()
[[ $(id -u) == 0 ]] && RUN=(runuser -u postgres --)
rc=0
if [[ -f $D/data/postmaster.pid ]]; then
    if "${RUN[@]}" "$BINDIR/pg_ctl" stop -D "$D/data" -m immediate -w -t 30 >/dev/null 2>&1; then
        log "stopped the server of $D"
    else
        # pg_ctl missing or stuck: signal the postmaster recorded in postmaster.pid,
        # only if its command line still names this data dir (a recycled PID is never hit)
        pid=$(head -n 1 "$D/data/postmaster.pid" 2>/dev/null)
        if [[ $pid =~ ^[0-9]+$ ]] && tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$D/data"; then
            kill -QUIT "$pid" 2>/dev/null || true
            for _ in $(seq 1 50); do [[ -d /proc/$pid ]] || break; sleep 0.1; done
            [[ -d /proc/$pid ]] && kill -KILL "$pid" 2>/dev/null
            sleep 0.2
            if [[ -d /proc/$pid ]]; then
                log "postmaster $pid STILL running"; rc=1
            else
                log "killed postmaster $pid"
            fi
        else
            log "server of $D not running"
        fi
    fi
else
    log "server of $D not running"
fi

if [[ $rc == 0 && ${KEEP_DIR:-0} != 1 ]]; then
    rm -rf -- "$D"
    log "removed $D"
fi
exit "$rc"
