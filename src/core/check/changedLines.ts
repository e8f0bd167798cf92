/**
 * The lines a change added or changed, read from a unified diff (git's, or any tool's that writes `---`/`+++` file
 * headers and `@@ -a,b +c,d @@` hunks), so that a check can report only the findings a change brought in, while the
 * citations are still judged against the whole catalogue. No I/O.
 *
 * What counts, on the new side: every `+` line of a hunk. A file renamed or copied keeps only its `+` lines, a new
 * file has all its lines added, a deleted file is not there, a binary file (`Binary files … differ`, a GIT binary
 * patch) is there with no lines (nothing is known of them, and the check reads no binary file). CRLF line ends,
 * `\ No newline at end of file`, and git's quoted paths ("caf\303\251.md") are read as git writes them.
 */
import type { Finding } from './checkText';

/** Each file the diff changed (its path on the new side, as the diff gives it) and its added lines, 1-based; 'all' for a file added whole without a diff (untracked). */
export type ChangedLines = ReadonlyMap<string, ReadonlySet<number> | 'all'>;

const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/;

/** The files and lines a unified diff adds to. Throws on a hunk that runs past the end of the diff (a cut file). */
export function parseUnifiedDiff(text: string): Map<string, Set<number>> {
  const changed = new Map<string, Set<number>>();
  const lines = text.split('\n');
  let oldPath: string | undefined;
  let current: Set<number> | undefined;
  /** From a `diff --git` header, for a diff with no ---/+++ (a rename alone, a binary file, a mode change). */
  let gitHeader: { b: string } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = stripCr(lines[i]);
    if (line.startsWith('diff --git ')) {
      current = undefined;
      oldPath = undefined;
      gitHeader = gitHeaderPaths(line.slice('diff --git '.length));
      continue;
    }
    if (line.startsWith('rename to ') || line.startsWith('copy to ')) {
      const to = unquote(line.slice(line.indexOf(' to ') + ' to '.length));
      gitHeader = { b: to };
      changed.set(to, changed.get(to) ?? new Set());
      continue;
    }
    if (line.startsWith('deleted file mode')) {
      gitHeader = undefined;
      continue;
    }
    if (/^Binary files .* differ$/.test(line) || line === 'GIT binary patch') {
      const match = / and (.+) differ$/.exec(line);
      const to = match ? newSidePath(match[1], 'a/') : gitHeader?.b;
      if (to !== undefined) changed.set(to, changed.get(to) ?? new Set());
      continue;
    }
    if (line.startsWith('--- ')) {
      oldPath = headerPath(line.slice(4));
      continue;
    }
    if (line.startsWith('+++ ') && oldPath !== undefined) {
      const to = newSidePath(headerPath(line.slice(4)), oldPath);
      current = to === undefined ? undefined : (changed.get(to) ?? new Set());
      if (to !== undefined && current) changed.set(to, current);
      continue;
    }
    const hunk = HUNK.exec(line);
    if (hunk) {
      let next = Number(hunk[1]);
      let left = hunk[2] === undefined ? 1 : Number(hunk[2]);
      let oldLeft = oldCount(line);
      // Read the hunk's lines by their counts: a removed line may itself start with "--- " or "+++ ".
      while (left > 0 || oldLeft > 0) {
        i++;
        // The empty string after the diff's last line break is no line of the hunk.
        if (i >= lines.length || (i === lines.length - 1 && lines[i] === '')) throw new Error(`The diff ends inside a hunk (${line}): it was cut short.`);
        const body = lines[i];
        const kind = body[0];
        if (kind === '+') {
          current?.add(next);
          next++;
          left--;
        } else if (kind === '-') oldLeft--;
        else if (kind === '\\') continue;
        else {
          // Context: ' ', or an empty line where a tool dropped the space of an empty context line.
          next++;
          left--;
          oldLeft--;
        }
      }
      // A "\ No newline at end of file" right after the hunk's last line.
      if (lines[i + 1]?.startsWith('\\')) i++;
    }
  }
  return changed;
}

/** Whether a finding is on a line the change added or changed. */
export function onChangedLine(changed: ChangedLines, file: string, line: number): boolean {
  const lines = changed.get(file);
  return lines === 'all' || (lines !== undefined && lines.has(line));
}

/** The findings on lines the change added or changed; the rest were there before it. */
export function findingsOnChangedLines(findings: readonly Finding[], changed: ChangedLines): Finding[] {
  return findings.filter((finding) => onChangedLine(changed, finding.file, finding.line));
}

/** `@@ -a,b`: how many old lines the hunk has. */
function oldCount(header: string): number {
  const match = /^@@ -\d+(?:,(\d+))?/.exec(header);
  return match?.[1] === undefined ? 1 : Number(match[1]);
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** A ---/+++ header's path: git's quoted form unquoted; an unquoted one ends at a tab (diff -u writes the time after it). */
function headerPath(rest: string): string {
  if (rest.startsWith('"')) return unquote(rest.slice(0, closingQuote(rest) + 1));
  const tab = rest.indexOf('\t');
  return tab < 0 ? rest : rest.slice(0, tab);
}

/** The new side's path, without git's "b/" when the old side had "a/" (or was /dev/null); undefined for a deleted file. */
function newSidePath(path: string, oldPath: string): string | undefined {
  if (path === '/dev/null') return undefined;
  const prefixed = oldPath === '/dev/null' || oldPath.startsWith('a/');
  return prefixed && path.startsWith('b/') ? path.slice(2) : path;
}

/** `diff --git a/x b/y`: y, for a change with no ---/+++ (quoted paths read whole). */
function gitHeaderPaths(rest: string): { b: string } | undefined {
  if (rest.endsWith('"')) {
    const start = rest.lastIndexOf(' "');
    return start < 0 ? undefined : { b: stripB(unquote(rest.slice(start + 1))) };
  }
  const half = rest.indexOf(' b/');
  return half < 0 ? undefined : { b: rest.slice(half + 3) };
}

function stripB(path: string): string {
  return path.startsWith('b/') ? path.slice(2) : path;
}

function closingQuote(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return text.length - 1;
}

const UTF8 = new TextEncoder();

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** git's C-style quoting ("caf\303\251.md": octal bytes of UTF-8) undone; an unquoted path as it is. */
export function unquote(path: string): string {
  if (!path.startsWith('"') || !path.endsWith('"') || path.length < 2) return path;
  const bytes: number[] = [];
  const inner = path.slice(1, -1);
  for (let i = 0; i < inner.length; i++) {
    const char = String.fromCodePoint(inner.codePointAt(i) ?? 0);
    if (char !== '\\') {
      bytes.push(...UTF8.encode(char));
      i += char.length - 1;
      continue;
    }
    const next = inner[i + 1];
    if (next === undefined) break;
    if (/[0-3]/.test(next) && /^[0-7]{3}$/.test(inner.slice(i + 1, i + 4))) {
      bytes.push(parseInt(inner.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
      i++;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
