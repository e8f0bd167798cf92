import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { externalise, literals, placeholders } from '../../scripts/l10n/manifest';
import { compare, describe as describeProblems, l10nProblems } from '../../scripts/l10n/project';
import { findBypasses, pageMessages } from '../../scripts/l10n/scan';
import { format } from '../../src/core/l10n';
import type * as L10n from '../../src/core/l10n';

const REPO = path.resolve(__dirname, '../../..');

describe('localisation', () => {
  it('is complete: manifest, src/, bundle and every translation (npm run l10n:check lists what is missing)', async () => {
    const problems = await l10nProblems(REPO);
    assert.equal(problems.length, 0, `\n${describeProblems(problems)}\nRun npm run l10n, then translate the keys listed.`);
  });

  it('finds text shown without l10n.t, and passes it wrapped', () => {
    const bare = [
      "import * as vscode from 'vscode';",
      "void vscode.window.showWarningMessage('Could not open the clause.', 'Retry');",
      'const item = new vscode.TreeItem(`${n} more standards`);',
      "item.tooltip = ok ? 'Loaded' : 'Failed to load';",
      "void vscode.window.showQuickPick(items, { placeHolder: 'Pick a standard', title: 'https://example.com/x' });",
      "void vscode.window.withProgress({ location: 1, title: 'Indexing the catalogue' }, work);",
    ].join('\n');
    const found = findBypasses('x.ts', bare).map((b) => `${b.line} ${b.sink} ${b.text}`);
    assert.deepEqual(found, [
      '2 showWarningMessage Could not open the clause.',
      '2 showWarningMessage Retry',
      '3 new TreeItem ${n} more standards',
      '4 .tooltip = Loaded',
      '4 .tooltip = Failed to load',
      '5 placeHolder: Pick a standard',
      '6 title: Indexing the catalogue',
    ]);
    const wrapped = bare.replace(/'([A-Z][^']*)'/g, "vscode.l10n.t('$1')").replace('`${n} more standards`', "vscode.l10n.t('{0} more standards', n)");
    assert.deepEqual(findBypasses('x.ts', wrapped), []);
    // A pure module (no vscode value) is not scanned: its text reaches VS Code through a module that is.
    assert.deepEqual(findBypasses('x.ts', bare.replace("import * as vscode from 'vscode';", '')), []);
  });

  it('moves manifest text to package.nls.json as %key%, once', () => {
    const manifest = {
      displayName: 'Standards Explorer',
      contributes: {
        commands: [{ command: 'standardsExplorer.signIn', title: 'Sign In…', category: 'Standards' }],
        configuration: {
          title: 'Standards Explorer',
          properties: { 'standardsExplorer.diagnostics': { enum: ['off', 'hint'], enumDescriptions: ['None', 'Dots'] } },
        },
      },
    };
    const first = externalise(manifest, { 'command.signIn.title': 'Sign In…' });
    assert.equal(manifest.contributes.commands[0].title, '%command.signIn.title%');
    assert.deepEqual(manifest.contributes.configuration.properties['standardsExplorer.diagnostics'].enumDescriptions, [
      '%config.diagnostics.enumDescriptions.off%',
      '%config.diagnostics.enumDescriptions.hint%',
    ]);
    assert.equal(first.nls['command.category.Standards'], 'Standards');
    assert.ok(!first.written.includes('command.signIn.title'), 'an existing key with the same text is not written again');
    assert.deepEqual(literals(manifest), []);
    assert.deepEqual(externalise(manifest, first.nls).written, []);
    assert.ok(placeholders(manifest).includes('displayName'));
  });

  it('lists the keys a translation lacks, no longer needs, or whose placeholders differ', () => {
    const result = compare({ a: 'Open', b: 'Open {0}', c: 'Copy' }, { a: 'Öffnen', b: 'Öffnen', z: 'alt' });
    assert.deepEqual(result, { missing: ['c'], stale: ['z'], placeholders: ['b'] });
  });

  it('reads the messages the clause page asks for, and fills placeholders in English without VS Code', () => {
    assert.deepEqual(pageMessages('p.ts', "el('p', t('Loading…')); t(`Contents ({0})`, 3); t(name);"), [
      'Loading…',
      'Contents ({0})',
      '(not a literal: t(name))',
    ]);
    assert.equal(format('{0} of {1}, {2}', [1, 'two']), '1 of two, {2}');
  });
});

describe('l10n.t in the pure modules', () => {
  it('speaks the language activation chose in every copy of the module (the lazily loaded feature bundles hold their own)', () => {
    const file = require.resolve('../../src/core/l10n');
    const load = (): typeof L10n => {
      delete require.cache[file];
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a second, separate instance, as a feature bundle has
      return require(file) as typeof L10n;
    };
    const main = load();
    const feature = load();
    assert.notEqual(main, feature, 'two instances of the module');
    assert.equal(feature.l10n.t('Nothing failed'), 'Nothing failed');
    try {
      main.useTranslation((message, ...args) => `de:${main.format(message, args)}`);
      assert.equal(feature.l10n.t('{0} failed', 2), 'de:2 failed');
    } finally {
      delete (globalThis as Record<symbol, unknown>)[Symbol.for('standardsExplorer.l10n')];
    }
    assert.equal(feature.l10n.t('{0} failed', 2), '2 failed');
  });
});
