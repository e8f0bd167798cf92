/**
 * Many repositories through Renovate: `standards-explorer catalogue export --format renovate` run as a user runs it
 * (dist/cli.js and its parts built into a temporary folder, cliBundle.ts) against the fixture catalogue (real ISO and
 * IEC records), and against the sandbox service serving them (the same files); every file it writes is checked against the shape Renovate's docs give
 * (test/fixtures/renovate/custom-datasource.schema.json, with ajv). The preset (renovate-preset.json) is run as
 * Renovate runs a regex manager — its matchStrings as JavaScript regular expressions, global, within RE2's limits —
 * on the labelled collection (test/fixtures/citations): of the dated ISO, IEC and ISO/IEC references the recogniser
 * finds, the share the preset finds too is printed and held to a floor; and on a document, with the export as its
 * datasource, it proposes what `fix` would for a plain dated reference and leaves the rest.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import { buildCli, CATALOGUE } from './cliBundle';
import { runNode, type ProcessRun } from './nodeProcess';
import { startSandbox } from '../../sandbox/index';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';
import { findCitations, type ReferenceCitation } from '../../src/core/citations/recognise';
import { standardSlug } from '../../src/core/check/renovateDatasource';

const REPO = path.resolve(__dirname, '../../..');
const SCHEMA = path.join(REPO, 'test/fixtures/renovate/custom-datasource.schema.json');
const COLLECTION = path.join(REPO, 'test/fixtures/citations/collection.jsonl');
export const PRESET_FILE = path.join(REPO, 'renovate-preset.json');

interface Preset {
  customDatasources: Record<string, { defaultRegistryUrlTemplate: string; format: string }>;
  customManagers: Array<{
    customType: string;
    managerFilePatterns: string[];
    matchStrings: string[];
    datasourceTemplate: string;
    packageNameTemplate: string;
    versioningTemplate: string;
  }>;
}
type Run = ProcessRun;
interface Document {
  releases: Array<{ version: string; isDeprecated?: boolean }>;
}

const preset = (): Preset => JSON.parse(fs.readFileSync(PRESET_FILE, 'utf8')) as Preset;
/** What the preset's packageNameTemplate, `lowercase (replace '[^A-Za-z0-9]+' '-' depName)`, makes of a name. */
const packageName = (depName: string): string => depName.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
/** The regex versioning of the preset: `regex:^(?<major>\d{4})$`. */
const versioning = (): RegExp => new RegExp(preset().customManagers[0].versioningTemplate.replace(/^regex:/, ''));

interface PresetMatch {
  depName: string;
  currentValue: string;
  /** Where currentValue is in the text. */
  at: number;
}

/** Every match of the preset's matchStrings in `text`, as Renovate's regex manager reads them (flag g, each string in turn). */
function presetMatches(text: string): PresetMatch[] {
  const found: PresetMatch[] = [];
  for (const source of preset().customManagers[0].matchStrings)
    for (const match of text.matchAll(new RegExp(source, 'gu'))) {
      const { depName, currentValue } = match.groups ?? {};
      found.push({ depName, currentValue, at: match.index + match[0].lastIndexOf(currentValue) });
    }
  return found;
}

