/**
 * The copy-paste snippets of docs/cli-and-ci.md's "In CI" part, taken from the page as a reader copies them: each
 * fenced block is parsed (YAML with js-yaml, JSON) and checked against what it names — the workflow's inputs and
 * outputs against action.yml, GitLab's report artifacts against the files its commands write, the pre-commit hook ids
 * against .pre-commit-hooks.yaml, the Renovate preset against renovate-preset.json — and every `standards-explorer`
 * command in them is run with the built command line (cliBundle.ts) in a workspace of its own, against the fixture
 * catalogue under the name the snippet gives it, or (the service's) has each option checked against the command
 * line's table of options (src/cli/options.ts).
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildCli, CATALOGUE } from './cliBundle';
import { COMMANDS, OPTIONS } from '../../src/cli/options';

const REPO = path.resolve(__dirname, '../../..');
const PAGE = path.join(REPO, 'docs/cli-and-ci.md');
// js-yaml comes with mocha (and vsce); it has no types of its own here.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module without types
const yaml = require('js-yaml') as { load(text: string): unknown };

interface Snippet {
  /** The "###" heading it is under. */
  section: string;
  language: string;
  text: string;
}

/** The fenced blocks of the "## In CI" part, each with its section. */
function snippets(): Snippet[] {
  const page = fs.readFileSync(PAGE, 'utf8');
  const start = page.indexOf('\n## In CI\n');
  assert.ok(start >= 0, 'docs/cli-and-ci.md has an "In CI" part');
  const end = page.indexOf('\n## ', start + 1);
  const part = page.slice(start, end < 0 ? undefined : end);
  const found: Snippet[] = [];
  let section = '';
  const lines = part.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('### ')) section = lines[i].slice(4);
    const fence = /^```(\w*)$/.exec(lines[i]);
    if (!fence) continue;
    const close = lines.indexOf('```', i + 1);
    assert.ok(close > i, `${section}: a fenced block is closed`);
    found.push({ section, language: fence[1], text: lines.slice(i + 1, close).join('\n') });
    i = close;
  }
  return found;
}

const inSection = (prefix: string): Snippet[] => snippets().filter((s) => s.section.startsWith(prefix));
const asRecord = (value: unknown, what: string): Record<string, unknown> => {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), `${what} is a mapping`);
  return value as Record<string, unknown>;
};

