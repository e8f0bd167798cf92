/**
 * Settings a cloned repository can set in `.vscode/settings.json` must not make the extension flood the service,
 * fill the disk or read outside the workspace: the numbers are clamped to the manifest's bounds (and the log says
 * so, naming the setting), a glob reaching outside the workspace folder is refused, and in Restricted Mode VS Code
 * ignores a workspace's values of all of them (capabilities.untrustedWorkspaces.restrictedConfigurations).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_CITING_FILES } from '../../src/core/citations/citingFiles';
import { NUMBER_SETTINGS, globOutsideWorkspace, readBoundedSettings, type NumberSetting } from '../../src/core/settingBounds';

const ROOT = path.join(__dirname, '..', '..', '..');
interface Property {
  type?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  patternErrorMessage?: string;
  scope?: string;
}
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  capabilities: { untrustedWorkspaces: { supported: unknown; description: string; restrictedConfigurations: string[] } };
  contributes: { configuration: { properties: Record<string, Property> } };
};
const properties = manifest.contributes.configuration.properties;
const NUMBERS = Object.keys(NUMBER_SETTINGS) as NumberSetting[];

function read(values: Record<string, unknown>): { settings: ReturnType<typeof readBoundedSettings>; warnings: string[] } {
  const warnings: string[] = [];
  const settings = readBoundedSettings(
    (key) => values[key],
    DEFAULT_CITING_FILES,
    (message) => warnings.push(message),
  );
  return { settings, warnings };
}

describe('settings a workspace can set: bounds', () => {
  it('clamps values below the minimum and above the maximum, saying so in the log with the setting named', () => {
    const { settings, warnings } = read({
      pageSize: 0,
      cacheSizeMB: 1e9,
      diskCacheSizeMB: -5,
      offlineCopiesSizeMB: 10_000_000,
      indexConcurrency: 500,
      timeoutSeconds: 86_400,
    });
    assert.equal(settings.pageSize, 1);
    assert.equal(settings.cacheSizeMB, 4096);
    assert.equal(settings.diskCacheSizeMB, 0);
    assert.equal(settings.offlineCopiesSizeMB, 100_000);
    assert.equal(settings.indexConcurrency, 16);
    assert.equal(settings.timeoutSeconds, 600);
    for (const key of NUMBERS)
      assert.ok(
        warnings.some((w) => w.includes(`standardsExplorer.${key}`)),
        `${key}: ${warnings.join(' | ')}`,
      );
    assert.match(warnings.find((w) => w.includes('standardsExplorer.pageSize')) ?? '', /is 0\b.*minimum 1\b/);
    assert.match(warnings.find((w) => w.includes('standardsExplorer.timeoutSeconds')) ?? '', /is 86400\b.*maximum 600\b/);
  });

  it('takes the default for a value that is not a number (a string, NaN, Infinity, null), and rounds whole-number settings', () => {
    for (const bad of ['1000000', Number.NaN, Number.POSITIVE_INFINITY, null, {}, true]) {
      const { settings, warnings } = read({ pageSize: bad, indexConcurrency: bad, diskCacheSizeMB: bad });
      assert.equal(settings.pageSize, 100, String(bad));
      assert.equal(settings.indexConcurrency, 6, String(bad));
      assert.equal(settings.diskCacheSizeMB, 500, String(bad));
      assert.equal(warnings.length, 3, warnings.join(' | '));
    }
    const { settings, warnings } = read({ pageSize: 2.6, indexConcurrency: 3.2, timeoutSeconds: 2.5 });
    assert.deepEqual([settings.pageSize, settings.indexConcurrency, settings.timeoutSeconds], [3, 3, 2.5]);
    assert.equal(warnings.length, 2, warnings.join(' | '));
  });

  it('keeps values within bounds as they are, and says nothing', () => {
    const values = { pageSize: 1000, cacheSizeMB: 0, diskCacheSizeMB: 100_000, offlineCopiesSizeMB: 1, indexConcurrency: 1, timeoutSeconds: 600 };
    const { settings, warnings } = read(values);
    for (const [key, value] of Object.entries(values)) assert.equal(settings[key as NumberSetting], value, key);
    assert.deepEqual(warnings, []);
    const unset = read({});
    for (const key of NUMBERS) assert.equal(unset.settings[key], NUMBER_SETTINGS[key].default, key);
    assert.equal(unset.settings.referencesInclude, DEFAULT_CITING_FILES);
    assert.deepEqual(unset.warnings, []);
  });

  it('declares the same bounds and defaults in package.json, for every numeric setting there is', () => {
    const numeric = Object.entries(properties).filter(([, p]) => p.type === 'number' || p.type === 'integer');
    assert.deepEqual(numeric.map(([name]) => name).sort(), NUMBERS.map((key) => `standardsExplorer.${key}`).sort());
    for (const key of NUMBERS) {
      const p = properties[`standardsExplorer.${key}`];
      const bound = NUMBER_SETTINGS[key];
      assert.deepEqual([p.minimum, p.maximum, p.default, p.type], [bound.minimum, bound.maximum, bound.default, bound.integer ? 'integer' : 'number'], key);
    }
  });
});

describe('settings a workspace can set: the References view reads inside the workspace only', () => {
  const OUTSIDE = [
    '../**',
    '../../home/me/.ssh/*',
    '**/../../*',
    'docs/../../x/**',
    '..\\secrets\\*',
    '/etc/**',
    '/**/*.md',
    '\\\\server\\share\\**',
    'C:/Users/**',
    'c:\\Windows\\**',
    '~/**',
    '{docs/**,/etc/**}',
    '{**/*.md,../**}',
    'file:///etc/passwd',
    `**/*.md${'x'.repeat(2000)}`,
  ];
  const INSIDE = [DEFAULT_CITING_FILES, '**/*.md', 'docs/**/*.{md,adoc}', 'src/**/..foo/*.ts', 'a..b/*.txt', '**/*.{md,txt}', '*.md'];

  it('refuses a glob that is absolute, climbs out with "..", starts at the home folder or is very long', () => {
    for (const glob of OUTSIDE) assert.ok(globOutsideWorkspace(glob), glob);
    for (const glob of INSIDE) assert.equal(globOutsideWorkspace(glob), undefined, glob);
  });

  it('reads the default glob instead, with a warning naming standardsExplorer.references.include', () => {
    for (const glob of OUTSIDE) {
      const { settings, warnings } = read({ 'references.include': glob });
      assert.equal(settings.referencesInclude, DEFAULT_CITING_FILES, glob);
      assert.equal(warnings.length, 1, glob);
      assert.match(warnings[0], /standardsExplorer\.references\.include/);
      assert.match(warnings[0], /outside the workspace/);
    }
    assert.equal(read({ 'references.include': 'docs/**/*.md' }).settings.referencesInclude, 'docs/**/*.md');
    assert.equal(read({ 'references.include': '' }).settings.referencesInclude, DEFAULT_CITING_FILES);
    assert.equal(read({ 'references.include': 42 }).settings.referencesInclude, DEFAULT_CITING_FILES);
  });

  it('says the same in package.json: a pattern refusing absolute and ".." globs, and a length limit', () => {
    const include = properties['standardsExplorer.references.include'];
    assert.ok(include.pattern && include.patternErrorMessage && include.maxLength, JSON.stringify(include));
    const pattern = new RegExp(include.pattern, 'u');
    for (const glob of OUTSIDE.filter((g) => g.length <= (include.maxLength ?? 0))) assert.ok(!pattern.test(glob), glob);
    for (const glob of INSIDE) assert.ok(pattern.test(glob), glob);
  });
});

