#!/usr/bin/env bash
# The embedded demo's backup and restore (docs/operations.md, "Backups and restore"): its data folder (the PGlite
# cluster, the media, the demo staff's passwords and the local identity key) as one archive.
#
#   npm run backup                   -> backups/<UTC time>.tar.zst (BACKUP_DIR to choose the folder)
#   npm run restore -- <archive>     -> the data folder as it was, into an empty or missing DATA_DIR
#
# PGlite has no lock between processes and cannot be copied while open: both refuse while the server holds the
# data folder (data/pglite.lock names a live process), and hold that lock themselves meanwhile, so a server started
# during the copy stops with "database locked" instead of opening a half-copied folder. A restore refuses a data
# folder (or MEDIA_DIR, when it is outside the data folder) that is not empty. PostgreSQL deployments use pgBackRest
# instead (scripts/backup/pg-backup.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD

abs() { case "$1" in /*) echo "$1" ;; *) echo "$ROOT/$1" ;; esac; }
DATA_DIR=$(abs "${DATA_DIR:-data}")
DATA_DIR=${DATA_DIR%/}
MEDIA_DIR=$(abs "${MEDIA_DIR:-$DATA_DIR/media}")
MEDIA_DIR=${MEDIA_DIR%/}
BACKUP_DIR=$(abs "${BACKUP_DIR:-backups}")
LOCK=$DATA_DIR/pglite.lock
# The media folder gets its own place in the archive only when it is not inside the data folder.
MEDIA_APART=""
case "$MEDIA_DIR/" in "$DATA_DIR"/*) ;; *) MEDIA_APART=1 ;; esac

fail() {
  echo "$*" >&2
  exit 1
}

if [ -n "${DATABASE_URL:-}" ]; then
  fail "DATABASE_URL is set: npm run backup/restore are the embedded demo's. PostgreSQL is backed up with pgBackRest (scripts/backup/pg-backup.sh, docs/operations.md \"Backups and restore\")."
fi

# take_lock: the server's own lock file (apps/api/src/db/client.ts), created only if absent, with our pid.
LOCK_TAKEN=""
take_lock() {
  mkdir -p "$DATA_DIR"
  local attempt pid
  for attempt in 1 2; do
    if (set -C && echo $$ >"$LOCK") 2>/dev/null; then
      LOCK_TAKEN=1
      return 0
    fi
    pid=$(cat "$LOCK" 2>/dev/null || true)
    if [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
      fail "The server (pid $pid) has $DATA_DIR open: stop it first (PGlite's files cannot be copied while it runs)."
    fi
    # Left by a process that died: take it over, as the server does.
    rm -f "$LOCK"
  done
  fail "Could not take the lock $LOCK"
}
release_lock() { if [ -n "$LOCK_TAKEN" ]; then rm -f "$LOCK"; fi; }

sed_escape() { printf '%s' "$1" | sed 's/[][\.*^$|,]/\\&/g'; }

cmd_backup() {
  [ -d "$DATA_DIR/pg" ] || fail "No embedded database in $DATA_DIR (start the demo once first)."
  take_lock
  STAGED=""
  trap 'release_lock; [ -z "$STAGED" ] || rm -f "$STAGED"' EXIT
  # The archive holds the demo staff's passwords and the local identity key: readable by its owner only.
  umask 077
  mkdir -p "$BACKUP_DIR"
  local stamp compressor ext started
  stamp=$(date -u +%Y%m%dT%H%M%SZ)
  if command -v zstd >/dev/null 2>&1; then compressor=(zstd -q -T0 -3) ext=tar.zst; else compressor=(gzip -6) ext=tar.gz; fi
  local target="$BACKUP_DIR/$stamp.$ext"
  STAGED="$target.partial"
  local members=("${DATA_DIR#/}") transforms=(--transform "s,^$(sed_escape "${DATA_DIR#/}"),data,")
  if [ -n "$MEDIA_APART" ] && [ -d "$MEDIA_DIR" ]; then
    members+=("${MEDIA_DIR#/}")
    transforms+=(--transform "s,^$(sed_escape "${MEDIA_DIR#/}"),media,")
  fi
  started=$(date +%s.%N)
  tar -C / --exclude="${LOCK#/}" "${transforms[@]}" -cf - "${members[@]}" | "${compressor[@]}" >"$STAGED"
  mv "$STAGED" "$target"
  STAGED=""
  echo "Backed up $DATA_DIR$([ -n "$MEDIA_APART" ] && echo " and $MEDIA_DIR") into $target ($(du -h "$target" | cut -f1), $(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s)."
  echo "Restore it with: npm run restore -- $target (the server stopped, $DATA_DIR moved aside)"
}

not_empty() { [ -e "$1" ] && [ -n "$(ls -A "$1" 2>/dev/null)" ]; }

cmd_restore() {
  local archive=${1:-}
  [ -n "$archive" ] || fail "Which archive? npm run restore -- backups/<time>.tar.zst"
  archive=$(abs "$archive")
  [ -f "$archive" ] || fail "No archive at $archive"
  # A running server holds the lock; check it before the emptiness, for the clearer message.
  if [ -f "$LOCK" ]; then
    local pid
    pid=$(cat "$LOCK" 2>/dev/null || true)
    if [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
      fail "The server (pid $pid) has $DATA_DIR open: stop it first."
    fi
  fi
  if not_empty "$DATA_DIR" && [ "$(ls -A "$DATA_DIR")" != pglite.lock ]; then
    fail "Refusing to restore into $DATA_DIR: it is not empty. Move it aside first (mv $DATA_DIR $DATA_DIR.before-restore) or set DATA_DIR to an empty folder."
  fi
  if [ -n "$MEDIA_APART" ] && not_empty "$MEDIA_DIR"; then
    fail "Refusing to restore into $MEDIA_DIR: it is not empty. Move it aside first."
  fi
  local decompress
  case "$archive" in
    *.tar.zst) decompress=(zstd -q -dc) ;;
    *.tar.gz) decompress=(gzip -dc) ;;
    *) fail "Not an archive of npm run backup: $archive" ;;
  esac
  take_lock
  local parent staging
  parent=$(dirname "$DATA_DIR")
  staging=$(mktemp -d "$parent/.tulpar-restore.XXXXXX")
  trap 'release_lock; rm -rf "'"$staging"'"' EXIT
  "${decompress[@]}" "$archive" | tar -C "$staging" -xf -
  [ -f "$staging/data/pg/PG_VERSION" ] || fail "$archive holds no embedded database (data/pg/PG_VERSION)"
  # Into place by rename (the staging folder is beside the data folder): -T refuses a target that is not empty.
  rm -f "$LOCK"
  LOCK_TAKEN=""
  [ ! -d "$DATA_DIR" ] || rmdir "$DATA_DIR"
  mv -T "$staging/data" "$DATA_DIR"
  local restored=$DATA_DIR
  if [ -d "$staging/media" ]; then
    restored+=" and $MEDIA_DIR"
    mkdir -p "$(dirname "$MEDIA_DIR")"
    [ ! -d "$MEDIA_DIR" ] || rmdir "$MEDIA_DIR"
    mv -T "$staging/media" "$MEDIA_DIR" 2>/dev/null || cp -a "$staging/media/." "$MEDIA_DIR/"
  fi
  echo "Restored $archive into $restored. Start the demo as usual."
}

case "${1:-}" in
  backup) cmd_backup ;;
  restore)
    shift
    cmd_restore "$@"
    ;;
  *)
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
