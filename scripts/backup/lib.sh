# Shared by scripts/backup/pg-backup.sh (the deployment's scheduled backups) and scripts/restore-drill.sh.
# Sourced, not run. docs/operations.md, "Backups and restore".

# ---- The media folder: an rsync mirror that keeps what was deleted ---------------------------------------------
#
# Photos are written once under a new key and never changed; a row points at its photo only after the file exists;
# files go away only when their listing or profile photo does (or by the orphan sweep). So a mirror that keeps every
# file it ever saw holds every photo any row pointed to at any moment before its last sync. media_snapshot moves a
# file deleted since the last sync into deleted/<stamp>/ instead of dropping it; media_restore puts back current/
# and every deleted/<stamp>/ newer than the restored moment: a superset of what the restored rows point to. The
# app's orphan sweep then removes the extra files (their times are kept, so they are older than its hour).

# media_snapshot SOURCE MIRROR: sync SOURCE into MIRROR/current, keeping deleted files in MIRROR/deleted/<stamp>.
media_snapshot() {
  local source=$1 mirror=$2 stamp
  stamp=$(date -u +%Y%m%dT%H%M%SZ)
  [ -d "$source" ] || { echo "media folder $source does not exist" >&2; return 1; }
  mkdir -p "$mirror/current" "$mirror/deleted" || return 1
  # Temp files of uploads under way (.card.jpg.<uuid>.tmp) are not photos yet.
  # Explicit returns: callers run these in conditions and command substitutions, where set -e does not stop them.
  rsync -a --delete --exclude '.*.tmp' --backup --backup-dir="$mirror/deleted/$stamp" "$source/" "$mirror/current/" || return 1
  rmdir "$mirror/deleted/$stamp" 2>/dev/null || true
}

# media_restore MIRROR TARGET [SINCE]: copy the mirror's files into the empty TARGET. SINCE (UTC, as
# YYYYMMDDTHHMMSSZ) leaves out files deleted before it, which no row at that moment pointed to.
media_restore() {
  local mirror=$1 target=$2 since=${3:-} dir
  [ -d "$mirror/current" ] || { echo "no media mirror at $mirror" >&2; return 1; }
  if [ -e "$target" ] && [ -n "$(ls -A "$target" 2>/dev/null)" ]; then
    echo "refusing to restore media into $target: it is not empty" >&2
    return 1
  fi
  mkdir -p "$target" || return 1
  rsync -a "$mirror/current/" "$target/" || return 1
  for dir in "$mirror"/deleted/*/; do
    [ -d "$dir" ] || continue
    if [ -n "$since" ] && [[ "$(basename "$dir")" < "$since" ]]; then continue; fi
    rsync -a --ignore-existing "$dir" "$target/" || return 1
  done
}

# media_prune MIRROR DAYS: forget files deleted more than DAYS ago (no kept backup can restore a moment that old).
media_prune() {
  local mirror=$1 days=$2 limit dir
  limit=$(date -u -d "-$days days" +%Y%m%dT%H%M%SZ)
  for dir in "$mirror"/deleted/*/; do
    [ -d "$dir" ] || continue
    if [[ "$(basename "$dir")" < "$limit" ]]; then rm -rf "$dir"; fi
  done
}

# ---- The outcome of each backup, for the metrics and the alert -------------------------------------------------
#
# write_backup_status DIR KIND OUTCOME SECONDS [MESSAGE]: DIR/status-KIND.json (the last attempt of that kind) and
# DIR/backup.prom (Prometheus text format, for node_exporter's textfile collector or the app's /metrics): for each
# kind the time of the last attempt, of the last success, the last outcome (1 ok, 0 failed) and its duration.
write_backup_status() {
  local dir=$1 kind=$2 outcome=$3 seconds=$4 message=${5:-} now
  now=$(date +%s)
  mkdir -p "$dir"
  local last_success=""
  if [ "$outcome" = ok ]; then
    last_success=$now
  elif [ -f "$dir/status-$kind.json" ]; then
    last_success=$(sed -n 's/.*"lastSuccessEpoch": *\([0-9][0-9]*\).*/\1/p' "$dir/status-$kind.json")
  fi
  message=${message//\\/\\\\}
  message=${message//\"/\\\"}
  message=$(printf '%s' "$message" | tr '\n\t\r' '   ' | cut -c1-500)
  printf '{"kind": "%s", "outcome": "%s", "attemptEpoch": %s, "lastSuccessEpoch": %s, "durationSeconds": %s, "message": "%s"}\n' \
    "$kind" "$outcome" "$now" "${last_success:-null}" "$seconds" "$message" >"$dir/status-$kind.json.tmp"
  mv "$dir/status-$kind.json.tmp" "$dir/status-$kind.json"
  # The .prom file is rebuilt from every kind's status, so one kind's run keeps the others' lines.
  {
    echo '# HELP tulpar_backup_last_attempt_timestamp_seconds When the last backup of this kind ended.'
    echo '# TYPE tulpar_backup_last_attempt_timestamp_seconds gauge'
    echo '# HELP tulpar_backup_last_success_timestamp_seconds When the last successful backup of this kind ended.'
    echo '# TYPE tulpar_backup_last_success_timestamp_seconds gauge'
    echo '# HELP tulpar_backup_last_outcome 1 when the last backup of this kind succeeded, 0 when it failed.'
    echo '# TYPE tulpar_backup_last_outcome gauge'
    echo '# HELP tulpar_backup_last_duration_seconds How long the last backup of this kind took.'
    echo '# TYPE tulpar_backup_last_duration_seconds gauge'
    local f k o a s d
    for f in "$dir"/status-*.json; do
      [ -f "$f" ] || continue
      k=$(sed -n 's/.*"kind": *"\([a-z]*\)".*/\1/p' "$f")
      o=$(sed -n 's/.*"outcome": *"\([a-z]*\)".*/\1/p' "$f")
      a=$(sed -n 's/.*"attemptEpoch": *\([0-9]*\).*/\1/p' "$f")
      s=$(sed -n 's/.*"lastSuccessEpoch": *\([0-9]*\).*/\1/p' "$f")
      d=$(sed -n 's/.*"durationSeconds": *\([0-9]*\).*/\1/p' "$f")
      echo "tulpar_backup_last_attempt_timestamp_seconds{kind=\"$k\"} ${a:-0}"
      echo "tulpar_backup_last_success_timestamp_seconds{kind=\"$k\"} ${s:-0}"
      echo "tulpar_backup_last_outcome{kind=\"$k\"} $([ "$o" = ok ] && echo 1 || echo 0)"
      echo "tulpar_backup_last_duration_seconds{kind=\"$k\"} ${d:-0}"
    done
  } >"$dir/backup.prom.tmp"
  mv "$dir/backup.prom.tmp" "$dir/backup.prom"
}
