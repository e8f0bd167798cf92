#!/usr/bin/env bash
# `npm run lint`: ESLint (type-aware, with the layer rules in eslint.config.mjs), dependency-cruiser (the house's
# arrows and circles, .dependency-cruiser.cjs) and Prettier's check. Runs all three, then names what fails, so one
# run shows all there is to fix. Exits non-zero on any problem.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0

echo "--- eslint"
if ! npx --no-install eslint --max-warnings 0 .; then status=1; eslint_failed=1; fi

echo "--- dependency-cruiser"
if ! npx --no-install depcruise src --config .dependency-cruiser.cjs --output-type err; then status=1; deps_failed=1; fi

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
  echo "lint: FAILED${eslint_failed:+ (eslint problems above)}${deps_failed:+ (dependency-cruiser problems above)}${unformatted:+ ($(echo "$unformatted" | wc -l) files not formatted)}"
fi
exit $status
