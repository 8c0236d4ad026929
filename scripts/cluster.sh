#!/usr/bin/env bash
# The production topology on this machine with one command (docs/operations.md, "Cluster"):
#
#   nginx :3500 ──> app 1 :3501, app 2 :3502, ...   (node apps/web/server.ts as npm start runs it, identical)
#                   ├─ PostgreSQL primary :5432 (database tulpar_cluster): writes, signed-in reads, jobs
#                   ├─ PostgreSQL streaming replica :5433: guests' catalogue and car reads (decision 020)
#                   ├─ Redis :3579: rate-limit counters shared by the processes (never evicts)
#                   ├─ Redis :3580: guests' pages shared by the processes (decision 034), bounded, least recently used go
#                   └─ s3rver :3590 (also at /s3/ through nginx): uploaded photos (MEDIA_STORAGE=s3)
#   Prometheus :3599 ──> each app's metrics :3551, :3552, ... (bearer token in .cluster/metrics-token), nginx's
#                        (stub_status :3598 through prometheus-nginx-exporter :3597), the machine's (node exporter
#                        :3596); alert rules deploy/prometheus/alerts.yml (docs/operations.md, "Metrics")
#
#   scripts/cluster.sh start | stop | status       (npm run cluster -- start|stop|status)
#   scripts/cluster.sh start-app N | stop-app N    one app process (the cluster bench kills and restarts one)
#   scripts/cluster.sh deploy                      build, migrate (expand only: decision 031), then drain and restart
#                                                  the apps one at a time behind nginx (docs/operations.md, "Deploys")
#   scripts/cluster.sh restart-replica             pg_ctlcluster restart of the replica
#   scripts/cluster.sh e2e [e2e/x.spec.ts ...]     the e2e journeys against the running cluster (start it with
#                                                  CLUSTER_E2E=1: the journeys' settings, the client as a proxy)
#
# Settings (environment): CLUSTER_APPS (2), CLUSTER_PORT (3500; apps on the next ports), CLUSTER_DB
# (tulpar_cluster), CLUSTER_LISTINGS (20000, seeded when the database has none), CLUSTER_RUN_DIR (.cluster),
# CLUSTER_LOG_LEVEL (info), CLUSTER_REDIS_PORT (3579), CLUSTER_PAGES_REDIS_PORT (3580), CLUSTER_PAGES_REDIS_MB
# (1024: the pages' Redis's bound), CLUSTER_S3_PORT (3590), CLUSTER_REPLICA_PORT (5433),
# CLUSTER_DB_POOL (connections per app process to each database; default 10 shared among the apps),
# CLUSTER_E2E (1: for `e2e`, see app_env), CLUSTER_METRICS_PORT (3550; app N serves its metrics on 3550 + N),
# CLUSTER_PROMETHEUS_PORT (3599; CLUSTER_PROMETHEUS=0 starts no Prometheus).
# Everything runs from Debian's packages (installed when missing) and the project's node_modules. The primary is
# the machine's PostgreSQL at 127.0.0.1:5432; `start` takes a fresh base backup of it for the replica, and
# `stop` removes the replica and its replication slot, so a stopped cluster never makes the primary keep WAL.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
source scripts/lib/env.sh