/** The `standards-explorer` commands of a snippet: the words after it, as a shell splits a line without quotes' tricks. */
function commandsIn(text: string): string[][] {
  const commands: string[][] = [];
  for (const line of text.split('\n')) {
    const at = line.indexOf('standards-explorer ');
    if (at < 0 || !/npx (?:--yes )?standards-explorer /.test(line)) continue;
    const words = [...line.slice(at + 'standards-explorer '.length).matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
    commands.push(words);
  }
  return commands;
}

/** Each `--option` of a command is one the command line has, taken by that command. */
function assertOptionsKnown(words: readonly string[], where: string): void {
  const [command] = words;
  assert.ok((COMMANDS as readonly string[]).includes(command), `${where}: ${command} is a command`);
  for (const word of words.filter((w) => w.startsWith('--'))) {
    const option = OPTIONS.find((o) => o.name === word.slice(2));
    assert.ok(option, `${where}: ${word} is an option of the command line`);
    assert.ok((option.commands as readonly string[]).includes(command), `${where}: ${word} is an option of ${command}`);
  }
}

describe('docs/cli-and-ci.md: the "In CI" snippets', function () {
  this.timeout(120_000);
  let dir: string;
  let cli: string;
  /** Runs a snippet's command line in a fresh workspace holding a citation of a withdrawn edition and the catalogue file it names. */
  const runInWorkspace = (name: string, words: readonly string[]): { status: number | null; stdout: string; stderr: string; cwd: string } => {
    const cwd = path.join(dir, name);
    fs.mkdirSync(path.join(cwd, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(cwd, 'docs/quality.md'), 'The quality system follows ISO 9001:2008.\n');
    const at = words.indexOf('--catalogue');
    if (at >= 0) fs.copyFileSync(CATALOGUE, path.join(cwd, words[at + 1]));
    const result = spawnSync(process.execPath, [cli, ...words], {
      cwd,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), STANDARDS_EXPLORER_CACHE: path.join(dir, 'cache') },
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr, cwd };
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-ci-snippets-'));
    cli = await buildCli(dir);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('has a snippet for GitHub, GitLab, pre-commit and Renovate', () => {
    for (const section of ['GitHub', 'GitLab', 'pre-commit', 'Many repositories: Renovate'])
      assert.ok(inSection(section).length, `a snippet under "${section}"`);
  });

  it("GitHub: the workflow parses, uses this action with inputs action.yml declares and reads outputs it sets; the command-line steps' options exist", () => {
    const action = asRecord(yaml.load(fs.readFileSync(path.join(REPO, 'action.yml'), 'utf8')), 'action.yml');
    const inputs = Object.keys(asRecord(action.inputs, 'action.yml inputs'));
    const outputs = Object.keys(asRecord(action.outputs, 'action.yml outputs'));
    const [workflowSnippet, ...rest] = inSection('GitHub');
    assert.equal(workflowSnippet.language, 'yaml');
    const workflow = asRecord(yaml.load(workflowSnippet.text), 'the workflow');
    const jobs = Object.values(asRecord(workflow.jobs, 'jobs')).map((job) => asRecord(job, 'a job'));
    const steps = jobs.flatMap((job) => job.steps as Array<Record<string, unknown>>);
    const ours = steps.filter((step) => typeof step.uses === 'string' && /\/standards-explorer@/.test(step.uses));
    assert.equal(ours.length, 1, 'one step uses the action');
    const given = Object.keys(asRecord(ours[0].with, "the action's with"));
    assert.ok(given.length);
    for (const key of given) assert.ok(inputs.includes(key), `with: ${key} is an input of action.yml (${inputs.join(', ')})`);
    for (const [, id, output] of workflowSnippet.text.matchAll(/steps\.(\w+)\.outputs\.([\w-]+)/g)) {
      assert.equal(id, ours[0].id, "the outputs read are the action step's");
      assert.ok(outputs.includes(output), `${output} is an output of action.yml`);
    }
    // The prose lists the inputs: every one, and no other.
    const page = fs.readFileSync(PAGE, 'utf8');
    const listed = /\nInputs: ([\s\S]*?)\. /.exec(page)?.[1] ?? '';
    assert.deepEqual(
      [...listed.matchAll(/`([a-z-]+)`(?= \(|,|$| or)/g)]
        .map((m) => m[1])
        .filter((n) => inputs.includes(n))
        .sort(),
      [...inputs].sort(),
    );
    for (const snippet of rest) {
      assert.ok(Array.isArray(yaml.load(snippet.text)), 'the command-line steps parse as a list of steps');
      for (const words of commandsIn(snippet.text)) assertOptionsKnown(words, `GitHub step ${words.join(' ')}`);
    }
  });

  it('GitLab: the job parses, its commands run as written and write the Code Quality and JUnit reports its artifacts name', () => {
    const [snippet] = inSection('GitLab');
    assert.equal(snippet.language, 'yaml');
    const job = asRecord(asRecord(yaml.load(snippet.text), 'the pipeline').standards, 'the standards job');
    const reports = asRecord(asRecord(job.artifacts, 'artifacts').reports, 'artifacts.reports');
    assert.equal(typeof reports.codequality, 'string');
    assert.equal(typeof reports.junit, 'string');
    const script = job.script as string[];
    const commands = commandsIn(script.join('\n'));
    assert.equal(commands.length, 2);
    const cwd = path.join(dir, 'gitlab');
    for (const words of commands) {
      assertOptionsKnown(words, `GitLab ${words.join(' ')}`);
      const { status, stderr } = runInWorkspace('gitlab', words);
      assert.equal(status, words.includes('--fail-on') ? 1 : 0, stderr);
    }
    const codequality = JSON.parse(fs.readFileSync(path.join(cwd, reports.codequality as string), 'utf8')) as Array<{ check_name: string }>;
    assert.deepEqual(
      codequality.map((issue) => issue.check_name),
      ['withdrawn'],
    );
    assert.match(fs.readFileSync(path.join(cwd, reports.junit as string), 'utf8'), /<testsuites[\s\S]*ISO 9001:2008/);
  });

  it('pre-commit: the config parses and names hooks .pre-commit-hooks.yaml defines', () => {
    const hooks = yaml.load(fs.readFileSync(path.join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as Array<{ id: string }>;
    const ids = hooks.map((hook) => hook.id);
    const [snippet] = inSection('pre-commit');
    assert.equal(snippet.language, 'yaml');
    const config = asRecord(yaml.load(snippet.text), 'the pre-commit config');
    const used = (config.repos as Array<{ hooks: Array<{ id: string }> }>).flatMap((repo) => repo.hooks.map((hook) => hook.id));
    assert.ok(used.length);
    for (const id of used) assert.ok(ids.includes(id), `${id} is a hook of .pre-commit-hooks.yaml (${ids.join(', ')})`);
  });

  it('Renovate: the preset is renovate-preset.json, and the export command runs as written', () => {
    const blocks = inSection('Many repositories: Renovate');
    const json = blocks.filter((b) => b.language === 'json');
    assert.equal(json.length, 1);
    assert.deepEqual(JSON.parse(json[0].text), JSON.parse(fs.readFileSync(path.join(REPO, 'renovate-preset.json'), 'utf8')));
    const commands = blocks.filter((b) => b.language === 'sh').flatMap((b) => commandsIn(b.text));
    assert.equal(commands.length, 1);
    const [words] = commands;
    assertOptionsKnown(
      words.filter((w) => w !== 'export'),
      `Renovate ${words.join(' ')}`,
    );
    const { status, stdout, stderr, cwd } = runInWorkspace('renovate', words);
    assert.equal(status, 0, stderr);
    assert.match(stdout, /^Exported 7 standards/);
    const output = words[words.indexOf('--output') + 1];
    assert.ok(fs.existsSync(path.join(cwd, output, 'iso-9001.json')));
  });
});
