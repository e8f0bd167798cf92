/**
 * The integration suite's entry point, loaded by VS Code's extension host (extensionTestsPath): runs every
 * out/test/integration/*.test.js with mocha and prints one summary line.
 */
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { stopSandbox } from './fixtures';

// The extension host loads this file as CommonJS: mocha comes in by require(), typed from its module.
// eslint-disable-next-line @typescript-eslint/consistent-type-imports
type MochaClass = typeof import('mocha');

export function run(): Promise<void> {
  // mocha 12 loaded with require() may come back as a namespace rather than the class.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require('mocha') as MochaClass | { Mocha: MochaClass };
  const Mocha = (typeof loaded === 'function' ? loaded : loaded.Mocha) as MochaClass;
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
  const only = process.env.INTEGRATION_GREP;
  if (only) mocha.grep(only);
  // INTEGRATION_SKIP: a pattern of the tests left out (the minimum VS Code leaves out suites of our own logic: scripts/test-all.sh says which and why).
  const skip = process.env.INTEGRATION_SKIP;
  if (skip && !only) mocha.grep(skip).invert();
  for (const file of testFiles(process.env.INTEGRATION_ORDER)) mocha.addFile(path.join(__dirname, file));
  return new Promise<void>((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const passed = runner.stats?.passes ?? 0;
      console.log(`integration: ${passed} passed, ${failures} failed`);
      void stopSandbox().finally(() => (failures ? reject(new Error(`${failures} integration tests failed`)) : resolve()));
    });
  });
}

/** Checks what a fresh start does (no request, no secret read, signed out): it can only run first. */
const FIRST = 'activation.test.js';

/**
 * The test files: activation first, then the rest in name order, or reversed with INTEGRATION_ORDER=reverse. Each
 * file sets up the state it needs (sign-in, sandbox faults, settings) in its own before(), so any order passes;
 * running the suite reversed now and then checks that this stays true.
 */
function testFiles(order: string | undefined): string[] {
  const rest = readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js') && f !== FIRST)
    .sort();
  if (order === 'reverse') rest.reverse();
  return [FIRST, ...rest];
}