describe('Restricted Mode (capabilities.untrustedWorkspaces)', () => {
  const restricted = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
  /** Where requests go (the endpoints), how much is asked of the service, what is written to disk, what is read. */
  const REACH_AND_COST = [
    'baseUrl',
    'tokenUrl',
    'scope',
    'apiKeyHeader',
    'environments',
    'activeEnvironment',
    'defaultEnvironmentName',
    'pageSize',
    'indexConcurrency',
    'catalogue.buildIndexOnSignIn',
    'timeoutSeconds',
    'cacheSizeMB',
    'diskCacheSizeMB',
    'offlineCopiesSizeMB',
    'references.include',
  ].map((key) => `standardsExplorer.${key}`);

  it('restricts every setting that changes where the extension connects, what it asks, writes or reads — and only those', () => {
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.deepEqual([...restricted].sort(), [...REACH_AND_COST].sort());
    // What is left to a workspace in Restricted Mode only changes how things look.
    const left = Object.keys(properties).filter((name) => !restricted.includes(name));
    assert.deepEqual(left.sort(), [
      'standardsExplorer.catalogue.groupBy',
      'standardsExplorer.catalogue.hideWithdrawn',
      'standardsExplorer.diagnostics',
      'standardsExplorer.referenceFormat',
    ]);
  });

  it('says so in the manifest (English and German) and in docs/security.md, setting by setting', () => {
    for (const file of ['package.nls.json', 'package.nls.de.json']) {
      const nls = JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, string>;
      const description = nls['capabilities.untrustedWorkspaces.description'];
      assert.match(description, /references\.include|Verweise|References/, file);
      assert.match(description, /MB|disk|Festplatte|Datenträger/i, file);
    }
    const security = readFileSync(path.join(ROOT, 'docs', 'security.md'), 'utf8');
    const section = /^## Restricted Mode\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(security)?.[1];
    assert.ok(section, 'docs/security.md has a "## Restricted Mode" section');
    for (const name of restricted) assert.ok(section.includes(`\`${name.replace('standardsExplorer.', '')}\``) || section.includes(name), name);
  });
});
