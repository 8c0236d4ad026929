#!/usr/bin/env bash
# The restore drill (docs/operations.md, "Backups and restore"): proves that pgBackRest, with the deployment's own
# deploy/pgbackrest/pgbackrest.conf, brings back the latest state and a chosen moment, and that the media mirror
# brings back the photos the restored rows point to.
#
#   bash scripts/restore-drill.sh [--small] [--listings N]
#
# In a temporary folder it makes a throwaway PostgreSQL cluster on a free port that archives its WAL with pgBackRest,
# applies our migrations (apps/api/drizzle), loads users, listings, photos and price history, and:
#   1. takes a full backup and a media snapshot with scripts/backup/pg-backup.sh (the scheduled backups' command),
#      and checks its status files (a deliberately failing backup must exit non-zero and be marked failed);
#   2. writes more rows and photos, takes a differential backup, changes some prices, then notes the moment T with the row counts and a checksum of the listings;
#   3. makes a mistaken bulk change (prices, deleted listings and their photo files), switches WAL, snapshots media;
#   4. restores (a) the latest state and (b) the moment T into fresh data folders, starts each on another port and
#      checks its row counts and listings checksum against what was noted, and that every photo its rows point to
#      is in its restored media folder;
#   5. checks that a restore into a non-empty data folder is refused.
# It prints the backup and restore times, and removes every process and folder it made, however it ends.
# --small: 2,000 listings (CI, under a minute); the default is 20,000. The work folder is in /dev/shm when it has
# room (DRILL_TMPDIR to choose). Without pgBackRest (and no way to install it)
# it prints a SKIPPED line and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
source scripts/lib/env.sh
source scripts/backup/lib.sh

LISTINGS=20000
while [ $# -gt 0 ]; do
  case "$1" in
    --small) LISTINGS=2000 ;;
    --listings)
      LISTINGS=${2:?--listings N}
      shift
      ;;
    *)
      sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
      exit 2
      ;;
  esac
  shift
done
[[ "$LISTINGS" =~ ^[1-9][0-9]*$ ]] || { echo "--listings takes a positive number" >&2; exit 2; }

say() { echo "==> drill: $*"; }
started=$(date +%s.%N)
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

if ! ensure_pgbackrest; then
  echo "SKIPPED restore drill: pgBackRest is not installed and could not be installed (apt-get install pgbackrest)"
  exit 0
fi
PG_BIN=/usr/lib/postgresql/$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -1)/bin
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "SKIPPED restore drill: no PostgreSQL server binaries under /usr/lib/postgresql"
  exit 0
fi

# PostgreSQL and pgBackRest refuse to run as root: as root, run them as postgres.
PG_USER=$(id -un)
if [ "$(id -u)" -eq 0 ]; then PG_USER=postgres; fi
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# In memory when there is room (four small clusters, a repository and media copies: under 1 GB at the default
# size): the disk of a busy machine made removing the folder alone take a minute. DRILL_TMPDIR=/tmp measures on disk.
TMP_BASE=${DRILL_TMPDIR:-}
if [ -z "$TMP_BASE" ]; then
  TMP_BASE=/tmp
  if [ -w /dev/shm ] && [ "$(df -Pm /dev/shm | awk 'NR == 2 { print $4 }')" -gt 2048 ]; then TMP_BASE=/dev/shm; fi
