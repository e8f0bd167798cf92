/**
 * A document's findings again after a keystroke, checking only the lines whose text is new. The recogniser reads a
 * citation within its line (core/citations/recognise.ts: lines, columns and the MAX_LINE cut are the line's; no
 * expression crosses a line break), and the checker judges a citation by its text alone, so a line's findings are a
 * function of the line's text: a line the edit left as it was keeps the findings it had, moved to its new number.
 * The result is the full check's, finding for finding (test/unit/lspLineFindings.test.ts compares them over random
 * edits). A document mostly rewritten is checked whole, which is quicker than line by line.
 */
import type { Finding } from '../../core/check/checkText';

/** Past this share of new lines, the whole text is checked in one pass. */
const WHOLE_CHECK_SHARE = 0.25;
const NONE: readonly Finding[] = [];

export class LineFindings {
  /** Per document: each line's text of the last check, with its findings. */
  private readonly byDocument = new Map<string, Map<string, readonly Finding[]>>();

  /** `check`: the checker's findings of a text (lines numbered from 1), the same for the whole text and for one line. */
  constructor(private readonly check: (text: string, uri: string) => Finding[]) {}

  findings(text: string, uri: string): Finding[] {
    const lines = text.split('\n');
    const before = this.byDocument.get(uri);
    return (before && this.byLine(lines, uri, before)) ?? this.whole(text, lines, uri);
  }

  /** Forgets a closed document's lines. */
  forget(uri: string): void {
    this.byDocument.delete(uri);
  }

  /** Line by line, from the lines of the last check; undefined when too many lines are new. */
  private byLine(lines: readonly string[], uri: string, before: ReadonlyMap<string, readonly Finding[]>): Finding[] | undefined {
    const now = new Map<string, readonly Finding[]>();
    const result: Finding[] = [];
    let fresh = 0;
    const most = Math.max(16, lines.length * WHOLE_CHECK_SHARE);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      let found = now.get(line) ?? before.get(line);
      if (found === undefined) {
        if (++fresh > most) return undefined;
        found = this.check(line, uri);
      }
      now.set(line, found);
      for (const finding of found) result.push(finding.line === i + 1 ? finding : { ...finding, line: i + 1 });
    }
    this.byDocument.set(uri, now);
    return result;
  }

  /** The whole text in one pass, its findings then kept by their line's text. */
  private whole(text: string, lines: readonly string[], uri: string): Finding[] {
    const findings = this.check(text, uri);
    const ofLine = new Map<number, Finding[]>();
    for (const finding of findings) {
      const list = ofLine.get(finding.line);
      if (list) list.push(finding);
      else ofLine.set(finding.line, [finding]);
    }
    const now = new Map<string, readonly Finding[]>();
    for (let i = 0; i < lines.length; i++) if (!now.has(lines[i])) now.set(lines[i], ofLine.get(i + 1) ?? NONE);
    this.byDocument.set(uri, now);
    return findings;
  }
}
