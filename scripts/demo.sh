#!/usr/bin/env bash
# The README's first command: install everything and run the marketplace at http://localhost:3000 on the
# embedded database, seeded with demo data on the first start.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/env.sh
ensure_node24
ensure_deps
npm run build
exec_demo_server
