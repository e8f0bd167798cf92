/**
 * The command line's commands and options, defined once: parseArgs' options (main.ts), `--help` (usage.ts) and the
 * reference page docs/cli.md (scripts/cli-docs.ts, `npm run readme`) are all made from these tables, so they cannot
 * drift. A new option is a row here; test/unit/cliDocs.test.ts fails until docs/cli.md is written again.
 */
import { MAX_CHECKED_FILES, MAX_FILE_BYTES } from '../core/agentTools/fileBounds';
import { FORMATS } from '../core/check/formats';
import { RULE_IDS } from '../core/check/rules';

/** `--timeout`: the most a run spends with the service by default (10 minutes), and at most (a day). */
export const DEFAULT_TIMEOUT_SECONDS = 600;
export const MAX_TIMEOUT_SECONDS = 86_400;

export const COMMANDS = ['check', 'lock', 'fix', 'coverage', 'catalogue', 'mcp', 'lsp'] as const;
export type CommandName = (typeof COMMANDS)[number];

export interface CommandSpec {
  name: CommandName;
  /** Its usage line after `standards-explorer `. */
  synopsis: string;
  /** What it does, one sentence: docs/cli.md's list of commands. */
  summary: string;
}

export const COMMAND_SPECS: readonly CommandSpec[] = [
  { name: 'check', synopsis: 'check [paths…] [options]', summary: 'checks the standards cited in the files against the catalogue and reports findings.' },
  {
    name: 'lock',
    synopsis: 'lock [paths…] [options]',
    summary: 'records the cited editions and clauses, with fingerprints of their text, in standards.lock (needs the service).',
  },
  { name: 'fix', synopsis: 'fix [paths…] [--dry-run] [options]', summary: 'rewrites withdrawn and superseded editions to the current edition, in place.' },
  {
    name: 'coverage',
    synopsis: 'coverage "<reference>" [paths…] [--format md|csv|html|json] [--fail-under PERCENT] [--all]',
    summary: "reports which clauses of one standard the project's files address.",
  },
  { name: 'catalogue', synopsis: 'catalogue export --format renovate --output DIR [catalogue options]', summary: 'writes the catalogue for Renovate.' },
  { name: 'mcp', synopsis: 'mcp [--root DIR]… [--no-roots] [catalogue options]', summary: 'serves the agent tools to an MCP client over stdio.' },
  { name: 'lsp', synopsis: 'lsp --stdio', summary: "a language server over stdio: check's diagnostics, hovers and fixes in any editor." },
];

/** The parts of `--help`, in order: a heading, what the part says, then its options. */
export const SECTIONS = {
  catalogue: { heading: 'Catalogue (one of):' },
  report: { heading: 'Report:' },
  fix: {
    heading: 'Fix (fix):',
    text:
      "rewrites each withdrawn or superseded edition cited in the files to the check's fix, the current edition " +
      '(a supplement of the old edition, "/Amd 1:2003", goes with it), in place: only the reference changes; each file keeps ' +
      'its encoding (UTF-8, a byte order mark), line breaks (LF, CRLF) and mode, and is written whole (a temporary file ' +
      'renamed over it). A citation that names a clause, annex, table or figure (its number may differ in the new edition), ' +
      'or that nothing current replaces, is listed as left and not touched; so is a file that is not UTF-8 text or is a ' +
      "symbolic link. Against the service, a citation naming one clause, annex or section is rewritten when both editions' " +
      'clause lists tell where it went (a named section by its name; a clause or annex by its title, given once in each ' +
      'list), its number too when it was renumbered. Files not read (too large, binary) are untouched and reported. The ' +
      "catalogue options, --config, --as-of and --max-file-size are check's.",
    after:
      'Exit status: 0 nothing left (all rewritten, or nothing to rewrite), 1 citations or files left for a person ' +
      '(with --dry-run: also anything to rewrite), 2 could not run.',
  },
  export: {
    heading: 'Catalogue export (catalogue export):',
    text:
      'writes the catalogue (a file, or the service, as check reads it) into --output DIR as a Renovate custom datasource, a JSON file per ' +
      'standard (iso-9001.json), its editions as releases by year, withdrawn ones deprecated (docs/cli-and-ci.md). Exit status: 0 written, 2 could not run.',
  },
  mcp: {
    heading: 'MCP server (mcp):',
    text:
      'the agent tools (search_standards, get_clause, list_clauses, lookup_term, check_references) over ' +
      'stdio for an MCP client, with the catalogue options above. Instead of STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET, ' +
      'STANDARDS_ACCESS_TOKEN may hold a short-lived access token (and STANDARDS_ACCESS_TOKEN_EXPIRES_AT when it expires, ' +
      'in milliseconds since the epoch or ISO 8601): no token URL is needed then. The log goes to standard error; standard ' +
      'output carries the protocol only.',
  },
  lsp: {
    heading: 'Language server (lsp --stdio):',
    text:
      "diagnostics with check's rules and config (standards.config.json in the workspace " +
      "root), hovers, fix's edit as a code action, completion after a publisher, the citations of the open documents and the " +
      "workspace's files as workspace symbols, and (with a service) links to the cited clauses, for any editor with an LSP " +
      'client. Its initialization options: "catalogue" (a file, relative to the workspace root), "asOf" (as --as-of), ' +
      '"baseUrl" and "tokenUrl" (else STANDARDS_BASE_URL and STANDARDS_TOKEN_URL); credentials from the environment only. ' +
      "A document over check's default limit (5 MB) is not checked (said in the log).",
  },
} as const satisfies Record<string, { heading: string; text?: string; after?: string }>;
export type SectionName = keyof typeof SECTIONS;