fi
WORK=$(mktemp -d "$TMP_BASE/tulpar-restore-drill.XXXXXX")
chmod 755 "$WORK"
STARTED_DIRS=()
cleanup() {
  local status=$? dir
  for dir in "${STARTED_DIRS[@]}"; do
    as_pg "$PG_BIN/pg_ctl" -D "$dir" -m immediate -w -t 20 stop >/dev/null 2>&1 || true
  done
  if [ "$status" -ne 0 ] && [ -d "$WORK/log" ]; then
    echo "---- the drill failed; its logs:" >&2
    tail -n 30 "$WORK"/log/* "$WORK"/*.log 2>/dev/null >&2 || true
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A port below the kernel's ephemeral range: a port in that range may be the local end of one of the test suite's
# many client connections, which no probe sees (it accepts nothing) but which makes a bind fail ("Address already in
# use": the source cluster failed to start so once in CI, its port 40810 having passed the probe).
EPHEMERAL_LOW=$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
[ "${EPHEMERAL_LOW:-0}" -gt 21000 ] 2>/dev/null || EPHEMERAL_LOW=32768
free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % (EPHEMERAL_LOW - 20000)))
    if ! (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  return 1
}
SRC_PORT=$(free_port)
SOCK=$WORK/sock
SRC=$WORK/source
mkdir -p "$SOCK" "$WORK/status" "$WORK/repo" "$WORK/log" "$WORK/spool" "$WORK/lock" "$WORK/media" "$WORK/media-mirror"
chown -R "$PG_USER" "$WORK"

# The deployment's configuration, its paths, port and socket pointing here.
CONF=$WORK/pgbackrest.conf
sed -E \
  -e "s|^repo1-path=.*|repo1-path=$WORK/repo|" \
  -e "s|^spool-path=.*|spool-path=$WORK/spool|" \
  -e "s|^lock-path=.*|lock-path=$WORK/lock|" \
  -e "s|^log-path=.*|log-path=$WORK/log|" \
  -e "s|^pg1-path=.*|pg1-path=$SRC|" \
  -e "s|^pg1-port=.*|pg1-port=$SRC_PORT|" \
  -e "s|^pg1-socket-path=.*|pg1-socket-path=$SOCK|" \
  -e "s|^pg1-user=.*|pg1-user=$PG_USER|" \
  deploy/pgbackrest/pgbackrest.conf >"$CONF"
chown "$PG_USER" "$CONF"
STANZA=tulpar
pgbr() { as_pg pgbackrest --config="$CONF" --stanza="$STANZA" "$@"; }

psql_at() { # port, sql
  psql -h 127.0.0.1 -p "$1" -U postgres -d drill -v ON_ERROR_STOP=1 -Atq -c "$2"
}

start_cluster() { # data dir, port, extra -c settings...
  local dir=$1 port=$2
  shift 2
  STARTED_DIRS+=("$dir")
  if ! as_pg "$PG_BIN/pg_ctl" -D "$dir" -l "$WORK/log/postgres-$port.log" -w -t 120 \
    -o "-p $port -k $SOCK -c listen_addresses=127.0.0.1 $*" start >/dev/null; then
    echo "PostgreSQL did not start on port $port; its log:" >&2
    tail -n 20 "$WORK/log/postgres-$port.log" >&2 || true
    return 1
  fi
}

# ---- 0. The source cluster ---------------------------------------------------------------------------------------
say "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $SRC_PORT, pgBackRest $(pgbackrest version | awk '{print $2}'), $LISTINGS listings, in $WORK"
as_pg "$PG_BIN/initdb" -D "$SRC" -U postgres -A trust --no-sync >"$WORK/log/initdb.log"
cat >>"$SRC/postgresql.conf" <<EOF
# scripts/restore-drill.sh: as deploy/pgbackrest/postgresql.archiving.conf, on a small throwaway cluster.
wal_level = replica
archive_mode = on
archive_command = 'pgbackrest --config=$CONF --stanza=$STANZA archive-push %p'
archive_timeout = 60
max_wal_senders = 2
shared_buffers = 32MB
max_connections = 20
fsync = off
EOF
start_cluster "$SRC" "$SRC_PORT"
psql -h 127.0.0.1 -p "$SRC_PORT" -U postgres -d postgres -qc "create database drill"
pgbr stanza-create >/dev/null

say "migrations and data"
for f in apps/api/drizzle/*.sql; do
  psql -h 127.0.0.1 -p "$SRC_PORT" -U postgres -d drill -v ON_ERROR_STOP=1 -q -1 -f "$f" >/dev/null
done

# add_listings FIRST COUNT: COUNT published listings (and their sellers, two photos and a price change each) from id
# FIRST on, with a photo file on disk for each photo row.
add_listings() {
  local first=$1 count=$2
  psql_at "$SRC_PORT" "
    insert into \"user\" (id, name, email)
      select 'drill-' || g, 'Seller ' || g, 'seller' || g || '@drill.test' from generate_series($first, $first + $count - 1) g;
    insert into listings (id, owner_id, status, brand_id, model_id, year, body_type, steering, engine_type, transmission,
        drive, colour, mileage, mileage_km, price_kzt, contact_phone, city_id, description, published_at)
      select g, 'drill-' || g, 'published', 1, 1, 2000 + g % 25, 'sedan', 'left', 'petrol', 'AT', 'FWD', 'white',
        g % 300000, g % 300000, 1000000 + g * 1000, '+77010000000', 1, 'Drill car ' || g, now()
      from generate_series($first, $first + $count - 1) g;
    insert into listing_photos (listing_id, position, storage_key, width, height, sha256)
      select g, p, 'listings/' || g || '/' || p, 1600, 1200, md5(g || '/' || p)
      from generate_series($first, $first + $count - 1) g, generate_series(0, 1) p;
    insert into listing_price_history (listing_id, price_kzt)
      select g, 1100000 + g * 1000 from generate_series($first, $first + $count - 1) g;"
  # The photo files, as the media intake writes them (a folder per photo), one small file each.
  (cd "$WORK/media" &&
    seq "$first" $((first + count - 1)) | awk '{ print "listings/" $1 "/0"; print "listings/" $1 "/1" }' | xargs mkdir -p &&
    seq "$first" $((first + count - 1)) | awk '{ print "listings/" $1 "/0/card.jpg"; print "listings/" $1 "/1/card.jpg" }' | xargs touch)
}
psql_at "$SRC_PORT" "
  insert into brands (id, slug, name, country) values (1, 'drill', 'Drill', 'KZ');
  insert into models (id, brand_id, slug, name, body_types, year_from, new_price_kzt)
    values (1, 1, 'car', 'Car', '{sedan}', 2000, 20000000);
  insert into body_types (code, name_ru, name_kk, name_en) values ('sedan', 'Седан', 'Седан', 'Sedan');
  insert into engine_types (code, name_ru, name_kk, name_en) values ('petrol', 'Бензин', 'Бензин', 'Petrol');
  insert into colours (code, name_ru, name_kk, name_en, hex) values ('white', 'Белый', 'Ақ', 'White', '#ffffff');
  insert into cities (id, slug, name_ru, name_kk, name_en, population_k, lat, lng)
    values (1, 'almaty', 'Алматы', 'Алматы', 'Almaty', 2000, 43.24, 76.89);"
first_batch=$((LISTINGS * 4 / 5))
add_listings 1 "$first_batch"

STATE_SQL="select (select count(*) from \"user\") || ' users, ' || (select count(*) from listings) || ' listings, '
  || (select count(*) from listing_photos) || ' photos, ' || (select count(*) from listing_price_history)
  || ' price changes, listings md5 ' || (select md5(string_agg(l::text, E'\n' order by l.id)) from listings l)"

# ---- 1. Full backup ----------------------------------------------------------------------------------------------
# The scheduled backups' own command (scripts/backup/pg-backup.sh), with the drill's configuration and folders.
scheduled() {
  PGBACKREST_CONFIG=$CONF BACKUP_STANZA=$STANZA MEDIA_DIR=$WORK/media MEDIA_BACKUP_DIR=$WORK/media-mirror \
    BACKUP_STATUS_DIR=$WORK/status bash scripts/backup/pg-backup.sh "$@"
}
say "full backup"
t=$(date +%s.%N)
scheduled full >/dev/null
BACKUP_SECONDS=$(elapsed "$t")
grep -q '"outcome": "ok"' "$WORK/status/status-full.json" || { cat "$WORK/status/status-full.json" >&2; exit 1; }
grep -qx 'tulpar_backup_last_outcome{kind="full"} 1' "$WORK/status/backup.prom" || { cat "$WORK/status/backup.prom" >&2; exit 1; }
echo "    ok: the full backup's outcome is in status-full.json and backup.prom"

# ---- 2. More rows, then the moment T -----------------------------------------------------------------------------
add_listings $((first_batch + 1)) $((LISTINGS - first_batch))
say "differential backup"
# A backup that fails says so: a non-zero exit and a failed outcome in the status files (here: a stanza that does
# not exist), then the real one.
if BACKUP_STANZA=missing PGBACKREST_CONFIG=$CONF BACKUP_STATUS_DIR=$WORK/status bash scripts/backup/pg-backup.sh diff >/dev/null 2>&1; then
  echo "FAILED: a failing backup exited 0" >&2
  exit 1
fi
grep -qx 'tulpar_backup_last_outcome{kind="diff"} 0' "$WORK/status/backup.prom" || { cat "$WORK/status/backup.prom" >&2; exit 1; }
echo "    ok: a failed backup exits non-zero and its outcome is failed in the status files"
t=$(date +%s.%N)
scheduled diff >/dev/null
DIFF_SECONDS=$(elapsed "$t")
grep -qx 'tulpar_backup_last_outcome{kind="diff"} 1' "$WORK/status/backup.prom" || { cat "$WORK/status/backup.prom" >&2; exit 1; }
psql_at "$SRC_PORT" "update listings set price_kzt = price_kzt - 5000, updated_at = now() where id % 10 = 0"
STATE_AT_T=$(psql_at "$SRC_PORT" "$STATE_SQL")
T=$(psql_at "$SRC_PORT" "select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'")
T_STAMP=$(date -u -d "${T%+00} UTC" +%Y%m%dT%H%M%SZ)
say "T = $T: $STATE_AT_T"
media_snapshot "$WORK/media" "$WORK/media-mirror"

# ---- 3. The mistaken bulk change ---------------------------------------------------------------------------------
doomed=$(psql_at "$SRC_PORT" "select string_agg(id::text, ' ') from listings where id % 7 = 0")
psql_at "$SRC_PORT" "
  update listings set price_kzt = 1, updated_at = now() where id % 3 = 0;
  delete from listings where id % 7 = 0;"
# The app deletes a deleted listing's photo files too.
for id in $doomed; do rm -rf "$WORK/media/listings/$id"; done
STATE_LATEST=$(psql_at "$SRC_PORT" "$STATE_SQL")
say "after the mistaken change: $STATE_LATEST"
# The last segment is archived (at once here; archive_timeout bounds it to a minute in production).
segment=$(psql_at "$SRC_PORT" "select pg_walfile_name(pg_switch_wal())")
archived=""
for _ in $(seq 1 120); do
  archived=$(psql_at "$SRC_PORT" "select coalesce(last_archived_wal, '') from pg_stat_archiver")
  if [ -n "$archived" ] && [[ ! "$archived" < "$segment" ]]; then break; fi
  sleep 0.25
done
[ -n "$archived" ] && [[ ! "$archived" < "$segment" ]] || { echo "WAL segment $segment was not archived within 30 s" >&2; exit 1; }
sleep 1 # media files deleted within this second get a later snapshot stamp than T's
media_snapshot "$WORK/media" "$WORK/media-mirror"
pgbr info | sed 's/^/    /'

# ---- 4. Restores -------------------------------------------------------------------------------------------------
# restore_into DIR PORT MEDIA [pgbackrest restore options...]: restore, start, and print the state.
restore_into() {
  local dir=$1 media=$2 since=$3
  shift 3
  as_pg install -d -m 700 "$dir"
  local t port attempt
  t=$(date +%s.%N)
  pgbr --pg1-path="$dir" "$@" restore
  # The restored cluster must not archive into the source's stanza: it is a copy for checking. Its port is chosen
  # now, not when the drill began: the test suite runs beside it and its servers take ports meanwhile (a start failed
  # so once in CI); a start that fails is tried on another port, twice at most, its log shown.
  for attempt in 1 2 3; do
    port=$(free_port)
    start_cluster "$dir" "$port" -c archive_mode=off && break
    [ "$attempt" -lt 3 ] || return 1
    echo "    the restored cluster did not start on port $port: trying another" >&2
  done
  # Recovery ends with a promotion; wait (bounded) until the cluster accepts writes.
  for _ in $(seq 1 240); do
    [ "$(psql_at "$port" "select pg_is_in_recovery()" 2>/dev/null)" = f ] && break
    sleep 0.25
  done
  [ "$(psql_at "$port" "select pg_is_in_recovery()")" = f ] || { echo "restore on port $port did not finish recovery within 60 s" >&2; return 1; }
  RESTORE_SECONDS=$(elapsed "$t")
  media_restore "$WORK/media-mirror" "$media" "$since"
  RESTORED_STATE=$(psql_at "$port" "$STATE_SQL")
  psql_at "$port" "select storage_key || '/card.jpg' from listing_photos" | LC_ALL=C sort >"$WORK/expected-photos"
  (cd "$media" && find listings -name card.jpg | LC_ALL=C sort) >"$WORK/present-photos"
  MISSING_PHOTOS=$(LC_ALL=C comm -23 "$WORK/expected-photos" "$WORK/present-photos" | wc -l)
}

check() { # what, expected, actual
  if [ "$2" != "$3" ]; then
    echo "FAILED: $1" >&2
    echo "  expected: $2" >&2
    echo "  restored: $3" >&2
    exit 1
  fi
  echo "    ok: $1"
}

say "restore (a): the latest state"
restore_into "$WORK/restore-latest" "$WORK/media-latest" ""
LATEST_SECONDS=$RESTORE_SECONDS
check "latest: row counts and listings checksum" "$STATE_LATEST" "$RESTORED_STATE"
check "latest: every photo the rows point to is restored" 0 "$MISSING_PHOTOS"

say "restore (b): the moment T, before the mistaken change"
restore_into "$WORK/restore-pitr" "$WORK/media-pitr" "$T_STAMP" --type=time "--target=$T" --target-action=promote
PITR_SECONDS=$RESTORE_SECONDS
check "T: row counts and listings checksum" "$STATE_AT_T" "$RESTORED_STATE"
check "T: every photo the rows point to is restored" 0 "$MISSING_PHOTOS"

# ---- 5. A restore into a non-empty data folder is refused ---------------------------------------------------------
say "restore into a non-empty data folder"
as_pg install -d -m 700 "$WORK/occupied"
as_pg touch "$WORK/occupied/PG_VERSION"
if pgbr --pg1-path="$WORK/occupied" restore >"$WORK/refused.log" 2>&1; then
  echo "FAILED: pgBackRest restored into a data folder that was not empty" >&2
  exit 1
fi
grep -qiE 'not empty|running|PG_VERSION|delta|force' "$WORK/refused.log" || { cat "$WORK/refused.log" >&2; exit 1; }
echo "    ok: refused ($(grep -m1 -oE 'ERROR: \[[0-9]+\]: .{0,100}' "$WORK/refused.log"))"
if media_restore "$WORK/media-mirror" "$WORK/media-latest" "" 2>/dev/null; then
  echo "FAILED: the media restore wrote into a folder that was not empty" >&2
  exit 1
fi
echo "    ok: the media restore refuses a non-empty folder"

size=$(du -sh "$WORK/repo" | cut -f1)
echo "restore drill passed: $LISTINGS listings; full backup ${BACKUP_SECONDS} s, differential ${DIFF_SECONDS} s (repository $size); restore latest ${LATEST_SECONDS} s, restore to T ${PITR_SECONDS} s (each: pgBackRest restore, WAL replay, ready for writes); whole drill $(elapsed "$started") s"