APPS=${CLUSTER_APPS:-2}
PORT=${CLUSTER_PORT:-3500}
DB=${CLUSTER_DB:-tulpar_cluster}
LISTINGS=${CLUSTER_LISTINGS:-20000}
RUN=${CLUSTER_RUN_DIR:-$ROOT/.cluster}
LOG_LEVEL=${CLUSTER_LOG_LEVEL:-info}
# The apps and both databases share this machine's cores: in all as many connections as one process opens (10).
# Twice that on two cores made each search cost the replica more CPU (docs/performance.md, 2026-11-25 03:30).
POOL=${CLUSTER_DB_POOL:-$(((10 + APPS - 1) / APPS))}
REDIS_PORT=${CLUSTER_REDIS_PORT:-3579}
PAGES_REDIS_PORT=${CLUSTER_PAGES_REDIS_PORT:-3580}
PAGES_REDIS_MB=${CLUSTER_PAGES_REDIS_MB:-1024}
S3_PORT=${CLUSTER_S3_PORT:-3590}
REPLICA_PORT=${CLUSTER_REPLICA_PORT:-5433}
METRICS_BASE=${CLUSTER_METRICS_PORT:-3550}
PROM_PORT=${CLUSTER_PROMETHEUS_PORT:-3599}
NGINX_STATUS_PORT=$((PROM_PORT - 1))
NGINX_EXPORTER_PORT=$((PROM_PORT - 2))
NODE_EXPORTER_PORT=$((PROM_PORT - 3))
PUBLIC_URL=${CLUSTER_PUBLIC_URL:-http://127.0.0.1:$PORT}
PRIMARY="postgres://postgres@127.0.0.1:5432"
REPLICA_CLUSTER=replica
REPLICA_ROLE=tulpar_replica
SLOT=tulpar_replica
[[ "$DB" =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "CLUSTER_DB must be a plain name" >&2; exit 2; }

say() { echo "==> $*"; }
app_port() { echo $((PORT + $1)); }
pid_of() { [ -f "$RUN/pids/$1.pid" ] && cat "$RUN/pids/$1.pid" || true; }
alive() {
  local pid
  pid=$(pid_of "$1")
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}
on_primary() { psql "$PRIMARY/postgres" -v ON_ERROR_STOP=1 -Atqc "$1"; }
pg_version() { ls /etc/postgresql | sort -V | tail -1; }
replica_data_dir() { echo "/var/lib/postgresql/$(pg_version)/$REPLICA_CLUSTER"; }
replica_running() { pg_isready -h 127.0.0.1 -p "$REPLICA_PORT" -q 2>/dev/null; }

wait_until() { # seconds, description, command...
  local seconds=$1 what=$2
  shift 2
  for _ in $(seq 1 $((seconds * 4))); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.25
  done
  echo "$what: not within ${seconds} s" >&2
  return 1
}

# ---- PostgreSQL streaming replica of the primary ------------------------------------------------------------

replica_prepare_primary() {
  on_primary "do \$\$ begin
      if not exists (select from pg_roles where rolname = '$REPLICA_ROLE') then
        create role $REPLICA_ROLE with replication login;
      end if;
    end \$\$"
  local hba
  hba="/etc/postgresql/$(pg_version)/main/pg_hba.conf"
  if ! grep -qE "^host\s+replication\s+$REPLICA_ROLE\s+127\.0\.0\.1/32" "$hba"; then
    # Like the test server's own `trust` lines (scripts/lib/env.sh): local connections of a throwaway machine.
    as_root sed -i "1i host replication $REPLICA_ROLE 127.0.0.1/32 trust" "$hba"
    on_primary "select pg_reload_conf()" >/dev/null
  fi
}

replica_create() {
  local version data conf
  version=$(pg_version)
  data=$(replica_data_dir)
  conf="/etc/postgresql/$version/$REPLICA_CLUSTER"
  if [ ! -f "$conf/postgresql.conf" ]; then
    as_root rm -rf "$conf"
    say "Creating the PostgreSQL $version cluster '$REPLICA_CLUSTER' on port $REPLICA_PORT"
    as_root pg_createcluster "$version" "$REPLICA_CLUSTER" --port "$REPLICA_PORT" >/dev/null
  fi
  as_root tee "$conf/conf.d/tulpar-replica.conf" >/dev/null <<EOF
# Written by scripts/cluster.sh: a hot standby of the local primary for read-only queries.
listen_addresses = '127.0.0.1'
port = $REPLICA_PORT
hot_standby = on
# The primary keeps the rows the replica's queries still read, so replay rarely has to cancel them.
hot_standby_feedback = on
EOF
  if ! grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$conf/pg_hba.conf"; then
    as_root sed -i '1i host all all 127.0.0.1/32 trust' "$conf/pg_hba.conf"
  fi
  # The slot is dropped when the cluster stops, so the replica's old data cannot catch up: start from a new
  # base backup. -R writes standby.signal and primary_conninfo; -C -S creates the slot with the backup.
  as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$REPLICA_CLUSTER" stop >/dev/null 2>&1 || true
  on_primary "select pg_drop_replication_slot('$SLOT') from pg_replication_slots where slot_name = '$SLOT' and not active" >/dev/null
  say "Base backup of the primary into $data ($(on_primary "select pg_size_pretty(sum(pg_database_size(datname))) from pg_database"))"
  local started=$SECONDS
  as_root rm -rf "$data"
  as_root install -d -o postgres -g postgres -m 700 "$data"
  as_root runuser -u postgres -- "/usr/lib/postgresql/$version/bin/pg_basebackup" \
    -h 127.0.0.1 -p 5432 -U "$REPLICA_ROLE" -D "$data" -R -X stream -C -S "$SLOT" --checkpoint=fast
  echo "    base backup took $((SECONDS - started)) s"
}

replica_start() {
  replica_prepare_primary
  if replica_running && [ "$(psql "postgres://postgres@127.0.0.1:$REPLICA_PORT/postgres" -Atqc 'select pg_is_in_recovery()')" = t ]; then
    say "Replica already running on port $REPLICA_PORT"
    return 0
  fi
  local slot
  slot=$(on_primary "select count(*) from pg_replication_slots where slot_name = '$SLOT'")
  if [ "$slot" = 0 ] || [ ! -f "$(replica_data_dir)/standby.signal" ]; then replica_create; fi
  say "Starting the replica on port $REPLICA_PORT"
  as_root pg_ctlcluster --skip-systemctl-redirect "$(pg_version)" "$REPLICA_CLUSTER" start
  wait_until 60 "replica ready" pg_isready -h 127.0.0.1 -p "$REPLICA_PORT" -q
  # Caught up: it has replayed what the primary had written when we asked.
  local lsn
  lsn=$(on_primary "select pg_current_wal_lsn()")
  wait_until 120 "replica caught up" bash -c \
    "[ \"\$(psql postgres://postgres@127.0.0.1:$REPLICA_PORT/postgres -Atqc \"select pg_last_wal_replay_lsn() >= '$lsn'\")\" = t ]"
}

replica_stop() {
  if [ -d "/etc/postgresql/$(pg_version)/$REPLICA_CLUSTER" ]; then
    # Without its slot the copy cannot catch up, so it is removed with the slot (it is as large as the
    # primary); the next start makes a new one.
    say "Stopping and removing the replica"
    as_root pg_dropcluster --stop "$(pg_version)" "$REPLICA_CLUSTER" >/dev/null 2>&1 || true
    # pg_dropcluster leaves the folder when it holds a file of ours (conf.d/tulpar-replica.conf).
    as_root rm -rf "/etc/postgresql/$(pg_version)/$REPLICA_CLUSTER"
  fi
  # A slot nobody reads would make the primary keep its WAL forever.
  on_primary "select pg_drop_replication_slot('$SLOT') from pg_replication_slots where slot_name = '$SLOT' and not active" >/dev/null 2>&1 || true
}

# ---- Redis and the S3 store -----------------------------------------------------------------------------------

# One Redis of the cluster on `port`, unless one answers there: `name` names its pid and log files; the rest are
# redis-server's settings.
redis_instance_start() {
  local name=$1 port=$2 label=$3
  shift 3
  if redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1; then return 0; fi
  say "Starting Redis on port $port ($label)"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no "$@" \
    --pidfile "$RUN/pids/$name.pid" --logfile "$RUN/logs/$name.log" --dir "$RUN"
  wait_until 10 "$name" redis-cli -h 127.0.0.1 -p "$port" ping
}

redis_instance_stop() {
  local name=$1 port=$2
  [ -f "$RUN/pids/$name.pid" ] || return 0
  say "Stopping $name"
  redis-cli -h 127.0.0.1 -p "$port" shutdown nosave >/dev/null 2>&1 || true
  rm -f "$RUN/pids/$name.pid"
}

# Two: the rate limits' counters must never be evicted; the guests' pages fill whatever they are given (every car
# page rendered within its hour), so theirs is bounded and drops the least recently used (docs/operations.md,
# "Guests' page cache"). The app warns at start when the pages' Redis has no such bound.
redis_start() {
  command -v redis-server >/dev/null 2>&1 || { as_root apt-get update -qq && as_root apt-get install -y -qq redis-server >/dev/null; }
  redis_instance_start redis "$REDIS_PORT" "rate limits"
  redis_instance_start redis-pages "$PAGES_REDIS_PORT" "guests' pages, ${PAGES_REDIS_MB} MB, least recently used evicted" \
    --maxmemory "${PAGES_REDIS_MB}mb" --maxmemory-policy allkeys-lru
}

s3_start() {
  if alive s3rver; then return 0; fi
  say "Starting s3rver (S3 API) on port $S3_PORT, bucket 'media' in $RUN/s3"
  mkdir -p "$RUN/s3"
  nohup node node_modules/s3rver/bin/s3rver.js -d "$RUN/s3" -a 127.0.0.1 -p "$S3_PORT" --no-vhost-buckets --configure-bucket media \
    >>"$RUN/logs/s3rver.log" 2>&1 &
  echo $! >"$RUN/pids/s3rver.pid"
  wait_until 20 "s3rver" curl -fsS -o /dev/null "http://127.0.0.1:$S3_PORT/media/"
}

# ---- The database and the app processes -----------------------------------------------------------------------

app_env() {
  mkdir -p "$RUN"
  # nginx is the one proxy the app believes. For the e2e journeys (CLUSTER_E2E=1 at start) the test client counts as
  # one more, as in e2e/global-setup.ts: its API calls name their own address (e2e/client-ip.ts), so the journeys do
  # not all share 127.0.0.1's sign-in limits; and the journeys' settings (app links, a report's delay) are set.
  local TRUST_HOPS=1
  [ "${CLUSTER_E2E:-}" = 1 ] && TRUST_HOPS=2
  [ -f "$RUN/auth-secret" ] || (umask 077 && openssl rand -base64 48 | tr -d '\n' >"$RUN/auth-secret")
  # Prometheus reads the same file (credentials_file): the token never appears on a command line.
  [ -f "$RUN/metrics-token" ] || (umask 077 && openssl rand -hex 32 | tr -d '\n' >"$RUN/metrics-token")
  # The cluster is a machine to try things on: the SMS outbox, the local identity provider and the local checkout
  # are on, which a server on PostgreSQL refuses without the loud setting (anyone can sign in as anyone; issue 35).
  cat <<EOF
NODE_ENV=production
HOST=127.0.0.1
PUBLIC_URL=$PUBLIC_URL
DATABASE_URL=$PRIMARY/$DB
DATABASE_REPLICA_URL=postgres://postgres@127.0.0.1:$REPLICA_PORT/$DB
REDIS_URL=redis://127.0.0.1:$REDIS_PORT
PAGE_CACHE_REDIS_URL=redis://127.0.0.1:$PAGES_REDIS_PORT
MEDIA_STORAGE=s3
S3_ENDPOINT=http://127.0.0.1:$S3_PORT
S3_BUCKET=media
S3_ACCESS_KEY_ID=S3RVER
S3_SECRET_ACCESS_KEY=S3RVER
S3_PATH_STYLE=true
S3_PUBLIC_URL=$PUBLIC_URL/s3/media
AUTH_SECRET=$(cat "$RUN/auth-secret")
METRICS_TOKEN=$(cat "$RUN/metrics-token")
TRUST_PROXY_HOPS=$TRUST_HOPS
DATA_DIR=$RUN/data
SEED_ON_EMPTY=false
LOG_LEVEL=$LOG_LEVEL
DATABASE_POOL_SIZE=$POOL
UNSAFE_DEMO_STANDINS_ON_POSTGRES=i-understand-anyone-can-sign-in-as-anyone
DEV_OUTBOX=true
LOCAL_ID_PROVIDER=true
PAYMENT_PROVIDER=local
PUSH_GATEWAY=outbox
EOF
  if [ "${CLUSTER_E2E:-}" = 1 ]; then
    cat <<EOF
REPORT_DELAY_SECONDS=2
ANDROID_CERT_SHA256=00:07:0e:15:1c:23:2a:31:38:3f:46:4d:54:5b:62:69:70:77:7e:85:8c:93:9a:a1:a8:af:b6:bd:c4:cb:d2:d9
APPLE_TEAM_ID=E2ETEAM123
EOF
  fi
}

database_prepare() {
  if [ "$(on_primary "select count(*) from pg_database where datname = '$DB'")" = 0 ]; then
    say "Creating database $DB on the primary"
    on_primary "create database $DB"
  fi
  local n
  n=$(psql "$PRIMARY/$DB" -Atqc "select count(*) from listings" 2>/dev/null || echo 0)
  if [ "$n" = 0 ]; then
    say "Seeding $LISTINGS listings into $DB (migrations, reference data, demo listings)"
    (set -a && source "$RUN/app.env" && set +a && node apps/api/src/db/seed/cli.ts --listings "$LISTINGS" --no-photos) \
      | grep -vE '^\s*$' | tail -3
    psql "$PRIMARY/$DB" -qc "vacuum (analyze)"
  else
    # Migrations of a newer checkout: the first app applies them under the start-up lock.
    say "Database $DB has $n listings"
  fi
}

app_start() {
  local i=$1 port
  port=$(app_port "$i")
  if alive "app$i"; then
    echo "app $i already runs (pid $(pid_of "app$i"))"
    return 0
  fi
  say "Starting app $i on port $port"
  (
    set -a && source "$RUN/app.env" && set +a
    # Each process names its connections, so pg_stat_activity (and the cluster bench) can tell them apart.
    DATABASE_URL="$DATABASE_URL?application_name=tulpar-app$i" \
      DATABASE_REPLICA_URL="$DATABASE_REPLICA_URL?application_name=tulpar-app$i" \
      PORT=$port METRICS_PORT=$((METRICS_BASE + i)) nohup node --import ./apps/api/src/resolve-hooks.ts apps/web/server.ts >>"$RUN/logs/app$i.log" 2>&1 &
    echo $! >"$RUN/pids/app$i.pid"
  )
  wait_until 120 "app $i ready at :$port" curl -fsS -o /dev/null "http://127.0.0.1:$port/api/readyz"
}

# SIGTERM drains the app (apps/api/src/shutdown.ts): requests in flight get SHUTDOWN_GRACE_SECONDS (20), its jobs
# 10 s more; killed only past that and a margin.
app_stop() {
  local i=$1 pid
  pid=$(pid_of "app$i")
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 160); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    if kill -0 "$pid" 2>/dev/null; then
      echo "app $i (pid $pid) did not drain within 40 s: killed" >&2
      kill -KILL "$pid"
    fi
  fi
  rm -f "$RUN/pids/app$i.pid"
}

# ---- nginx ----------------------------------------------------------------------------------------------------

NGINX_FAIL_TIMEOUT=5

nginx_conf() {
  local servers="" i
  for i in $(seq 1 "$APPS"); do
    # Passive health: 3 failures within 5 s take a process out for 5 s; it is then tried again (a deploy waits for
    # that before draining the next app: cmd_deploy).
    servers+="    server 127.0.0.1:$(app_port "$i") max_fails=3 fail_timeout=${NGINX_FAIL_TIMEOUT}s;"$'\n'
  done
  local user=""
  # Workers drop root; they only write their temporary files.
  if [ "$(id -u)" -eq 0 ]; then user="user www-data;"; fi
  cat <<EOF
# Generated by scripts/cluster.sh; edits are lost on the next start.
$user
worker_processes 1;
pid $RUN/pids/nginx.pid;
error_log $RUN/logs/nginx-error.log warn;
events { worker_connections 4096; }

http {
  access_log $RUN/logs/nginx-access.log combined buffer=64k flush=1s;
  client_body_temp_path $RUN/nginx/tmp/body;
  proxy_temp_path $RUN/nginx/tmp/proxy;
  fastcgi_temp_path $RUN/nginx/tmp/fastcgi;
  uwsgi_temp_path $RUN/nginx/tmp/uwsgi;
  scgi_temp_path $RUN/nginx/tmp/scgi;
  # The app bounds every body itself; this only has to let a listing's photos through (20 x 15 MB).
  client_max_body_size 310m;

  upstream tulpar_app {
$servers    # Idle connections kept open to the apps (nginx closes them before Node's 72 s keep-alive does).
    keepalive 64;
    keepalive_timeout 60s;
    keepalive_requests 100000;
  }
  upstream tulpar_s3 {
    server 127.0.0.1:$S3_PORT;
    keepalive 8;
  }

  # nginx's own counters for prometheus-nginx-exporter, on a local port of their own.
  server {
    listen 127.0.0.1:$NGINX_STATUS_PORT;
    location = /stub_status { stub_status; }
    location / { return 404; }
  }

  server {
    listen 127.0.0.1:$PORT;

    location / {
      proxy_pass http://tulpar_app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      # The app believes one proxy (TRUST_PROXY_HOPS=1): the last address here is the client's.
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      # One id in nginx's and the app's logs (the app keeps a well-formed incoming x-request-id).
      proxy_set_header X-Request-Id \$request_id;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      # A process that dies or refuses: the request goes to the next one. nginx never retries a POST, PATCH
      # or other non-idempotent request once it was sent (no "non_idempotent" here), so no write happens twice.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;
    }

    # The S3 store, for photos' public URLs (S3_PUBLIC_URL): same origin as the pages.
    location /s3/ {
      proxy_pass http://tulpar_s3/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host 127.0.0.1:$S3_PORT;
      limit_except GET HEAD { deny all; }
    }
  }
}
EOF
}

nginx_start() {
  ensure_nginx
  mkdir -p "$RUN/nginx/tmp"
  nginx_conf >"$RUN/nginx/nginx.conf"
  if [ "$(id -u)" -eq 0 ]; then chown -R www-data "$RUN/nginx/tmp"; fi
  nginx -t -q -p "$RUN/nginx" -c "$RUN/nginx/nginx.conf" -e "$RUN/logs/nginx-error.log"
  if alive nginx; then
    nginx -s reload -p "$RUN/nginx" -c "$RUN/nginx/nginx.conf" -e "$RUN/logs/nginx-error.log"
  else
    say "Starting nginx on port $PORT"
    nginx -p "$RUN/nginx" -c "$RUN/nginx/nginx.conf" -e "$RUN/logs/nginx-error.log"
  fi
  wait_until 10 "nginx" curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/readyz"
}

# QUIT: nginx's graceful stop (its workers finish the requests they have).
nginx_stop() { stop_pidfile nginx QUIT; }

# ---- Prometheus ----------------------------------------------------------------------------------------------

# Debian's Prometheus and its exporters for nginx and the machine, installed when missing; their services are not
# started by the package (apt_install_without_services, scripts/lib/env.sh): the cluster runs its own.
ensure_prometheus() {
  local missing=()
  command -v prometheus >/dev/null 2>&1 || missing+=(prometheus)
  command -v prometheus-nginx-exporter >/dev/null 2>&1 || missing+=(prometheus-nginx-exporter)
  command -v prometheus-node-exporter >/dev/null 2>&1 || missing+=(prometheus-node-exporter)
  [ ${#missing[@]} -eq 0 ] && return 0
  say "Installing ${missing[*]} (Debian)"
  apt_install_without_services "${missing[@]}" 2>&1 | tail -3 >&2 || true
  command -v prometheus >/dev/null 2>&1
}

prometheus_conf() {
  local targets="" i
  for i in $(seq 1 "$APPS"); do targets+="'127.0.0.1:$((METRICS_BASE + i))', "; done
  cat <<EOF
# Generated by scripts/cluster.sh in the shape of deploy/prometheus/prometheus.yml; edits are lost on the next start.
global:
  scrape_interval: 15s
  evaluation_interval: 15s
rule_files:
  - $ROOT/deploy/prometheus/alerts.yml
  - $ROOT/deploy/pgbackrest/backup-alerts.yml
scrape_configs:
  - job_name: tulpar-app
    authorization:
      type: Bearer
      credentials_file: $RUN/metrics-token
    static_configs:
      - targets: [${targets%, }]
  - job_name: nginx
    static_configs:
      - targets: ['127.0.0.1:$NGINX_EXPORTER_PORT']
  - job_name: node
    static_configs:
      - targets: ['127.0.0.1:$NODE_EXPORTER_PORT']
  - job_name: prometheus
    static_configs:
      - targets: ['127.0.0.1:$PROM_PORT']
EOF
}

prometheus_start() {
  [ "${CLUSTER_PROMETHEUS:-1}" = 0 ] && return 0
  if ! ensure_prometheus; then
    say "Prometheus is not installed and cannot be (no root?): the cluster runs without it"
    return 0
  fi
  mkdir -p "$RUN/prometheus/data"
  prometheus_conf >"$RUN/prometheus/prometheus.yml"
  promtool check config "$RUN/prometheus/prometheus.yml" >/dev/null
  if command -v prometheus-nginx-exporter >/dev/null 2>&1 && ! alive nginx-exporter; then
    nohup prometheus-nginx-exporter -nginx.scrape-uri "http://127.0.0.1:$NGINX_STATUS_PORT/stub_status" \
      -web.listen-address "127.0.0.1:$NGINX_EXPORTER_PORT" >>"$RUN/logs/nginx-exporter.log" 2>&1 &
    echo $! >"$RUN/pids/nginx-exporter.pid"
  fi
  if command -v prometheus-node-exporter >/dev/null 2>&1 && ! alive node-exporter; then
    # Its textfile collector reads the backups' outcome (scripts/backup/pg-backup.sh writes backup.prom there), for
    # the backup alerts (deploy/pgbackrest/backup-alerts.yml): a failed backup is a metric and an alert, never silent.
    mkdir -p "${BACKUP_STATUS_DIR:=$RUN/backup-status}"
    nohup prometheus-node-exporter --web.listen-address="127.0.0.1:$NODE_EXPORTER_PORT" \
      --collector.textfile.directory="$BACKUP_STATUS_DIR" \
      >>"$RUN/logs/node-exporter.log" 2>&1 &
    echo $! >"$RUN/pids/node-exporter.pid"
  fi
  if alive prometheus; then
    kill -HUP "$(pid_of prometheus)"
  else
    say "Starting Prometheus on port $PROM_PORT"
    nohup prometheus --config.file="$RUN/prometheus/prometheus.yml" --storage.tsdb.path="$RUN/prometheus/data" \
      --storage.tsdb.retention.time=7d --web.listen-address="127.0.0.1:$PROM_PORT" \
      >>"$RUN/logs/prometheus.log" 2>&1 &
    echo $! >"$RUN/pids/prometheus.pid"
  fi
  wait_until 30 "Prometheus" curl -fsS -o /dev/null "http://127.0.0.1:$PROM_PORT/-/ready"
}

# Stops the process a pid file names with a signal (TERM unless given), waits up to 10 s for it to go.
stop_pidfile() {
  local name=$1 signal=${2:-TERM} pid
  pid=$(pid_of "$name")
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    say "Stopping $name"
    kill "-$signal" "$pid"
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
  fi
  rm -f "$RUN/pids/$name.pid"
}

# ---- Commands -------------------------------------------------------------------------------------------------

cmd_start() {
  local started=$SECONDS
  ensure_node24
  ensure_deps
  ensure_postgres >/dev/null
  mkdir -p "$RUN/pids" "$RUN/logs" "$RUN/data"
  app_env >"$RUN/app.env"
  chmod 600 "$RUN/app.env"
  ensure_build
  redis_start
  s3_start
  database_prepare
  replica_start
  # One at a time: the first applies migrations; each is ready before nginx sends it anything.
  for i in $(seq 1 "$APPS"); do app_start "$i"; done
  nginx_start
  prometheus_start
  say "Cluster ready at $PUBLIC_URL in $((SECONDS - started)) s ($APPS app processes; logs in $RUN/logs)"
  cmd_status
}

cmd_stop() {
  stop_pidfile prometheus
  stop_pidfile nginx-exporter
  stop_pidfile node-exporter
  nginx_stop
  for f in "$RUN"/pids/app*.pid; do
    [ -e "$f" ] || continue
    local i
    i=$(basename "$f" .pid)
    say "Stopping app ${i#app}"
    app_stop "${i#app}"
  done
  stop_pidfile s3rver
  redis_instance_stop redis "$REDIS_PORT"
  redis_instance_stop redis-pages "$PAGES_REDIS_PORT"
  replica_stop
}

cmd_status() {
  local i port
  printf '%-10s %-7s %s\n' PART STATE DETAIL
  if alive nginx; then
    printf '%-10s %-7s %s\n' nginx up "$PUBLIC_URL -> $(curl -fsS "http://127.0.0.1:$PORT/api/readyz" 2>&1 || true)"
  else printf '%-10s %-7s\n' nginx down; fi
  for f in "$RUN"/pids/app*.pid; do
    [ -e "$f" ] || continue
    i=$(basename "$f" .pid)
    i=${i#app}
    port=$(app_port "$i")
    if alive "app$i"; then
      printf '%-10s %-7s %s\n' "app $i" up ":$port pid $(pid_of "app$i") $(curl -fsS "http://127.0.0.1:$port/api/readyz" 2>&1 || true)"
    else printf '%-10s %-7s %s\n' "app $i" down ":$port"; fi
  done
  if replica_running; then
    printf '%-10s %-7s %s\n' replica up ":$REPLICA_PORT $(on_primary "select 'state=' || state || ' replay lag=' || coalesce(pg_size_pretty(pg_wal_lsn_diff(sent_lsn, replay_lsn)), '?') from pg_stat_replication where application_name = '$REPLICA_CLUSTER' or usename = '$REPLICA_ROLE' limit 1" 2>/dev/null || true)"
  else printf '%-10s %-7s %s\n' replica down ":$REPLICA_PORT"; fi
  if redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; then printf '%-10s %-7s %s\n' redis up ":$REDIS_PORT"
  else printf '%-10s %-7s %s\n' redis down ":$REDIS_PORT"; fi
  if redis-cli -h 127.0.0.1 -p "$PAGES_REDIS_PORT" ping >/dev/null 2>&1; then
    printf '%-10s %-7s %s\n' pages up ":$PAGES_REDIS_PORT $(redis-cli -h 127.0.0.1 -p "$PAGES_REDIS_PORT" info memory | tr -d '\r' | sed -n 's/^used_memory_human:/used /p; s/^maxmemory_human:/of /p' | tr '\n' ' ')"
  else printf '%-10s %-7s %s\n' pages down ":$PAGES_REDIS_PORT"; fi
  if alive s3rver; then printf '%-10s %-7s %s\n' s3rver up ":$S3_PORT"; else printf '%-10s %-7s %s\n' s3rver down ":$S3_PORT"; fi
  if alive prometheus; then
    printf '%-10s %-7s %s\n' prometheus up ":$PROM_PORT, targets up: $(curl -fsS "http://127.0.0.1:$PROM_PORT/api/v1/query?query=sum(up)" 2>/dev/null | sed -n 's/.*"value":\[[^,]*,"\([0-9]*\)".*/\1/p')"
  else printf '%-10s %-7s %s\n' prometheus down ":$PROM_PORT"; fi
}

# A deploy of the checkout onto the running cluster (docs/operations.md, "Deploys"): the build, the migrations
# (written to be compatible with the release still running: decision 031), then each app in turn drained (SIGTERM:
# no new connections, requests in flight finish, live streams told to reconnect) and started again, ready before
# the next one goes (and nginx's passive health has let it back in); nginx sends new requests to the others
# meanwhile. MIGRATIONS_DIR, when set, is the migrations
# folder (the cluster bench's deploy adds a throwaway one). CLUSTER_DEPLOY_BUILD=0 skips the build.
cmd_deploy() {
  local started=$SECONDS step i
  ensure_node24
  if [ ! -f "$RUN/app.env" ] || ! alive nginx; then
    echo "start the cluster first" >&2
    exit 1
  fi
  if [ "${CLUSTER_DEPLOY_BUILD:-1}" = 1 ]; then
    step=$SECONDS
    say "Building"
    # The release still running rendered pages that name its own scripts (hashed file names): they are kept beside the
    # new ones, so a page opened before the deploy still loads its code afterwards instead of a 404 until a reload.
    local assets=apps/web/build/client/assets kept="$RUN/previous-assets"
    rm -rf "$kept" && mkdir -p "$kept"
    [ -d "$assets" ] && cp -a "$assets/." "$kept/"
    npm run build 2>&1 | tail -2
    cp -an "$kept/." "$assets/" || true
    echo "    build took $((SECONDS - step)) s (the previous release's $(find "$kept" -type f | wc -l) asset files kept)"
  fi
  step=$SECONDS
  say "Applying migrations${MIGRATIONS_DIR:+ from $MIGRATIONS_DIR} (the running apps keep serving: decision 031)"
  (set -a && source "$RUN/app.env" && set +a && node apps/api/src/db/cli-migrate.ts) 2>&1 | tail -3
  echo "    migrations took $((SECONDS - step)) s"
  for i in $(seq 1 "$APPS"); do
    step=$SECONDS
    say "Draining app $i (pid $(pid_of "app$i"))"
    app_stop "$i"
    echo "    drained in $((SECONDS - step)) s"
    app_start "$i"
    echo "    app $i restarted and ready in $((SECONDS - step)) s"
    # While it was down nginx took it out of the rotation (3 refused connections: passive health) for
    # NGINX_FAIL_TIMEOUT at a time, and tries it again only once that lapses. Draining the next app before then
    # leaves nginx no live upstream: the first measure of this deploy had 55,334 of 95,182 requests answered 502 "no
    # live upstreams". (Marking the app down by a reload of nginx instead closes the clients' idle kept-alive
    # connections: 4 socket errors in the second measure.)
    if [ "$i" -lt "$APPS" ]; then
      echo "    waiting $((NGINX_FAIL_TIMEOUT + 1)) s for nginx to take app $i back"
      sleep $((NGINX_FAIL_TIMEOUT + 1))
    fi
  done
  say "Deployed in $((SECONDS - started)) s"
}

# The journeys of e2e/ against the running cluster (e2e/global-setup.ts starts no server when E2E_BASE_URL is
# set); their admin is made here with the CLI, on the cluster's database.
cmd_e2e() {
  ensure_node24
  ensure_chromium
  [ -f "$RUN/app.env" ] || { echo "start the cluster first" >&2; exit 1; }
  [ -f "$RUN/e2e-admin-password" ] || (umask 077 && openssl rand -hex 12 >"$RUN/e2e-admin-password")
  local email=e2e-admin@tulpar.kz password
  password=$(cat "$RUN/e2e-admin-password")
  (set -a && source "$RUN/app.env" && set +a &&
    node apps/api/src/cli-admin-create.ts --email="$email" --password="$password")
  # E2E_APP_PROCESSES: each process keeps its own page cache, so a guest's repeat may reach one that has not yet.
  E2E_BASE_URL=$PUBLIC_URL E2E_ADMIN_EMAIL=$email E2E_ADMIN_PASSWORD=$password E2E_APP_PROCESSES=$APPS \
    npx vitest run --project e2e "$@"
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  start-app) ensure_node24 && app_start "${2:?start-app N}" ;;
  stop-app) app_stop "${2:?stop-app N}" ;;
  deploy) cmd_deploy ;;
  restart-replica)
    say "Restarting the replica"
    as_root pg_ctlcluster --skip-systemctl-redirect "$(pg_version)" "$REPLICA_CLUSTER" restart
    ;;
  env) app_env ;;
  e2e)
    shift
    cmd_e2e "$@"
    ;;
  *)
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
