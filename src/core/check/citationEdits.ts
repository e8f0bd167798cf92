/**
 * The text edits that bring a file's outdated citations to the current edition: the one computation behind
 * `standards-explorer fix` and the editor's Quick Fix. Each finding that carries a fix (checkText.ts: the current
 * edition's reference, a supplement of the old edition folded into it) becomes an edit of the reference alone, its
 * locators kept; a finding whose rewrite is not certain is left, with why, for a person:
 * - it names a clause, annex, table or figure: its number may differ in the new edition (ISO 9001:2008's 7.1 is not
 *   ISO 9001:2015's), unless the editions' clause lists say where it went (`clauseIn`, renumberedClause.ts: then the
 *   locator is rewritten too when the clause was renumbered);
 * - the catalogue has no current edition to cite instead (withdrawn with no replacement);
 * - the text there is no longer what was checked.
 * Pure: no I/O, no vscode.
 */
import { locatorLabel } from '../citations/citationTarget';
import { findCitations, locatorsOf, type Citation, type Locator } from '../citations/recognise';
import type { Finding } from './checkText';

/** An edit of one line: columns 0-based in the line, as the recogniser counts them (UTF-16 code units). */
export interface CitationEdit {
  /** 0-based. */
  line: number;
  start: number;
  end: number;
  /** The text replaced (the reference as written) and the text put instead. */
  cited: string;
  newText: string;
  /** A renumbered clause's locator ("clause 5.5", renumbered in "IEC 61508-3:2010"), not a reference. */
  renumbered?: { label: string; edition: string };
}

/** A finding that is not rewritten, and why. */
export interface LeftCitation {
  /** 1-based line and column, as findings count them. */
  line: number;
  column: number;
  cited: string;
  why: string;
}

/** What a finding needs here: where it is, what was cited there, and its fix when it has one. */
export type FixableFinding = Pick<Finding, 'rule' | 'line' | 'column' | 'endColumn' | 'cited' | 'fix' | 'standard'>;

/**
 * Where the part a citation names is in the edition its fix cites, when clause lists tell for sure: its locator value
 * there ("7.2", "B", "Scope"), the same or renumbered; undefined when they do not tell (the citation is left).
 */
export type ClauseIn = (finding: FixableFinding & { fix: string }, locator: Locator) => string | undefined;

/** The rules whose findings are about the edition cited: the ones `fix` rewrites or lists as left. */
const EDITION_RULES: ReadonlySet<string> = new Set(['withdrawn', 'superseded']);

/**
 * The edits for `findings` of `text` (those of one file, as the check found them in this very text), in order, none
 * overlapping, and the findings left. Findings of other rules (unknown, undated, clauses) are neither.
 */
