#!/usr/bin/env bash
# The README's second command: every test. Unit tests, integration tests on embedded PGlite and (when
# TEST_DATABASE_URL is set) on PostgreSQL too, then the end-to-end journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/env.sh
ensure_node24
ensure_deps
ensure_chromium

echo "==> The app's Android and iOS projects are what cap sync makes (no SDK needed)"
npm run --silent check -w @tulpar/mobile

echo "==> Unit tests"
npx vitest run --project unit

# With PostgreSQL too, each database's pass leaves out what the other proves (vitest.config.ts, decision 030).
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "==> Integration tests on PostgreSQL ($TEST_DATABASE_URL)"
  TEST_BOTH_DATABASES=1 npx vitest run --project integration
  echo "==> Integration tests on embedded PGlite"
  env -u TEST_DATABASE_URL TEST_BOTH_DATABASES=1 npx vitest run --project integration
else
  echo "==> Integration tests on embedded PGlite"
  npx vitest run --project integration
fi

# Backups (docs/operations.md, "Backups and restore"): pgBackRest restores a small database's latest state and an
# earlier moment into fresh clusters; prints SKIPPED where pgBackRest cannot be installed.
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "==> Restore drill (pgBackRest)"
  bash scripts/restore-drill.sh --small
fi

ensure_build
echo "==> End-to-end journeys in Chromium"
npx vitest run --project e2e
