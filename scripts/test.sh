#!/usr/bin/env bash
# The README's second command: every test. Unit tests, integration tests on embedded PGlite and (when
# TEST_DATABASE_URL is set) on PostgreSQL too, then the end-to-end journeys in Chromium (with PostgreSQL, the PGlite
# pass runs beside them).
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
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  step "Integration tests on embedded PGlite"
  npx vitest run --project integration
  step "Web build (when its sources are newer than it)"
  ensure_build
  step "End-to-end journeys in Chromium"
  npx vitest run --project e2e
  exit 0
fi

step "Integration tests on PostgreSQL ($TEST_DATABASE_URL)"
TEST_BOTH_DATABASES=1 npx vitest run --project integration

step "Web build (when its sources are newer than it)"
ensure_build

# The journeys wait on the browser and the server more than they compute (about 60% of the two cores): the PGlite
# pass and the restore drill run beside them at a lower priority (nice 10) and fill the rest, so the journeys keep
# the CPU they ask for (decision 030). Their output is printed after the journeys'; all three must pass.
# The drill (docs/operations.md, "Backups and restore"): pgBackRest restores a small database's latest state and an
# earlier moment into fresh clusters of its own; it prints SKIPPED where pgBackRest cannot be installed.
step "End-to-end journeys in Chromium, with the integration tests on embedded PGlite and the restore drill beside them"
beside=$(mktemp -d)
(env -u TEST_DATABASE_URL TEST_BOTH_DATABASES=1 nice -n 10 npx vitest run --project integration >"$beside/pglite.log" 2>&1) &
pglite=$!
(nice -n 10 bash scripts/restore-drill.sh --small >"$beside/drill.log" 2>&1) &
drill=$!
e2e_rc=0
npx vitest run --project e2e || e2e_rc=$?
pglite_rc=0
wait "$pglite" || pglite_rc=$?
drill_rc=0
wait "$drill" || drill_rc=$?
echo "--- Restore drill, pgBackRest (exit $drill_rc)"
cat "$beside/drill.log"
echo "--- Integration tests on embedded PGlite (exit $pglite_rc)"
cat "$beside/pglite.log"
rm -rf "$beside"
echo "--- End-to-end journeys: exit $e2e_rc; integration tests on embedded PGlite: exit $pglite_rc; restore drill: exit $drill_rc"
[ "$e2e_rc" = 0 ] && [ "$pglite_rc" = 0 ] && [ "$drill_rc" = 0 ]
