#!/usr/bin/env bash
# `npm test`: installs what is missing, lints (ESLint + Prettier check) while it builds, then runs the three layers — unit
# (plain Node, with coverage), integration (inside a real VS Code: the current one and the engines.vscode minimum) and end-to-end (a person's path in code-server + Chromium) — and ends with
# one summary line. Exits non-zero when any layer fails.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh || exit 1
source scripts/tools-env.sh
mkdir -p test-results

passed=0; failed=0; status=0
started=$(date +%s)
# Adds a layer's counts from its output to the totals.
count() { # file pattern-passed pattern-failed
  local p f
  p=$(grep -Eo "$2" "$1" | tail -1 | grep -Eo '[0-9]+' | tail -1); f=$(grep -Eo "$3" "$1" | tail -1 | grep -Eo '[0-9]+' | tail -1)
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
}
layer() { # name command...
  local name=$1; shift
  local log="test-results/$name.log" t0=$(date +%s)
  echo "=== $name"
  "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  echo "=== $name: exit $rc in $(( $(date +%s) - t0 )) s"
  [ "$rc" = 0 ] || status=1
  return 0
}

# Lint beside the build (each is one core's work for half a minute); its log is printed when both are done. A lint
# failure fails the run and counts as one failed layer, but the test layers still run.
lint_started=$(date +%s)
npm run -s lint > test-results/lint.log 2>&1 &
lint_pid=$!

echo "=== build"
# `npm run compile` but for its `tsc -p .`, which packaging runs itself (vscode:prepublish): compiling twice took 20 s.
if ! { node -e "require('fs').rmSync('out', { recursive: true, force: true })" && npx --no-install tsc -p src/webview/page && npm run -s package >/dev/null; }; then
  wait "$lint_pid"; cat test-results/lint.log
  echo "build failed"; echo "0 passed, 1 failed"; exit 1
fi
wait "$lint_pid"; lint_rc=$?
echo "=== lint"; cat test-results/lint.log; echo "=== lint: exit $lint_rc in $(( $(date +%s) - lint_started )) s (beside the build)"
[ "$lint_rc" = 0 ] || status=1
grep -q '^lint: clean' test-results/lint.log || { failed=$((failed + 1)); status=1; }

# Compiled by the build above: the unit layer does not compile again.
layer unit npm run -s test:unit:compiled
count test-results/unit.log '[0-9]+ passing' '[0-9]+ failing'
# The integration suite twice, one after the other: in the current VS Code, then in the `engines.vscode` minimum
# (code-server 4.100 = VS Code 1.100). Both are bound by the processor (a workbench each), so at the same time they
# take as long. The minimum runs the suites that reach each VS Code API the extension uses (activation and
# contributions, the tree, the clause page's webview, `standards:` documents, language features and diagnostics,
# the authentication provider, SecretStorage and settings, the diff editor, the language-model tools); it leaves
# out the suites whose subject is our own logic behind an API another suite reaches — the service layer's answers
# to faults, pins and offline copies, real-world records, environments, the Connection Doctor, clause-link panels,
# editions compared, the local sandbox, per-endpoint secrets — which run the same code in any VS Code (90 s).
MINIMUM_SKIP='^(fault matrix|my standards|real-world fidelity|environments|organised catalogue|Connection Doctor|clause links and panels|compare with another edition|Connect to Local Sandbox|endpoint settings) '
for editor in current minimum; do
  name=integration; skip=''; [ "$editor" = current ] || { name="integration-$editor"; skip=$MINIMUM_SKIP; }
  layer "$name" env STANDARDS_EXPLORER_EDITOR="$editor" INTEGRATION_SKIP="$skip" node out/test/harness/runIntegration.js
  count "test-results/$name.log" 'integration: [0-9]+ passed' '[0-9]+ failed$'
  grep -q 'integration: [0-9]* passed' "test-results/$name.log" || { failed=$((failed + 1)); status=1; }
done
layer e2e node out/test/e2e/run.js
count test-results/e2e.log 'e2e: [0-9]+ passed' 'passed, [0-9]+ failed'
# Endpoints written in the User and Remote settings before start count in a remote window (both VS Codes).
layer user-settings node out/test/e2e/userSettings.js
count test-results/user-settings.log 'user settings: [0-9]+ passed' 'passed, [0-9]+ failed'
layer looks node out/test/e2e/looks.js
count test-results/looks.log 'looks: [0-9]+ passed' 'passed, [0-9]+ failed'
# Issue 51 as a new user sees it: rows that stay, names in tabs and breadcrumbs, Find Standard never blank.
layer quiet-tree node out/test/e2e/quietTree.js
count test-results/quiet-tree.log 'quiet tree: [0-9]+ passed' 'passed, [0-9]+ failed'
# Issue 56: the extension in a browser's web worker extension host (code-server with it forced to the browser side).
layer web node out/test/e2e/web.js
count test-results/web.log 'web: [0-9]+ passed' 'passed, [0-9]+ failed'

# The benches at a smoke size: they must run to the end. Figures are printed, not judged or recorded (npm run bench
# measures for real).
echo "=== bench (smoke)"
if node out/bench/indexBuild.js --quick > test-results/bench.log 2>&1 && node out/bench/bundle.js --quick >> test-results/bench.log 2>&1 && node out/bench/cliCheck.js --quick >> test-results/bench.log 2>&1 && node out/bench/lspDiagnostics.js --quick >> test-results/bench.log 2>&1; then
  passed=$((passed + 1)); echo "=== bench: ran to the end"
else
  failed=$((failed + 1)); status=1; echo "=== bench: FAILED"; tail -20 test-results/bench.log
fi

echo "=== all layers in $(( $(date +%s) - started )) s"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] || status=1
exit $status