export function citationEdits(text: string, findings: readonly FixableFinding[], clauseIn?: ClauseIn): { edits: CitationEdit[]; left: LeftCitation[] } {
  const edits: CitationEdit[] = [];
  const left: LeftCitation[] = [];
  const wanted = findings.filter((f) => EDITION_RULES.has(f.rule));
  if (!wanted.length) return { edits, left };
  // The citation each finding marks, by where its reference starts: its locators decide whether the rewrite is certain.
  const citations = new Map<string, Citation>();
  for (const citation of findCitations(text)) {
    const start = citation.kind === 'reference' ? citation.referenceStart : citation.start;
    citations.set(`${citation.line}:${start}`, citation);
  }
  const seen = new Set<string>();
  for (const finding of [...wanted].sort((a, b) => a.line - b.line || a.column - b.column)) {
    const key = `${finding.line - 1}:${finding.column - 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const leave = (why: string): void => void left.push({ line: finding.line, column: finding.column, cited: finding.cited, why });
    const citation = citations.get(key);
    const end = citation && (citation.kind === 'reference' ? citation.referenceEnd : citation.end);
    if (!citation || end !== finding.endColumn - 1) {
      leave('the text there is no longer what was checked: check again');
      continue;
    }
    if (!finding.fix) {
      leave('the catalogue has no current edition to cite instead: choose what replaces it');
      continue;
    }
    const locators = citation.kind === 'reference' ? locatorsOf(citation) : [];
    const fixed = { ...finding, fix: finding.fix };
    // One part named, its place in the new edition known: the reference, and the locator if it was renumbered.
    const moved = citation.kind === 'reference' && locators.length === 1 ? clauseIn?.(fixed, locators[0]) : undefined;
    const locatorEdit = citation.kind === 'reference' && moved !== undefined ? locatorRewrite(citation, locators[0], moved, finding.fix) : undefined;
    if (locators.length && !locatorEdit) {
      const named = locators.map(locatorLabel).join(', ');
      leave(`it names ${named}, which may be numbered differently in ${finding.fix}: compare the editions and edit it by hand`);
      continue;
    }
    const reference = { line: finding.line - 1, start: finding.column - 1, end: finding.endColumn - 1, cited: finding.cited, newText: finding.fix };
    const group = [reference, ...(locatorEdit && locatorEdit !== 'unchanged' ? [locatorEdit] : [])].filter((e) => e.newText !== e.cited);
    if (group.some((e) => edits.some((other) => other.line === e.line && other.start < e.end && e.start < other.end))) {
      leave('it overlaps another rewrite on its line');
      continue;
    }
    edits.push(...group);
  }
  edits.sort((a, b) => a.line - b.line || a.start - b.start);
  return { edits, left };
}

/**
 * The edit of a citation's locator to `value`, 'unchanged' when it already reads so, or undefined when its place in
 * the text is not clear (the value written more than once, or not as the recogniser read it).
 */
function locatorRewrite(
  citation: Extract<Citation, { kind: 'reference' }>,
  locator: Locator,
  value: string,
  edition: string,
): CitationEdit | 'unchanged' | undefined {
  if (value.toLowerCase() === locator.value.toLowerCase()) return 'unchanged';
  // The locator is before the reference ("clause 5 of ISO 9001") or after it ("ISO 9001, 5.2"): the value once there.
  const [from, to] = citation.referenceStart > citation.start ? [citation.start, citation.referenceStart] : [citation.referenceEnd, citation.end];
  const span = citation.text.slice(from - citation.start, to - citation.start);
  const at = [...span.matchAll(new RegExp(`(?<![\\w.])${escapeRegExp(locator.value)}(?![\\w]|\\.\\w)`, 'g'))].map((m) => m.index);
  if (at.length !== 1) return undefined;
  const start = from + at[0];
  const renumbered = { label: locatorLabel(locator), edition };
  return { line: citation.line, start, end: start + locator.value.length, cited: locator.value, newText: value, renumbered };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `text` with `edits` made (in order, none overlapping, as citationEdits gives them). Nothing else changes: line
 * breaks (LF, CRLF, a mix), a byte order mark and every other character stay as they were.
 */
export function applyCitationEdits(text: string, edits: readonly CitationEdit[]): string {
  if (!edits.length) return text;
  const pieces: string[] = [];
  let line = 0;
  let lineStart = 0;
  let copied = 0;
  for (const edit of edits) {
    while (line < edit.line) {
      const next = text.indexOf('\n', lineStart);
      if (next < 0) throw new RangeError(`No line ${edit.line + 1} in the text (it has ${line + 1}).`);
      lineStart = next + 1;
      line++;
    }
    const start = lineStart + edit.start;
    const end = lineStart + edit.end;
    if (text.slice(start, end) !== edit.cited) throw new RangeError(`Line ${edit.line + 1} does not read "${edit.cited}" at column ${edit.start + 1}.`);
    pieces.push(text.slice(copied, start), edit.newText);
    copied = end;
  }
  pieces.push(text.slice(copied));
  return pieces.join('');
}

/** Lines of context around each change in a unified diff, as `diff -u` and git give. */
const CONTEXT = 3;

/**
 * A unified diff of a file whose lines were edited in place (citation edits change no line breaks), for `patch -p1`
 * and `git apply`: each line as it is, its CR kept, "\ No newline at end of file" where the file ends without one.
 */
export function unifiedDiff(file: string, before: string, after: string): string {
  if (before === after) return '';
  const old = before.split('\n');
  const now = after.split('\n');
  if (old.length !== now.length) throw new RangeError('unifiedDiff: the edits changed the number of lines.');
  // split leaves '' after a final line break: not a line of its own.
  const count = before.endsWith('\n') ? old.length - 1 : old.length;
  const changed: number[] = [];
  for (let i = 0; i < count; i++) if (old[i] !== now[i]) changed.push(i);
  const hunks: Array<[number, number]> = [];
  for (const i of changed) {
    const from = Math.max(0, i - CONTEXT);
    const to = Math.min(count, i + CONTEXT + 1);
    const last = hunks[hunks.length - 1];
    if (last && from <= last[1]) last[1] = to;
    else hunks.push([from, to]);
  }
  const noNewline = (i: number): string => (i === count - 1 && !before.endsWith('\n') ? '\n\\ No newline at end of file\n' : '\n');
  const out = [`--- a/${file}\n+++ b/${file}\n`];
  for (const [from, to] of hunks) {
    // "-3,2", or "-3" for a hunk of one line, as diff writes it.
    const range = `${from + 1}${to - from === 1 ? '' : `,${to - from}`}`;
    out.push(`@@ -${range} +${range} @@\n`);
    for (let i = from; i < to;) {
      if (old[i] === now[i]) {
        out.push(` ${old[i]}${noNewline(i)}`);
        i++;
        continue;
      }
      // A run of changed lines: the old ones, then the new ones, as diff writes them.
      let end = i;
      while (end < to && old[end] !== now[end]) end++;
      for (let j = i; j < end; j++) out.push(`-${old[j]}${noNewline(j)}`);
      for (let j = i; j < end; j++) out.push(`+${now[j]}${noNewline(j)}`);
      i = end;
    }
  }
  return out.join('');
}
