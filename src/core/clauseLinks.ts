/**
 * Server-controlled links, checked before they leave the extension or steer it: a clause `@id` copied to the
 * clipboard or inserted as a link, and a cross-reference target clicked on the clause page. Pure (no vscode), so
 * the rules are unit-tested in Node.
 */
import { l10n } from './l10n';
import { displayText } from './service/displayText';
import { clauseIdProblem, isValidUrn } from './service/urn';

const MAX_LINK = 2048;
// Whitespace, controls, bidi and invisible format characters: a link containing one reads as something it is not.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007F-\u00A0\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/;

/**
 * Why `id` may not be used as a link (copied, or inserted into a document), or undefined when it may: an absolute
 * `https:` URL, or a URL of the configured service's own origin (e.g. the sandbox on http://127.0.0.1). Never
 * `javascript:`, `command:`, `data:`, `file:` and the like.
 */
export function clauseLinkProblem(id: string, serviceBaseUrl: string | undefined): string | undefined {
  if (id.length > MAX_LINK) return l10n.t('it is longer than {0} characters', MAX_LINK);
  if (UNSAFE_CHARACTERS.test(id)) return l10n.t('it contains spaces, control or invisible characters');
  let url: URL;
  try {
    url = new URL(id);
  } catch {
    return l10n.t('it is not an absolute URL');
  }
  if (url.username || url.password) return l10n.t('it carries a user name or password');
  if (url.protocol === 'https:') return undefined;
  if (serviceBaseUrl && url.origin !== 'null' && url.origin === originOf(serviceBaseUrl)) return undefined;
  return l10n.t('it is a "{0}" link, not https: or the service\'s own origin', url.protocol);
}

/** The link for messages: one line, bounded. */
export function linkForMessage(id: string): string {
  const text = displayText(id);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/**
 * The clause a cross-reference on the clause page points to, or undefined. Only the URN and clause id are taken
 * (both must pass the service's rules); the clause is then read from the service, so nothing else the page sends
 * is trusted. A URL of the service's own origin under its base path, `…/v1/standards/<urn>/clauses/<id>`, names
 * its standard; anything else is read as the spec's `{clause_base}/<clause_id>` within the current standard.
 */
export function clauseTarget(target: string, currentUrn: string, serviceBaseUrl: string | undefined): { urn: string; clauseId: string } | undefined {
  if (target.length > MAX_LINK || UNSAFE_CHARACTERS.test(target)) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(target);
  } catch {
    url = undefined;
  }
  // A link elsewhere (javascript:, command:, data:…) is not a clause, whatever its last segment says.
  if (url && url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const path = url ? url.pathname : target.split(/[?#]/, 1)[0];
  if (url && serviceBaseUrl) {
    const inService = serviceClausePath(url, serviceBaseUrl);
    if (inService) return inService;
  }
  const clauseId = decode(lastSegment(path));
  if (clauseId === undefined || clauseIdProblem(clauseId) || !isValidUrn(currentUrn)) return undefined;
  return { urn: currentUrn, clauseId };
}

function serviceClausePath(url: URL, serviceBaseUrl: string): { urn: string; clauseId: string } | undefined {
  let base: URL;
  try {
    base = new URL(serviceBaseUrl);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin) return undefined;
  const prefix = `${trimSlashes(base.pathname)}/v1/standards/`;
  if (!url.pathname.startsWith(prefix)) return undefined;
  const parts = url.pathname.slice(prefix.length).split('/');
  if (parts.length === 4 && parts[3] === '') parts.pop();
  if (parts.length !== 3 || parts[1] !== 'clauses') return undefined;
  const urn = decode(parts[0]);
  const clauseId = decode(parts[2]);
  if (!isValidUrn(urn) || clauseId === undefined || clauseIdProblem(clauseId)) return undefined;
  return { urn, clauseId };
}

/** The last non-empty path segment (a loop, not a regular expression: the input is the server's). */
function lastSegment(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  return path.slice(path.lastIndexOf('/', end - 1) + 1, end);
}

function trimSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
