/**
 * The layer rules live in eslint.config.mjs (`npm run lint`). These tests lint a forbidden import written into a
 * real file of each layer (in memory, not on disk) and check that the rule catches it, so a config change that
 * silently drops a layer rule fails here.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../../..');

describe('layer rules (eslint.config.mjs)', function () {
  this.timeout(120_000);
  // Only the rules these tests read, none of them type-aware: no TypeScript program is started (it took 10 s).
  const RULES = ['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax', 'max-lines', 'local/explained-double-cast'];
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => RULES.includes(ruleId),
  });

  async function importProblems(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
  }

  const VALUE = "import * as vscode from 'vscode';\nexport const v = vscode.version;\n";
  const TYPE = "import type { Uri } from 'vscode';\nexport type U = Uri;\n";

  it('keeps the core and the webview pages free of the vscode module, types included', async () => {
    for (const file of [
      'src/core/service/errors.ts',
      'src/core/labels.ts',
      'src/core/catalogue/catalogueIndex.ts',
      'src/webview/page/main.ts',
      'src/webview/protocol.ts',
    ]) {
      assert.equal((await importProblems(file, VALUE)).length, 1, file);
      assert.equal((await importProblems(file, TYPE)).length, 1, file);
    }
  });

  it('lets pure modules of the VS Code host import vscode types but no values', async () => {
    const file = 'src/extension/documents/standardsUri.ts';
    assert.equal((await importProblems(file, VALUE)).length, 1, file);
    assert.deepEqual(await importProblems(file, TYPE), [], file);
  });

  it('forbids every arrow from the core to a host and between hosts', async () => {
    const problems = (file: string, from: string): Promise<string[]> => importProblems(file, `import * as m from '${from}';\nexport const x = m;\n`);
    // core → host
    assert.equal((await problems('src/core/labels.ts', '../extension/config')).length, 1);
    assert.equal((await problems('src/core/citations/resolve.ts', '../../extension/lazy')).length, 1);
    assert.equal((await problems('src/core/document/build.ts', '../../webview/protocol')).length, 1);
    assert.equal((await problems('src/core/terms/termStore.ts', '../../cli/check')).length, 1);
    // host → host
    assert.equal((await problems('src/extension/session.ts', '../cli/main')).length, 1);
    assert.equal((await problems('src/extension/webview/html.ts', '../../webview/page/render')).length, 1);
    assert.equal((await problems('src/webview/page/main.ts', '../../extension/config')).length, 1);
    assert.equal((await problems('src/cli/main.ts', '../extension/config')).length, 1);
    assert.equal((await problems('src/cli/main.ts', 'vscode')).length, 1);
    // allowed: hosts on the core, the VS Code host on the pages' protocol, the page on the core
    assert.deepEqual(await problems('src/extension/session.ts', '../core/labels'), []);
    assert.deepEqual(await problems('src/extension/webview/clausePanel.ts', '../../webview/protocol'), []);
    assert.deepEqual(await problems('src/webview/page/main.ts', '../../core/document/index'), []);
    assert.deepEqual(await problems('src/cli/main.ts', '../core/check/checkText'), []);
  });

  it('forbids imports upward: commands from a feature, the service from above it, the sandbox from src/ outside the service', async () => {
    assert.equal(
      (await importProblems('src/extension/targets/refs.ts', "import { VIEW_ID } from '../tree/standardsTree';\nexport const v = VIEW_ID;\n")).length,
      1,
    );
    assert.deepEqual(
      await importProblems('src/extension/tree/register.ts', "import { registerCommands } from '../commands/feedback';\nexport const r = registerCommands;\n"),
      [],
    );
    assert.equal((await importProblems('src/core/service/jsonld.ts', "import { labels } from '../labels';\nexport const s = labels;\n")).length, 1);
    assert.equal((await importProblems('sandbox/faults.ts', "import { SECTION } from '../src/extension/config';\nexport const s = SECTION;\n")).length, 1);
    assert.equal((await importProblems('src/extension/session.ts', "import { activate } from '../extension';\nexport const a = activate;\n")).length, 1);
    assert.deepEqual(await importProblems('sandbox/faults.ts', "import { isObject } from '../src/core/service/jsonld';\nexport const f = isObject;\n"), []);
  });

  it('keeps command and setting names out of src/core/service: it returns a remedy, the UI words it', async () => {
    const named = async (code: string): Promise<number> =>
      (await eslint.lintText(code, { filePath: path.join(root, 'src/core/service/errors.ts') }))[0].messages.filter((m) => m.ruleId === 'no-restricted-syntax')
        .length;
    assert.equal(await named('export const a = \'Run "Standards: Sign In…".\';\n'), 1);
    assert.equal(await named('export const b = (p: string): string => `${p} failed. Check the base URL setting.`;\n'), 1);
    assert.equal(await named("export const c = 'Check standardsExplorer.scope';\n"), 1);
    assert.equal(await named('export const d = (setting: string): string => `${setting} must be an https URL.`;\n'), 0);
  });

  it('keeps every file in src/ to 300 lines of code (blank lines and comments not counted)', async () => {
    const tooLong = async (lines: number): Promise<number> => {
      const code = Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n// a comment\n\n';
      return (await eslint.lintText(code, { filePath: path.join(root, 'src/core/labels.ts') }))[0].messages.filter((m) => m.ruleId === 'max-lines').length;
    };
    assert.equal(await tooLong(300), 0);
    assert.equal(await tooLong(301), 1);
  });

  it('asks for a reason next to every `as unknown as`', async () => {
    const lint = async (code: string): Promise<number> =>
      (await eslint.lintText(code, { filePath: path.join(root, 'src/core/model.ts') }))[0].messages.filter((m) => m.ruleId === 'local/explained-double-cast')
        .length;
    assert.equal(await lint('export const n = "1" as unknown as number;\n'), 1);
    assert.equal(await lint('// the test needs a number-typed string\nexport const n = "1" as unknown as number;\n'), 0);
  });
});
