#!/usr/bin/env bash
# The README's second command: every test. Unit tests, integration tests on embedded PGlite and (when
# TEST_DATABASE_URL is set) on PostgreSQL too, then the end-to-end journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/env.sh
ensure_node24
ensure_deps
ensure_chromium

# Each step says when it starts; the time each took is printed at the end (to see where a run's time goes).
step_times=()
step_name=""
step_start=$SECONDS
step() {
  [ -n "$step_name" ] && step_times+=("$(( SECONDS - step_start )) s  $step_name")
  step_name=$1
  step_start=$SECONDS
  [ -n "$1" ] && echo "==> $1"
  return 0
}
trap 'step ""; printf "    %s\n" "${step_times[@]}"' EXIT

step "The app's Android and iOS projects are what cap sync makes (no SDK needed)"
npm run --silent check -w @tulpar/mobile

step "Unit tests"
npx vitest run --project unit --project unit-native

# With PostgreSQL too, each database's pass leaves out what the other proves (vitest.config.ts, decision 030).
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Integration tests on PostgreSQL ($TEST_DATABASE_URL)"
  TEST_BOTH_DATABASES=1 npx vitest run --project integration
  step "Integration tests on embedded PGlite"
  env -u TEST_DATABASE_URL TEST_BOTH_DATABASES=1 npx vitest run --project integration
else
  step "Integration tests on embedded PGlite"
  npx vitest run --project integration
fi

# Backups (docs/operations.md, "Backups and restore"): pgBackRest restores a small database's latest state and an
# earlier moment into fresh clusters; prints SKIPPED where pgBackRest cannot be installed.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Restore drill (pgBackRest)"
  bash scripts/restore-drill.sh --small
fi

step "Web build (when its sources are newer than it)"
ensure_build
step "End-to-end journeys in Chromium"
npx vitest run --project e2e
