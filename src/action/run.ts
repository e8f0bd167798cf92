/**
 * The GitHub Action (action.yml): `standards-explorer check` run in-process through the command line's own main()
 * (the same options, config, catalogue and service client, the same exit statuses), its JSON report read back, then
 * what GitHub shows: annotations up to its limits, a job summary, a SARIF file for code scanning, and step outputs.
 * `only-changed` reports the lines a pull request added or changed: `--changed-since` the event's base commit (from
 * there to the checkout, which is the pull request's head or its merge commit; their line numbers are the files').
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Finding } from '../core/check/checkText';
import { formatReport, githubLine, githubSkipped, plural } from '../core/check/formats';
import { atLeast, type ReportedSeverity } from '../core/check/rules';
import type { SkippedFile } from '../core/check/skippedFiles';
import { main } from '../cli/main';
import { summaryMarkdown, worstFirst } from './summary';
import { appendSummary, capAnnotations, input, setOutput, type Env } from './workflow';

/** The inputs action.yml declares, each read here. */
export const INPUTS = [
  'paths',
  'fail-on',
  'as-of',
  'catalogue',
  'base-url',
  'token-url',
  'config',
  'max-file-size',
  'only-changed',
  'annotations',
  'sarif',
] as const;
type Input = (typeof INPUTS)[number];

/** An action input that cannot be used: the step fails saying which and why. */
class BadInput extends Error {}

interface JsonReport {
  files: number;
  findings: Finding[];
  skipped?: SkippedFile[];
}

const LEVELS: Record<string, ReportedSeverity | 'none'> = { error: 'error', warning: 'warning', notice: 'note', none: 'none' };

/** Runs the action; the step's exit status (0 passed, 1 failed: the gate, or it could not run). */
export async function runAction(env: Env, out: { write(text: string): unknown }, version: string): Promise<number> {
  try {
    return await run(env, out, version);
  } catch (error) {
    if (!(error instanceof BadInput)) throw error;
    out.write(`::error title=standards-explorer::${escapeData(error.message)}\n`);
    return 1;
  }
}

async function run(env: Env, out: { write(text: string): unknown }, version: string): Promise<number> {
  const given = (name: Input): string => input(env, name);
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const levelName = given('annotations') || 'warning';
  const level = Object.hasOwn(LEVELS, levelName) ? LEVELS[levelName] : undefined;
  if (!level) throw new BadInput(`annotations: "${given('annotations')}": give error, warning, notice or none.`);
  const sarif = path.resolve(workspace, given('sarif') || 'standards-explorer.sarif');
  const failOn = given('fail-on');
  const scope = given('only-changed');
  if (scope && scope !== 'true' && scope !== 'false') throw new BadInput(`only-changed: "${scope}": give true or false.`);

  const args = ['check'];
  const option = (name: Input): void => {
    const value = given(name);
    if (value) args.push(`--${name}`, value);
  };
  option('fail-on');
  option('as-of');
  option('catalogue');
  option('base-url');
  option('token-url');
  option('config');
  option('max-file-size');
  if (scope === 'true') args.push('--changed-since', baseCommit(env));

  const dir = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'standards-explorer-'));
  try {
    const json = path.join(dir, 'report.json');
    // The paths after "--": a path that starts with a hyphen is a path, not an option.
    args.push('--format', 'json', '--output', json, '--', ...paths(given('paths')));
    // The command line's own run: credentials from the step's environment (env: with secrets), as the CLI reads them.
    // Its line naming the report's temporary file is left out of the log: the file is gone when the step ends.
    const stderr = { write: (text: string): boolean => text.includes(json) || process.stderr.write(text) };
    const status = await main(args, { cwd: workspace, env: { ...env }, stdout: { write: (t: string) => out.write(t) }, stderr }, version);
    if (status === 2) {
      out.write('::error title=standards-explorer::The check could not run: the log above says why (the inputs, the config, the catalogue or the service).\n');
      return 1;
    }
    const report = JSON.parse(fs.readFileSync(json, 'utf8')) as JsonReport;
    const skipped = (report.skipped ?? []).map(({ file, reason, bytes, limit }) => ({
      file,
      reason,
      ...(bytes === undefined ? {} : { bytes }),
      ...(limit === undefined ? {} : { limit }),
    }));
    const findings = report.findings;

    const tool = { name: 'standards-explorer', version };
    const root = `${pathToFileURL(workspace).href.replace(/\/?$/, '/')}`;
    fs.mkdirSync(path.dirname(sarif), { recursive: true });
    fs.writeFileSync(sarif, formatReport({ findings, files: report.files, skipped, tool, root }, 'sarif'));

    // Annotations: the worst first, so that what GitHub shows of each level is what matters most; files not read first of all.
    const annotated = level === 'none' ? [] : worstFirst(findings).filter((f) => atLeast(f.severity, level));
    const skippedLines =
      level === 'none' || level === 'error'
        ? []
        : githubSkipped(skipped)
            .split(/(?<=\n)/)
            .filter((l) => l && (level === 'note' || l.startsWith('::warning')));
    const { shown, cut } = capAnnotations([...skippedLines, ...annotated.map(githubLine)]);
    for (const line of shown) out.write(line);
    const notShown = cut.error + cut.warning + cut.notice;
    if (notShown)
      out.write(
        `${plural(notShown, 'more finding')} not annotated (GitHub shows 10 of each level a step): the job summary and ${path.relative(workspace, sarif)} have them all.\n`,
      );

    const failRules = failOn ? failOn.split(',').map((r) => r.trim()) : [];
    const facts = { findings, files: report.files, skipped, failOn: failRules, gateFailed: status === 1, cut, sarif: path.relative(workspace, sarif) };
    appendSummary(env, summaryMarkdown(scope === 'true' ? { ...facts, scope: 'lines this change added or changed' } : facts));
    setOutput(env, 'findings', String(findings.length));
    setOutput(env, 'errors', String(findings.filter((f) => f.severity === 'error').length));
    setOutput(env, 'sarif-file', sarif);
    // A log line, not an annotation: it would take one of the ten error annotations GitHub shows.
    if (status === 1) out.write(`standards-explorer: the gate failed (fail-on: ${failOn || 'the config'}): see the annotations and the job summary.\n`);
    return status;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `paths`: one a line (or separated by spaces when on one line); none means the workspace. */
function paths(value: string): string[] {
  return value
    .split(/\r?\n/)
    .flatMap((line) => (value.includes('\n') ? [line.trim()] : line.trim().split(/\s+/)))
    .filter(Boolean);
}

/** The commit a pull request is compared with (its base), or a push's previous head, from the event's payload. */
function baseCommit(env: Env): string {
  const file = env.GITHUB_EVENT_PATH;
  if (!file) throw new BadInput('only-changed: GITHUB_EVENT_PATH is not set (it is, on GitHub): no event to take the change from.');
  let event: { pull_request?: { base?: { sha?: unknown } }; before?: unknown };
  try {
    event = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof event;
  } catch (error) {
    throw new BadInput(`only-changed: cannot read the event at ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const sha = event.pull_request?.base?.sha ?? event.before;
  if (typeof sha !== 'string' || !/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(sha) || /^0+$/.test(sha))
    throw new BadInput(
      `only-changed: the ${env.GITHUB_EVENT_NAME ?? ''} event names no base commit (a pull_request event's base.sha, or a push's before): run on pull_request, or set only-changed: false.`,
    );
  return sha;
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
