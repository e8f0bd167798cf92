/**
 * `standards:` URIs for clause documents: `standards:/<urn>/<clauseId>/<label>.json` (the clause JSON) or
 * `….md` (the clause as Markdown text). Only the URN and the clause
 * id are used to find the clause; the last segment is there so the editor tab reads like a title. The URN and the
 * clause id are each one percent-encoded segment (the service's rule), so real URNs holding "/", "|" or spaces
 * round-trip. Pure: no vscode.
 */
import { stripBidiControls } from '../../core/service/displayText';
import { clauseIdProblem, decodeSegment, encodeSegment, urnProblem } from '../../core/service/urn';

export const STANDARDS_SCHEME = 'standards';

export type StandardsPath =
  | { kind: 'root' }
  | { kind: 'standard'; urn: string }
  | { kind: 'clauseFolder'; urn: string; clauseId: string }
  | { kind: 'clause'; urn: string; clauseId: string; label: string; format: ClauseFormat };

/** What a clause document holds: the clause JSON as served, or the clause as Markdown text. */
export type ClauseFormat = 'json' | 'markdown';
const EXTENSIONS: Record<ClauseFormat, string> = { json: '.json', markdown: '.md' };

/** The path of a clause document (without scheme): each part one segment, the label made safe for a file name. */
export function clauseDocumentPath(urn: string, clauseId: string, label: string, format: ClauseFormat = 'json'): string {
  return `/${encodeSegment(urn)}/${encodeSegment(clauseId)}/${safeFileName(label)}${EXTENSIONS[format]}`;
}

/** A label safe as one path segment: no slashes or control characters, at most 120 characters. */
export function safeFileName(label: string): string {
  const safe = stripBidiControls(label)
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return safe || 'clause';
}

/** Reads a `standards:` path; undefined for anything that is not one of the shapes above or fails the URN rules. */
export function parseStandardsPath(path: string): StandardsPath | undefined {
  const parts = path.split('/').filter((p, i) => i > 0 || p !== '');
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0) return { kind: 'root' };
  const [rawUrn, rawClauseId, label, ...rest] = parts;
  const urn = decodeSegment(rawUrn);
  if (rest.length > 0 || urn === undefined || urnProblem(urn)) return undefined;
  if (rawClauseId === undefined) return { kind: 'standard', urn };
  const clauseId = decodeSegment(rawClauseId);
  if (clauseId === undefined || clauseIdProblem(clauseId)) return undefined;
  if (label === undefined) return { kind: 'clauseFolder', urn, clauseId };
  const format = (Object.keys(EXTENSIONS) as ClauseFormat[]).find((f) => label.endsWith(EXTENSIONS[f]) && label.length > EXTENSIONS[f].length);
  if (!format) return undefined;
  return { kind: 'clause', urn, clauseId, label, format };
}
