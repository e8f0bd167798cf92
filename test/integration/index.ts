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
  for (const file of readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort())
    mocha.addFile(path.join(__dirname, file));
  return new Promise<void>((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const passed = runner.stats?.passes ?? 0;
      console.log(`integration: ${passed} passed, ${failures} failed`);
      void stopSandbox().finally(() => (failures ? reject(new Error(`${failures} integration tests failed`)) : resolve()));
    });
  });
}
