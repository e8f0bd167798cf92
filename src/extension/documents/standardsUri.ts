/**
 * `standards:` URIs for clause documents. Their path is what the user reads in the tab and the breadcrumbs, names
 * only: `standards:/ISO 19437:1985/4.5 Marking.json` (the clause JSON) or `….md` (the clause as Markdown text). What
 * finds the clause is in the query, `?urn=<urn>&clause=<clauseId>` (each one percent-encoded segment, the service's
 * rule), so two clauses of the same title never share a URI and a renamed title never loses its clause.
 *
 * The shape of earlier versions, `standards:/<urn>/<clauseId>/<label>.json`, is still read: editors restored from
 * an earlier session and links kept elsewhere open as before. Pure: no vscode.
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

/** The names a clause document is shown by: its standard ("ISO 19437:1985", the folder) and its heading ("4.5 Marking"). */
export interface DocumentName {
  standard: string;
  clause: string;
}

/** A URI's parts as vscode.Uri.from takes them. */
export interface StandardsUriParts {
  path: string;
  query: string;
}

/**
 * The path and query of a clause document: the names as path segments (a name alone when there is no standard's
 * name), the ids in the query.
 */
export function clauseDocumentParts(urn: string, clauseId: string, name: DocumentName | string, format: ClauseFormat = 'json'): StandardsUriParts {
  const { standard, clause } = typeof name === 'string' ? { standard: '', clause: name } : name;
  const folder = readableSegment(standard, '');
  const file = `${readableSegment(clause, 'clause')}${EXTENSIONS[format]}`;
  return { path: folder ? `/${folder}/${file}` : `/${file}`, query: `urn=${encodeSegment(urn)}&clause=${encodeSegment(clauseId)}` };
}

/** The path of a clause document in the shape of earlier versions: `/<urn>/<clauseId>/<label>.json`. */
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

/**
 * A name as one path segment that still reads as written: "ISO/IEC 27001:2022" keeps its slash as a division
 * slash (U+2215), which the breadcrumbs do not split on; no control characters; "." and ".." are no names.
 */
export function readableSegment(name: string, fallback: string): string {
  const safe = stripBidiControls(name)
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/\//g, '\u2215')
    .replace(/\\/g, '\u2216')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return safe && !/^\.+$/.test(safe) ? safe : fallback;
}

/**
 * Reads a `standards:` URI: the ids from the query when it has them (this version's shape), else from the path (the
 * earlier shape); undefined for anything else or what fails the URN rules.
 */
export function parseStandardsUri(uri: StandardsUriParts): StandardsPath | undefined {
  const ids = idsOf(uri.query);
  if (!ids) return parseStandardsPath(uri.path);
  const label = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const format = formatOf(label);
  if (!format || !ids.urn || !ids.clause || urnProblem(ids.urn) || clauseIdProblem(ids.clause)) return undefined;
  return { kind: 'clause', urn: ids.urn, clauseId: ids.clause, label, format };
}

/** The `urn` and `clause` of a query; undefined when it names neither. */
function idsOf(query: string): { urn?: string; clause?: string } | undefined {
  if (!query) return undefined;
  const ids: { urn?: string; clause?: string } = {};
  for (const pair of query.split('&')) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    if (key !== 'urn' && key !== 'clause') continue;
    // Broken percent-encoding names nothing: an empty id, refused below.
    ids[key] = decodeSegment(pair.slice(at + 1)) ?? '';
  }
  return ids.urn === undefined && ids.clause === undefined ? undefined : ids;
}

function formatOf(label: string): ClauseFormat | undefined {
  return (Object.keys(EXTENSIONS) as ClauseFormat[]).find((f) => label.endsWith(EXTENSIONS[f]) && label.length > EXTENSIONS[f].length);
}

/** Reads a `standards:` path of the earlier shape; undefined for anything that is not one of its forms or fails the URN rules. */
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
  const format = formatOf(label);
  if (!format) return undefined;
  return { kind: 'clause', urn, clauseId, label, format };
}
