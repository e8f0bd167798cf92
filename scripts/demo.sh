#!/usr/bin/env bash
# `npm run demo`: a real VS Code (code-server) on 127.0.0.1 with Standards Explorer installed from its VSIX and
# already connected to a local sandbox of 30 000 standards. Prints the URL to open; Ctrl+C stops everything.
#   npm run demo -- [--port N]   (code-server's port; default 8080)
set -euo pipefail
cd "$(dirname "$0")/.."
port=8080
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port=$2; shift 2 ;;
    --port=*) port=${1#--port=}; shift ;;
    *) echo "usage: npm run demo -- [--port N]" >&2; exit 2 ;;
  esac
done
bash scripts/install.sh --demo
source scripts/tools-env.sh
npm run -s compile
npm run -s package >/dev/null
exec node out/test/harness/demo.js --port "$port"
