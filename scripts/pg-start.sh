#!/usr/bin/env bash
# pg-start.sh [DIR] -- throwaway PostgreSQL cluster for tests.
#
# Runs initdb into DIR (a fresh temp dir when not given), owned by the `postgres`
# system user when run as root (PostgreSQL refuses to run as root). The server
# listens on 127.0.0.1 only, on a free port, with its unix socket inside DIR,
# trust authentication and fsync=off (the data is thrown away). Prints on stdout:
#
#   KOSH_TEST_PG_URL=postgres://postgres@127.0.0.1:PORT/postgres
#   PG_DIR=DIR
#
# so `eval "$(scripts/pg-start.sh)"` works. Progress goes to stderr.
# Stop with: scripts/pg-stop.sh DIR
#
# Environment (optional): PG_BINDIR (server binaries), PG_SKIP_APT=1 (never apt-get),
# PG_START_TIMEOUT (seconds, default 60).
set -Eeuo pipefail

log() { printf '[pg-start] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }
T0=$(date +%s%N)
elapsed() { echo "$(( ($(date +%s%N) - T0) / 1000000 ))ms"; }

# ---------------------------------------------------------------- binaries
find_bindir() {
    local d
    if [[ -n ${PG_BINDIR:-} ]]; then
        [[ -x $PG_BINDIR/initdb && -x $PG_BINDIR/pg_ctl ]] && { echo "$PG_BINDIR"; return 0; }
        return 1
    fi
    if command -v pg_config >/dev/null 2>&1; then
        d=$(pg_config --bindir 2>/dev/null || true)
        [[ -n $d && -x $d/initdb && -x $d/pg_ctl ]] && { echo "$d"; return 0; }
    fi
    # Debian keeps server binaries out of PATH: take the newest major version
    d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    [[ -n $d && -x $d/initdb && -x $d/pg_ctl ]] && { echo "$d"; return 0; }
    return 1
}

if ! BINDIR=$(find_bindir); then
    [[ -z ${PG_BINDIR:-} ]] || die "PG_BINDIR=$PG_BINDIR has no initdb/pg_ctl"
    hint="install Debian's PostgreSQL server: apt-get install postgresql"
    [[ ${PG_SKIP_APT:-0} != 1 ]] || die "PostgreSQL server binaries (initdb, pg_ctl) not found; $hint"
    [[ $(id -u) == 0 ]] || die "PostgreSQL server binaries (initdb, pg_ctl) not found and not root; $hint"
    log "PostgreSQL not found; installing Debian's postgresql package (apt)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >&2 || die "apt-get update failed; $hint"
    apt-get install -y -q postgresql >&2 || die "apt-get install postgresql failed; $hint"
    BINDIR=$(find_bindir) || die "postgresql installed but initdb/pg_ctl still not found; $hint"
    log "installed after $(elapsed)"
fi

# ---------------------------------------------------------------- user
RUN=()
if [[ $(id -u) == 0 ]]; then
    if ! id -u postgres >/dev/null 2>&1; then
        log "creating system user postgres"
        useradd --system --user-group --home-dir /var/lib/postgresql --no-create-home \
            --shell /usr/sbin/nologin postgres || die "could not create the postgres user"
    fi
    command -v runuser >/dev/null 2>&1 || die "runuser not found (Debian package util-linux)"
    RUN=(runuser -u postgres --)
fi
as_pg() { "${RUN[@]}" "$@"; }

# ---------------------------------------------------------------- port
free_port() {
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
    elif command -v node >/dev/null 2>&1; then
        node -e 'const s=require("net").createServer();
            s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
    else
        die "need python3 or node to pick a free port"
    fi
}

# ---------------------------------------------------------------- directory
if [[ -n ${1:-} ]]; then
    D=$1
    mkdir -p "$D"
    [[ -z $(ls -A "$D") ]] || die "$D is not empty (use a fresh dir, or pg-stop.sh it first)"
else
    D=$(mktemp -d "${TMPDIR:-/tmp}/kosh-pg.XXXXXX")
fi
D=$(cd "$D" && pwd -P)
STARTED=0
cleanup_on_error() {
    local rc=$?
    ((rc)) || return 0
    if ((STARTED)); then as_pg "$BINDIR/pg_ctl" stop -D "$D/data" -m immediate >/dev/null 2>&1 || true; fi
    [[ -f $D/postgres.log ]] && { log "---- last lines of $D/postgres.log"; tail -n 20 "$D/postgres.log" >&2 || true; }
    rm -rf -- "$D"
    exit "$rc"
}
trap cleanup_on_error EXIT

echo "$BINDIR" > "$D/bindir"          # pg-stop.sh uses the same binaries and recognises the dir
chmod 700 "$D"
if ((${#RUN[@]})); then chown -R postgres: "$D"; fi
as_pg test -w "$D" || die "$D is not writable by the postgres user (set TMPDIR to a dir it can reach)"

# ---------------------------------------------------------------- initdb
as_pg "$BINDIR/initdb" -D "$D/data" -U postgres -E UTF8 --locale=C --auth=trust --no-sync \
    >"$D/initdb.log" 2>&1 || { cat "$D/initdb.log" >&2; die "initdb failed"; }
as_pg tee -a "$D/data/postgresql.conf" >/dev/null <<EOF

# ---- pg-start.sh: throwaway test cluster
listen_addresses = '127.0.0.1'
unix_socket_directories = '$D'
unix_socket_permissions = 0700
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
as_pg tee "$D/data/pg_hba.conf" >/dev/null <<'EOF'
# pg-start.sh: trust on loopback only (and the socket inside the private 0700 dir)
local all all              trust
host  all all 127.0.0.1/32 trust
EOF

# ---------------------------------------------------------------- start
# the kernel gave the port free a moment ago; if someone takes it before the
# server binds, try again with a new one
for attempt in 1 2 3; do
    PORT=$(free_port)
    STARTED=1
    if as_pg "$BINDIR/pg_ctl" start -D "$D/data" -l "$D/postgres.log" -w -t "${PG_START_TIMEOUT:-60}" \
        -o "-p $PORT" >/dev/null 2>&1; then
        break
    fi
    STARTED=0
    as_pg "$BINDIR/pg_ctl" stop -D "$D/data" -m immediate >/dev/null 2>&1 || true
    grep -q 'could not bind\|already in use' "$D/postgres.log" 2>/dev/null && ((attempt < 3)) \
        || die "postgres did not start (see the log below)"
    log "port $PORT was taken; retrying"
done
echo "$PORT" > "$D/port"

URL="postgres://postgres@127.0.0.1:$PORT/postgres"
log "PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}') ready at 127.0.0.1:$PORT in $D after $(elapsed)"
trap - EXIT
printf 'KOSH_TEST_PG_URL=%s\nPG_DIR=%s\n' "$URL" "$D" | tee "$D/env"
