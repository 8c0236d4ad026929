#!/usr/bin/env bash
# The PostgreSQL deployment's scheduled backups (docs/operations.md, "Backups and restore"), run by the timers in
# deploy/pgbackrest/ as root or postgres:
#
#   scripts/backup/pg-backup.sh full | diff | incr    a pgBackRest backup of that type (expiry by the retention
#                                                     policy follows it), then a media snapshot when MEDIA_DIR is set
#   scripts/backup/pg-backup.sh media                 only the media snapshot (a more frequent timer)
#   scripts/backup/pg-backup.sh check                 pgBackRest's check: WAL is being archived into the repository
#   scripts/backup/pg-backup.sh restore-media DIR [SINCE]
#                                                     the media mirror into the empty DIR; SINCE (UTC, YYYYMMDDTHHMMSSZ)
#                                                     is the moment the database is restored to
#
# Every run writes its outcome to BACKUP_STATUS_DIR: status-<kind>.json and backup.prom (the metrics). A failed
# run also logs an error to syslog (tag tulpar-backup) and exits non-zero (systemd's OnFailure, cron's mail).
#
# Settings: PGBACKREST_CONFIG (/etc/pgbackrest/pgbackrest.conf), BACKUP_STANZA (tulpar), MEDIA_DIR (the photos'
# folder; unset when photos are on an S3 store with versioning), MEDIA_BACKUP_DIR (/var/lib/pgbackrest/media; on
# the repository's disk), MEDIA_RETENTION_DAYS (35: the four weekly fulls and a week), BACKUP_STATUS_DIR
# (/var/lib/tulpar/backup-status).
set -euo pipefail
shopt -s inherit_errexit
source "$(dirname "$0")/lib.sh"

CONFIG=${PGBACKREST_CONFIG:-/etc/pgbackrest/pgbackrest.conf}
STANZA=${BACKUP_STANZA:-tulpar}
MEDIA_BACKUP_DIR=${MEDIA_BACKUP_DIR:-/var/lib/pgbackrest/media}
MEDIA_RETENTION_DAYS=${MEDIA_RETENTION_DAYS:-35}
STATUS_DIR=${BACKUP_STATUS_DIR:-/var/lib/tulpar/backup-status}

pgbr() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- pgbackrest --config="$CONFIG" --stanza="$STANZA" "$@"
  else
    pgbackrest --config="$CONFIG" --stanza="$STANZA" "$@"
  fi
}

# run KIND COMMAND...: the command's outcome and duration into the status files; a failure is loud.
run() {
  local kind=$1 started status=0 output
  shift
  started=$(date +%s)
  output=$("$@" 2>&1) || status=$?
  [ -z "$output" ] || printf '%s\n' "$output"
  local seconds=$(($(date +%s) - started))
  if [ "$status" -eq 0 ]; then
    write_backup_status "$STATUS_DIR" "$kind" ok "$seconds"
    echo "tulpar-backup: $kind ok in ${seconds} s"
  else
    write_backup_status "$STATUS_DIR" "$kind" failed "$seconds" "$output"
    echo "tulpar-backup: $kind FAILED after ${seconds} s (exit $status): $(printf '%s' "$output" | tail -n 3)" >&2
    logger -t tulpar-backup -p daemon.err "$kind backup failed (exit $status): $(printf '%s' "$output" | tail -n 1)" 2>/dev/null || true
    return "$status"
  fi
}

media() {
  [ -n "${MEDIA_DIR:-}" ] || return 0
  media_snapshot "$MEDIA_DIR" "$MEDIA_BACKUP_DIR" && media_prune "$MEDIA_BACKUP_DIR" "$MEDIA_RETENTION_DAYS"
}

case "${1:-}" in
  full | diff | incr)
    kind=$1
    status=0
    run "$kind" pgbr --type="$kind" backup || status=$?
    # The photos are snapshotted even when the database's backup failed: they are a separate copy.
    if [ -n "${MEDIA_DIR:-}" ]; then run media media || status=$?; fi
    exit "$status"
    ;;
  media)
    [ -n "${MEDIA_DIR:-}" ] || { echo "MEDIA_DIR is not set" >&2; exit 2; }
    run media media
    ;;
  check) run archive pgbr check ;;
  restore-media) media_restore "$MEDIA_BACKUP_DIR" "${2:?restore-media DIR [SINCE]}" "${3:-}" ;;
  *)
    sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
