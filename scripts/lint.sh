#!/usr/bin/env bash
# `npm run lint`: ESLint (type-aware, with the layer rules in eslint.config.mjs) and Prettier's check. Runs both,
# then names every file that fails either, so one run shows all there is to fix. Exits non-zero on any problem.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0

echo "--- eslint"
if ! npx --no-install eslint --max-warnings 0 .; then status=1; eslint_failed=1; fi

echo "--- prettier --check"
unformatted=$(npx --no-install prettier --list-different . 2>&1)
if [ -n "$unformatted" ]; then
  status=1
  echo "Not formatted (run: npx prettier --write <file>):"
  echo "$unformatted" | sed 's/^/  /'
fi

if [ "$status" = 0 ]; then
  echo "lint: clean"
else
  echo "lint: FAILED${eslint_failed:+ (eslint problems above)}${unformatted:+ ($(echo "$unformatted" | wc -l) files not formatted)}"
fi
exit $status
