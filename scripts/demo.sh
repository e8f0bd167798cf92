#!/usr/bin/env bash
# `npm run demo`: a real VS Code (code-server) on 127.0.0.1 with Standards Explorer installed from its VSIX and
# already connected to a local sandbox of 30 000 standards. Prints the URL to open and the password of this run
# (random, shown once); Ctrl+C stops everything.
#   npm run demo -- [--port N]   (code-server's port; default: a free one)
set -euo pipefail
cd "$(dirname "$0")/.."
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --port) [ $# -ge 2 ] || { echo "usage: npm run demo -- [--port N]" >&2; exit 2; }; args+=(--port "$2"); shift 2 ;;
    --port=*) args+=(--port "${1#--port=}"); shift ;;
    *) echo "usage: npm run demo -- [--port N]" >&2; exit 2 ;;
  esac
done
bash scripts/install.sh --demo
source scripts/tools-env.sh
npm run -s compile
npm run -s package >/dev/null
exec node out/test/harness/demo.js ${args[@]+"${args[@]}"}