describe('command line: standards-explorer catalogue export --format renovate, and the Renovate preset', function () {
  this.timeout(120_000);
  let dir: string;
  let cli: string;
  const run = (args: string[], extra: Record<string, string> = {}): Promise<Run> =>
    runNode(cli, args, { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache'), ...extra } });
  const readDocument = (folder: string, slug: string): Document => JSON.parse(fs.readFileSync(path.join(dir, folder, `${slug}.json`), 'utf8')) as Document;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-renovate-'));
    cli = await buildCli(dir);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes one document per standard, its editions as releases oldest first, withdrawn and replaced ones deprecated, each in the shape Renovate reads', async () => {
    const { status, stdout, stderr } = await run(['catalogue', 'export', '--format', 'renovate', '--output', 'datasource', '--catalogue', CATALOGUE]);
    assert.equal(stderr, '');
    assert.equal(status, 0);
    assert.equal(stdout, 'Exported 7 standards (19 editions) to datasource as a Renovate custom datasource.\n');
    const files = fs.readdirSync(path.join(dir, 'datasource')).sort();
    assert.deepEqual(files, [
      '.standards-explorer-export',
      'iec-61508-3.json',
      'iec-62304.json',
      'iso-13485.json',
      'iso-14971.json',
      'iso-26262-6.json',
      'iso-9001.json',
      'iso-iec-27001.json',
    ]);
    // Amendments and corrigenda are no releases; a consolidated version (IEC 62304:2006+AMD1:2015 CSV) is its edition's year.
    assert.deepEqual(readDocument('datasource', 'iso-9001'), {
      releases: [
        { version: '1987', isDeprecated: true },
        { version: '1994', isDeprecated: true },
        { version: '2000', isDeprecated: true },
        { version: '2008', isDeprecated: true },
        { version: '2015' },
      ],
    });
    assert.deepEqual(readDocument('datasource', 'iso-iec-27001'), {
      releases: [{ version: '2005', isDeprecated: true }, { version: '2013', isDeprecated: true }, { version: '2022' }],
    });
    assert.deepEqual(readDocument('datasource', 'iec-62304'), { releases: [{ version: '2006' }] });
    const validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(fs.readFileSync(SCHEMA, 'utf8')) as object);
    for (const file of files.filter((f) => f.endsWith('.json'))) {
      const document: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'datasource', file), 'utf8'));
      assert.ok(validate(document), `${file}: ${JSON.stringify(validate.errors)}`);
      const versions = (document as Document).releases.map((r) => r.version);
      assert.ok(
        versions.every((v) => versioning().test(v)),
        `${file}: every version is one the preset's versioning reads`,
      );
    }
  });

  it('exports the same from the service as from the catalogue file, the credentials from the environment and never said', async () => {
    const sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
    try {
      const { status, stdout, stderr } = await run(
        ['catalogue', 'export', '--format', 'renovate', '--output', 'from-service', '--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl],
        { STANDARDS_CLIENT_ID: sandbox.clientId, STANDARDS_CLIENT_SECRET: sandbox.clientSecret },
      );
      assert.equal(status, 0, stderr);
      assert.equal(stdout, 'Exported 7 standards (19 editions) to from-service as a Renovate custom datasource.\n');
      assert.ok(!stdout.includes(sandbox.clientSecret) && !stderr.includes(sandbox.clientSecret), 'no secret in the output');
      const files = fs.readdirSync(path.join(dir, 'datasource')).filter((f) => f.endsWith('.json'));
      assert.deepEqual(
        fs.readdirSync(path.join(dir, 'from-service')).filter((f) => f.endsWith('.json')),
        files,
      );
      for (const file of files) assert.deepEqual(readDocument('from-service', file.slice(0, -5)), readDocument('datasource', file.slice(0, -5)), file);
      for (const file of fs.readdirSync(path.join(dir, 'from-service')))
        assert.ok(!fs.readFileSync(path.join(dir, 'from-service', file), 'utf8').includes(sandbox.clientSecret));
    } finally {
      await sandbox.close();
    }
  });

  it('replaces an earlier export whole (a standard no longer listed goes), and refuses a folder that holds something else, bad arguments and a missing format or folder (exit 2)', async () => {
    fs.mkdirSync(path.join(dir, 'again'));
    fs.writeFileSync(path.join(dir, 'again/.standards-explorer-export'), '');
    fs.writeFileSync(path.join(dir, 'again/iso-1234.json'), '{"releases":[]}\n');
    const again = await run(['catalogue', 'export', '--format', 'renovate', '--output', 'again', '--catalogue', CATALOGUE]);
    assert.equal(again.status, 0, again.stderr);
    assert.ok(!fs.existsSync(path.join(dir, 'again/iso-1234.json')), 'a standard the catalogue no longer lists is removed');
    assert.ok(fs.existsSync(path.join(dir, 'again/iso-9001.json')));

    fs.mkdirSync(path.join(dir, 'notes'));
    fs.writeFileSync(path.join(dir, 'notes/todo.txt'), 'mine\n');
    const refusals: Array<[string[], RegExp]> = [
      [['--output', 'notes'], /--output notes: the folder is not empty and holds no earlier export/],
      [['--output', 'x', '--format', 'json'], /catalogue export --format json: the formats are renovate/],
      [['--output', 'x', '--format', ''], /catalogue export --format : the formats are renovate/],
      [['--output', 'x', '--as-of', '2020'], /--as-of: not an option of catalogue export/],
      [['--output', 'x', 'docs'], /catalogue export takes no paths \(docs\)/],
    ];
    for (const [extra, message] of refusals) {
      const args = ['catalogue', 'export', '--catalogue', CATALOGUE, ...(extra.includes('--format') ? [] : ['--format', 'renovate']), ...extra];
      const { status, stderr, stdout } = await run(args);
      assert.equal(status, 2, args.join(' '));
      assert.match(stderr, message);
      assert.equal(stdout, '');
    }
    const noFolder = await run(['catalogue', 'export', '--format', 'renovate', '--catalogue', CATALOGUE]);
    assert.equal(noFolder.status, 2);
    assert.match(noFolder.stderr, /catalogue export needs --output DIR: it writes one file per standard/);
    const noFormat = await run(['catalogue', 'export', '--output', 'y', '--catalogue', CATALOGUE]);
    assert.equal(noFormat.status, 2);
    assert.match(noFormat.stderr, /catalogue export needs --format: the formats are renovate/);
    const noVerb = await run(['catalogue', 'list']);
    assert.equal(noVerb.status, 2);
    assert.match(noVerb.stderr, /catalogue list: the only catalogue command is export/);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'notes')), ['todo.txt'], 'a refused folder is left as it was');
    assert.ok(!fs.existsSync(path.join(dir, 'x')));
  });

  it("the preset is a regex custom manager on this datasource, within RE2's limits (no lookaround, no backreference)", () => {
    const { customDatasources, customManagers } = preset();
    assert.deepEqual(Object.keys(customDatasources), ['standards']);
    assert.equal(customDatasources.standards.format, 'json');
    assert.match(customDatasources.standards.defaultRegistryUrlTemplate, /\{\{packageName\}\}\.json$/);
    const [manager] = customManagers;
    assert.equal(manager.customType, 'regex');
    assert.equal(manager.datasourceTemplate, 'custom.standards');
    assert.equal(manager.packageNameTemplate, "{{{lowercase (replace '[^A-Za-z0-9]+' '-' depName)}}}");
    for (const source of [...manager.matchStrings, manager.versioningTemplate.replace(/^regex:/, '')]) {
      assert.doesNotThrow(() => new RegExp(source, 'u'));
      assert.ok(!/\(\?<?[=!]|\\[1-9]|\\k</.test(source), `${source}: RE2 has no lookaround or backreference`);
    }
    for (const pattern of manager.managerFilePatterns) assert.match(pattern, /^\/.+\/$/);
  });

  it("finds the dated ISO, IEC and ISO/IEC references the recogniser finds in the labelled collection, each named as the export's file", () => {
    const ISO_IEC = /^(?:ISO\/IEC|ISO|IEC)(?:[ /](?:TR|TS|PAS))?$/;
    let recognised = 0;
    let both = 0;
    let proposable = 0;
    const missed: string[] = [];
    /** Matches of the preset where the recogniser finds no such reference. */
    const extra: string[] = [];
    for (const line of fs
      .readFileSync(COLLECTION, 'utf8')
      .split('\n')
      .filter((l) => l.trim())) {
      const { id, text } = JSON.parse(line) as { id: string; text: string };
      const starts = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      const matches = presetMatches(text);
      const claimed = new Set<PresetMatch>();
      for (const citation of findCitations(text).filter((c): c is ReferenceCitation => c.kind === 'reference')) {
        const { reference } = citation;
        if (!reference.year || reference.informal || reference.hyphenYear || !ISO_IEC.test(reference.publisher)) continue;
        recognised++;
        const from = starts[citation.line] + citation.referenceStart;
        const to = starts[citation.line] + citation.referenceEnd;
        const match = matches.find((m) => m.at >= from && m.at < to);
        const base = `${reference.publisher} ${reference.number}${reference.part}`;
        if (match) claimed.add(match);
        if (match && packageName(match.depName) === packageName(base) && match.currentValue.startsWith(reference.year)) {
          both++;
          // The file Renovate asks for is the one the export writes for this standard.
          assert.equal(packageName(match.depName), standardSlug(`${base}:${reference.year}`), `${id}: ${match.depName}`);
          if (versioning().test(match.currentValue)) proposable++;
        } else missed.push(`${id}: ${citation.text}`);
      }
      for (const match of matches) if (!claimed.has(match)) extra.push(`${id}: ${match.depName}:${match.currentValue}`);
    }
    const share = both / recognised;
    console.log(
      `      preset regex: ${both} of ${recognised} dated ISO/IEC references the recogniser finds (${(share * 100).toFixed(1)} %); ` +
        `${proposable} with a plain edition year Renovate can update, ${both - proposable} with an amendment or corrigendum (left to fix); ` +
        `${extra.length} matches where the recogniser finds none`,
    );
    assert.ok(recognised >= 150, `the collection holds ${recognised} such references`);
    assert.ok(share >= 0.95, `missed:\n  ${missed.join('\n  ')}`);
    assert.ok(extra.length <= 5, `matched where the recogniser finds nothing:\n  ${extra.join('\n  ')}`);
  });

  it('on a document, with the export as its datasource, proposes the current edition for a plain dated reference and leaves amendments and adoptions', () => {
    const text = [
      'The quality system follows ISO 9001:2008 and ISO/IEC 27001:2013.',
      "Risk management: ISO 14971:2000/Amd 1:2003; the adoption EN ISO 13485:2003 is the notified body's.",
      '| IEC 62304:2006 | current |',
      '',
    ].join('\n');
    const datasource = path.join(dir, 'datasource');
    let updated = text;
    const proposals: string[] = [];
    // As Renovate: each match's package looked up, the newest release its versioning reads, currentValue replaced.
    for (const match of presetMatches(text).reverse()) {
      if (!versioning().test(match.currentValue)) continue; // Renovate skips a value its versioning cannot read
      const file = path.join(datasource, `${packageName(match.depName)}.json`);
      const { releases } = JSON.parse(fs.readFileSync(file, 'utf8')) as Document;
      const newest = releases.filter((r) => !r.isDeprecated && versioning().test(r.version)).at(-1)?.version;
      if (!newest || Number(newest) <= Number(match.currentValue)) continue;
      proposals.unshift(`${match.depName} ${match.currentValue} → ${newest}`);
      updated = updated.slice(0, match.at) + newest + updated.slice(match.at + match.currentValue.length);
    }
    assert.deepEqual(proposals, ['ISO 9001 2008 → 2015', 'ISO/IEC 27001 2013 → 2022']);
    assert.equal(updated, text.replace('ISO 9001:2008', 'ISO 9001:2015').replace('ISO/IEC 27001:2013', 'ISO/IEC 27001:2022'));
    assert.deepEqual(
      presetMatches(text).map((m) => `${m.depName}:${m.currentValue}`),
      ['ISO 9001:2008', 'ISO/IEC 27001:2013', 'ISO 14971:2000/Amd', 'IEC 62304:2006'],
      'the adoption (EN ISO) is not matched; the amendment is matched with a value Renovate leaves',
    );
  });
});