export interface OptionSpec {
  name: string;
  type: 'string' | 'boolean';
  multiple?: true;
  /** The value's name in the help (`--format FORMAT`); a boolean has none. */
  arg?: string;
  /** The commands that take it (main.ts refuses some elsewhere, with a message of its own). */
  commands: readonly CommandName[];
  section: SectionName;
  description: string;
}

const CATALOGUE_USERS: readonly CommandName[] = ['check', 'lock', 'fix', 'coverage', 'catalogue', 'mcp'];
const FILE_READERS: readonly CommandName[] = ['check', 'lock', 'fix', 'coverage'];

export const OPTIONS = [
  {
    name: 'catalogue',
    type: 'string',
    arg: 'FILE',
    commands: CATALOGUE_USERS,
    section: 'catalogue',
    description: 'a catalogue file, JSON Lines of {"urn", "reference", "title", "status"} (plain or gzipped)',
  },
  {
    name: 'base-url',
    type: 'string',
    arg: 'URL',
    commands: CATALOGUE_USERS,
    section: 'catalogue',
    description: 'the Standards Content Service (or STANDARDS_BASE_URL; never from a config: a repository does not decide where the credentials go)',
  },
  {
    name: 'token-url',
    type: 'string',
    arg: 'URL',
    commands: CATALOGUE_USERS,
    section: 'catalogue',
    description:
      'its token endpoint (or STANDARDS_TOKEN_URL); credentials only from the environment: STANDARDS_CLIENT_ID, ' +
      'STANDARDS_CLIENT_SECRET, and STANDARDS_API_KEY with STANDARDS_API_KEY_HEADER when the service needs an API key; the ' +
      'catalogue read is kept for a day in STANDARDS_EXPLORER_CACHE (default: ~/.cache/standards-explorer/cli), owner-only',
  },
  {
    name: 'refresh',
    type: 'boolean',
    commands: CATALOGUE_USERS,
    section: 'catalogue',
    description: 'read the catalogue from the service again, however recent the kept one is',
  },
  {
    name: 'timeout',
    type: 'string',
    arg: 'SECONDS',
    commands: CATALOGUE_USERS,
    section: 'catalogue',
    description:
      'the most check, lock and coverage spend with the service, the waits it asks for (Retry-After) included ' +
      `(default: ${DEFAULT_TIMEOUT_SECONDS}, at most ${MAX_TIMEOUT_SECONDS}); each wait of a second or more is said on ` +
      'standard error; when the time is up, or the service asks for a longer wait than is left, the run stops with exit 2',
  },
  {
    name: 'format',
    type: 'string',
    arg: 'FORMAT',
    commands: ['check', 'coverage', 'catalogue'],
    section: 'report',
    description: `${FORMATS.join(', ')} (default: text) (gitlab: a GitLab Code Quality report, for artifacts:reports:codequality); coverage's: md, csv, html, json; catalogue export's: renovate`,
  },
  {
    name: 'output',
    type: 'string',
    arg: 'FILE',
    commands: ['check', 'coverage', 'catalogue'],
    section: 'report',
    description: 'write the report to FILE instead of standard output (catalogue export: the folder to write, DIR)',
  },
  {
    name: 'fail-on',
    type: 'string',
    arg: 'RULES',
    commands: ['check'],
    section: 'report',
    description: `exit 1 when a finding of these rules is reported, comma-separated: ${RULE_IDS.join(', ')} (default: none, a report first)`,
  },
  {
    name: 'fail-under',
    type: 'string',
    arg: 'PERCENT',
    commands: ['coverage'],
    section: 'report',
    description: 'exit 1 when less than PERCENT (0 to 100) of the clauses are addressed or not applicable',
  },
  {
    name: 'all',
    type: 'boolean',
    commands: ['coverage'],
    section: 'report',
    description: 'count informative clauses too (default: the normative clauses only)',
  },
  {
    name: 'as-of',
    type: 'string',
    arg: 'DATE',
    commands: ['check', 'fix'],
    section: 'report',
    description: 'judge editions as they stood on DATE (YYYY-MM-DD or YYYY): an edition replaced by one published later was current then',
  },
  {
    name: 'config',
    type: 'string',
    arg: 'FILE',
    commands: CATALOGUE_USERS,
    section: 'report',
    description: 'the config file (default: standards.config.json, else the "standards" key of package.json)',
  },
  {
    name: 'max-file-size',
    type: 'string',
    arg: 'SIZE',
    commands: FILE_READERS,
    section: 'report',
    description:
      'read no file larger than SIZE (default: 5MB; at most 500MB; e.g. 20MB, 800kB): each larger text file is named in ' +
      'the report as not read, and fails a gate (--fail-on); binary files (images, archives, PDF) are never read, only counted',
  },
  {
    name: 'changed-since',
    type: 'string',
    arg: 'REF',
    commands: ['check'],
    section: 'report',
    description:
      'report only findings on lines added or changed since REF (a branch, tag or commit: from where HEAD left it to the ' +
      'working tree, untracked files included), still judged against the whole catalogue; only the changed files are read. ' +
      "Git runs without the repository's hooks or fsmonitor. A ref git does not have (a shallow clone: fetch-depth: 0) stops the check",
  },
  {
    name: 'changed-lines-from',
    type: 'string',
    arg: 'DIFF',
    commands: ['check'],
    section: 'report',
    description:
      'the same, from a unified diff file (git diff, diff -u; paths relative to where the check runs), for CI systems that ' + 'give the change as a diff',
  },
  {
    name: 'dry-run',
    type: 'boolean',
    commands: ['fix'],
    section: 'fix',
    description: 'write nothing: print a unified diff of the rewrites (for git apply or patch -p1) on standard output, what is left on standard error',
  },
  {
    name: 'root',
    type: 'string',
    multiple: true,
    arg: 'DIR',
    commands: ['mcp'],
    section: 'mcp',
    description:
      'a folder check_references may read (repeatable; default: the current folder); a relative path is taken in the first ' +
      'root that has it. Files are read by their real paths: a symbolic link leading outside every root is not followed. ' +
      `At most ${MAX_CHECKED_FILES} files and ${MAX_FILE_BYTES / 1_000_000} MB a file per call; what is not read is said in the answer`,
  },
  {
    name: 'no-roots',
    type: 'boolean',
    commands: ['mcp'],
    section: 'mcp',
    description: 'no folder: check_references checks text only',
  },
  {
    name: 'stdio',
    type: 'boolean',
    commands: ['lsp'],
    section: 'lsp',
    description: 'speak the protocol over standard input and output (the only transport)',
  },
] as const satisfies readonly OptionSpec[];

