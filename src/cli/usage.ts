/** The command line's words: its usage, and the error that means "could not run" (exit 2) rather than findings. */
import { MAX_CHECKED_FILES, MAX_FILE_BYTES } from '../core/agentTools/fileBounds';
import { FORMATS } from '../core/check/formats';
import { RULE_IDS } from '../core/check/rules';

/** Marks a CannotRun whichever bundle made it (Symbol.for is one registry per process). */
const CANNOT_RUN = Symbol.for('standards-explorer.cannotRun');

/**
 * Anything that stops the check from running: bad arguments, a broken config, an unreachable service. Exit 2. Each
 * bundle (dist/cli.js and the parts it loads on first use, dist/cli-*.js) has its own copy of this class: `instanceof`
 * asks the mark, so one bundle's CannotRun is another's too.
 */
export class CannotRun extends Error {
  readonly [CANNOT_RUN] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && CANNOT_RUN in value;
  }
}

/** `run`'s exit status, or 2 with the message on standard error when it cannot run. */
export async function exitStatusOf(stderr: { write(text: string): unknown }, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof CannotRun)) throw error;
    stderr.write(`standards-explorer: ${error.message}\n`);
    return 2;
  }
}

/** `--timeout`: the most a run spends with the service by default (10 minutes), and at most (a day). */
export const DEFAULT_TIMEOUT_SECONDS = 600;
export const MAX_TIMEOUT_SECONDS = 86_400;

export const USAGE = `Usage: standards-explorer check [paths…] [options]
       standards-explorer lock [paths…] [options]
       standards-explorer fix [paths…] [--dry-run] [options]
       standards-explorer coverage "<reference>" [paths…] [--format md|csv|html|json] [--fail-under PERCENT] [--all]
       standards-explorer mcp [--root DIR]… [--no-roots] [catalogue options]
       standards-explorer lsp --stdio

Checks the standards cited in the files under paths (default: the current folder; .gitignore is honoured in a git
work tree) against the catalogue: withdrawn and superseded editions, unknown standards, undated references, and
(against the service) clauses the cited edition does not have.

Catalogue (one of):
  --catalogue FILE       a catalogue file, JSON Lines of {"urn", "reference", "title", "status"} (plain or gzipped)
  --base-url URL         the Standards Content Service (or STANDARDS_BASE_URL; never from a config: a repository
                         does not decide where the credentials go)
  --token-url URL        its token endpoint (or STANDARDS_TOKEN_URL)
                         credentials only from the environment: STANDARDS_CLIENT_ID, STANDARDS_CLIENT_SECRET, and
                         STANDARDS_API_KEY with STANDARDS_API_KEY_HEADER when the service needs an API key;
                         the catalogue read is kept for a day in STANDARDS_EXPLORER_CACHE (default:
                         ~/.cache/standards-explorer/cli), owner-only
  --refresh              read the catalogue from the service again, however recent the kept one is
  --timeout SECONDS      the most check, lock and coverage spend with the service, the waits it asks for
                         (Retry-After) included (default: ${DEFAULT_TIMEOUT_SECONDS}, at most ${MAX_TIMEOUT_SECONDS}); each wait of a second or
                         more is said on standard error; when the time is up, or the service asks for a longer wait
                         than is left, the run stops with exit 2

Report:
  --format FORMAT        ${FORMATS.join(', ')} (default: text)
                         (gitlab: a GitLab Code Quality report, for artifacts:reports:codequality)
  --output FILE          write the report to FILE instead of standard output
  --fail-on RULES        exit 1 when a finding of these rules is reported, comma-separated: ${RULE_IDS.join(', ')}
                         (default: none, a report first)
  --as-of DATE           judge editions as they stood on DATE (YYYY-MM-DD or YYYY): an edition replaced by one
                         published later was current then
  --config FILE          the config file (default: standards.config.json, else the "standards" key of package.json)
  --max-file-size SIZE   read no file larger than SIZE (default: 5MB; at most 500MB; e.g. 20MB, 800kB): each larger
                         text file is named in the report as not read, and fails a gate (--fail-on); binary files
                         (images, archives, PDF) are never read, only counted
  --changed-since REF    report only findings on lines added or changed since REF (a branch, tag or commit: from
                         where HEAD left it to the working tree, untracked files included), still judged against the
                         whole catalogue; only the changed files are read. Git runs without the repository's hooks
                         or fsmonitor. A ref git does not have (a shallow clone: fetch-depth: 0) stops the check
  --changed-lines-from DIFF  the same, from a unified diff file (git diff, diff -u; paths relative to where the
                         check runs), for CI systems that give the change as a diff

Fix (fix): rewrites each withdrawn or superseded edition cited in the files to the check's fix, the current edition
(a supplement of the old edition, "/Amd 1:2003", goes with it), in place: only the reference changes; each file keeps
its encoding (UTF-8, a byte order mark), line breaks (LF, CRLF) and mode, and is written whole (a temporary file
renamed over it). A citation that names a clause, annex, table or figure (its number may differ in the new edition),
or that nothing current replaces, is listed as left and not touched; so is a file that is not UTF-8 text or is a
symbolic link. Against the service, a citation naming one clause, annex or section is rewritten when both editions'
clause lists tell where it went (a named section by its name; a clause or annex by its title, given once in each
list), its number too when it was renumbered. Files not read (too large, binary) are untouched and reported. The
catalogue options, --config, --as-of and --max-file-size are check's.
  --dry-run              write nothing: print a unified diff of the rewrites (for git apply or patch -p1) on
                         standard output, what is left on standard error
  Exit status: 0 nothing left (all rewritten, or nothing to rewrite), 1 citations or files left for a person
  (with --dry-run: also anything to rewrite), 2 could not run.

MCP server (mcp): the agent tools (search_standards, get_clause, list_clauses, lookup_term, check_references) over
stdio for an MCP client, with the catalogue options above. Instead of STANDARDS_CLIENT_ID and STANDARDS_CLIENT_SECRET,
STANDARDS_ACCESS_TOKEN may hold a short-lived access token (and STANDARDS_ACCESS_TOKEN_EXPIRES_AT when it expires,
in milliseconds since the epoch or ISO 8601): no token URL is needed then. The log goes to standard error; standard
output carries the protocol only.
  --root DIR             a folder check_references may read (repeatable; default: the current folder); a relative
                         path is taken in the first root that has it. Files are read by their real paths: a
                         symbolic link leading outside every root is not followed. At most ${MAX_CHECKED_FILES} files and ${MAX_FILE_BYTES / 1_000_000} MB a
                         file per call; what is not read is said in the answer
  --no-roots             no folder: check_references checks text only

Language server (lsp --stdio): diagnostics with check's rules and config (standards.config.json in the workspace
root), hovers, fix's edit as a code action, completion after a publisher, the citations of the open documents and the
workspace's files as workspace symbols, and (with a service) links to the cited clauses, for any editor with an LSP
client. Its initialization options: "catalogue" (a file, relative to the workspace root), "asOf" (as --as-of),
"baseUrl" and "tokenUrl" (else STANDARDS_BASE_URL and STANDARDS_TOKEN_URL); credentials from the environment only.
A document over check's default limit (5 MB) is not checked (said in the log).

Exit status: 0 no finding at the gate, 1 findings at the gate, 2 could not run (usage, config, catalogue, service).
`;
