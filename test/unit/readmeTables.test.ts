import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MARKERS, SECTION_FILES, commandsTable, readManifest, settingsTable, withLanguageModelTools, withSections } from '../../scripts/readme-tables';

const REPO = path.resolve(__dirname, '../../..');

describe('generated tables (docs/settings.md)', () => {
  it('list every command and setting of package.json as scripts/readme-tables.ts writes them (npm run readme)', () => {
    const { manifest, nls } = readManifest(REPO);
    assert.equal(SECTION_FILES.commands, SECTION_FILES.settings);
    const readme = fs.readFileSync(path.join(REPO, SECTION_FILES.settings), 'utf8');
    const current = withSections(readme, { commands: commandsTable(manifest, nls), settings: settingsTable(manifest, nls) });
    assert.ok(current === readme, `${SECTION_FILES.settings} Commands or Settings table is out of date with package.json: run npm run readme`);
    for (const command of manifest.contributes.commands ?? []) assert.ok(readme.includes(`\`${command.command}\``), command.command);
  });

  it('declare the agent tools in package.json as the core defines them (npm run readme), each named and described in package.nls.json', () => {
    const packageJson = fs.readFileSync(path.join(REPO, 'package.json'), 'utf8');
    assert.ok(
      withLanguageModelTools(packageJson) === packageJson,
      'package.json languageModelTools are out of date with src/core/agentTools: run npm run readme',
    );
    const { manifest, nls } = readManifest(REPO);
    const tools = (manifest.contributes as { languageModelTools?: Array<{ displayName: string; userDescription: string }> }).languageModelTools ?? [];
    assert.equal(tools.length, 6);
    for (const tool of tools) for (const text of [tool.displayName, tool.userDescription]) assert.ok(nls[text.slice(1, -1)], `${text} is in package.nls.json`);
  });

  it('see a new command, a changed setting and missing markers', () => {
    const { manifest, nls } = readManifest(REPO);
    const readme = fs.readFileSync(path.join(REPO, SECTION_FILES.settings), 'utf8');
    const changed = structuredClone(manifest);
    changed.contributes.commands?.push({ command: 'standardsExplorer.pinForOffline', title: 'Pin for Offline', category: 'Standards' });
    const written = withSections(readme, { commands: commandsTable(changed, nls), settings: settingsTable(changed, nls) });
    assert.notEqual(written, readme);
    assert.match(written, /\| Standards: Pin for Offline \| `standardsExplorer\.pinForOffline` \| palette \|/);
    assert.throws(
      () => withSections(readme.replace(MARKERS.settings[1], ''), { settings: 'x' }, 'docs/settings.md'),
      /docs\/settings\.md has no settings markers/,
    );
  });
});