/** What the command line's exit status means. */
export const EXIT_STATUS_TEXT = 'Exit status: 0 no finding at the gate, 1 findings at the gate, 2 could not run (usage, config, catalogue, service).';

export const INTRO =
  'Checks the standards cited in the files under paths (default: the current folder; .gitignore is honoured in a git ' +
  'work tree) against the catalogue: withdrawn and superseded editions, unknown standards, undated references, and ' +
  '(against the service) clauses the cited edition does not have.';

type ParsedOption = Exclude<(typeof OPTIONS)[number], { section: 'lsp' }>;
/** parseArgs' options, typed by the table, so that main.ts reads `values.format` as a string and `values.root` as a list. */
export type ParseOptions = {
  [O in ParsedOption as O['name']]: { type: O['type']; multiple: O extends { multiple: true } ? true : false };
} & { help: { type: 'boolean'; short: 'h' } };

/** The options as node:util parseArgs takes them (lsp reads its own arguments: --stdio is not among them). */
export function parseArgsOptions(): ParseOptions {
  const options: Record<string, { type: 'string' | 'boolean'; multiple: boolean; short?: string }> = {};
  for (const option of OPTIONS as readonly OptionSpec[])
    if (option.section !== 'lsp') options[option.name] = { type: option.type, multiple: option.multiple === true };
  options.help = { type: 'boolean', multiple: false, short: 'h' };
  return options as unknown as ParseOptions; // built from the same rows the type is
}

/** `--name ARG`, as the help and the reference page write an option. */
export const optionLabel = (option: OptionSpec): string => `--${option.name}${option.arg ? ` ${option.arg}` : ''}`;

const WIDTH = 118;
const COLUMN = 25;

/** `text` in lines of at most `width` characters, the first `first` characters in, the rest `rest` in. */
function wrapped(text: string, first: string, rest: string, width = WIDTH): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else line += (empty ? '' : ' ') + word;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** `--help`: the commands' usage lines, then each part with its options. */
export function helpText(): string {
  const usage = COMMAND_SPECS.map((command, i) => `${i === 0 ? 'Usage: ' : '       '}standards-explorer ${command.synopsis}`);
  const parts: string[] = [usage.join('\n'), wrapped(INTRO, '', '').join('\n')];
  for (const [name, section] of Object.entries(SECTIONS) as Array<[SectionName, (typeof SECTIONS)[SectionName]]>) {
    const lines = 'text' in section ? wrapped(section.text, `${section.heading} `, '') : [section.heading];
    for (const option of (OPTIONS as readonly OptionSpec[]).filter((o) => o.section === name)) {
      const label = `  ${optionLabel(option)}`;
      const first = label.length + 2 <= COLUMN ? label.padEnd(COLUMN) : `${label}  `;
      lines.push(...wrapped(option.description, first, ' '.repeat(COLUMN)));
    }
    if ('after' in section) lines.push(...wrapped(section.after, '  ', '  '));
    parts.push(lines.join('\n'));
  }
  parts.push(EXIT_STATUS_TEXT);
  return `${parts.join('\n\n')}\n`;
}
