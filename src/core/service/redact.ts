/**
 * The one redactor for server-provided text (error bodies, token-endpoint errors, redirect targets, parser
 * messages) before it reaches an error message or the log: a server may echo the request it got, headers and
 * form included. It masks the current secret values, bearer tokens, `client_secret=…`-style pairs and
 * credential header lines, flattens the text to one line and bounds its length. Every expression here runs on
 * a bounded slice and cannot backtrack super-linearly.
 */

/** Server text is cut to this many characters before any expression runs on it. */
const SCAN_LIMIT = 4096;
const MASK = '[redacted]';
/** Values shorter than this are not masked literally (they would mask ordinary words). */
const MIN_SECRET_LENGTH = 6;
/** Tokens are renewed; the last few stay masked so a late echo of an old one is caught too. */
const MAX_SECRETS = 16;

const DEFAULT_HEADERS = ['authorization', 'proxy-authorization', 'x-api-key', 'api-key', 'apikey', 'ocp-apim-subscription-key', 'cookie', 'set-cookie'];
const SECRET_FIELDS = ['client_secret', 'access_token', 'refresh_token', 'id_token', 'client_assertion', 'password', 'api_key', 'apikey', 'subscription-key'];

export class Redactor {
  /** The client secret and API key: masked for the life of the service. */
  private readonly secrets: string[] = [];
  /** Access tokens: renewed all the time, so only the most recent few are kept. */
  private readonly tokens: string[] = [];
  private pairs: RegExp;

  constructor(private readonly headerNames: string[] = []) {
    this.pairs = pairExpression([...DEFAULT_HEADERS, ...SECRET_FIELDS, ...headerNames]);
  }

  /** A value that must never appear in a message or log (secret, API key); also masked URL-encoded. */
  addSecret(value: string | undefined): void {
    for (const form of forms(value)) if (!this.secrets.includes(form)) this.secrets.push(form);
  }

  /** An access token: masked like a secret, among the last MAX_SECRETS tokens. */
  addToken(value: string | undefined): void {
    for (const form of forms(value)) {
      if (this.tokens.includes(form)) continue;
      this.tokens.push(form);
      if (this.tokens.length > MAX_SECRETS * 3) this.tokens.shift();
    }
  }

  /** Also masks `name: value` for this header (the configured API-key header). */
  addHeader(name: string): void {
    if (this.headerNames.includes(name.toLowerCase())) return;
    this.headerNames.push(name.toLowerCase());
    this.pairs = pairExpression([...DEFAULT_HEADERS, ...SECRET_FIELDS, ...this.headerNames]);
  }

  /** Masks secrets in text we composed ourselves (no length bound, whitespace kept). */
  mask(text: string): string {
    let out = text;
    // split/join: literal and linear, whatever the value contains.
    for (const secret of [...this.secrets, ...this.tokens]) if (out.includes(secret)) out = out.split(secret).join(MASK);
    return out;
  }

  /**
   * Server text made fit for a message: secrets and credential-looking parts masked, control characters and
   * line breaks flattened, at most `max` characters.
   */
  excerpt(text: string, max = 200): string {
    // Known values are masked in the whole text first, so no part of one survives at the cut.
    let out = this.mask(String(text)).slice(0, SCAN_LIMIT);
    out = out.replace(this.pairs, (_all, name: string, separator: string) => `${name}${separator}${MASK}`);
    out = out.replace(/\bBearer[ \t]+[^\s"',;]+/gi, `Bearer ${MASK}`);
    out = out.replace(/\bBasic[ \t]+[A-Za-z0-9+/=]{8,}/g, `Basic ${MASK}`);
    // JWT-shaped strings: three base64url parts.
    out = out.replace(/\beyJ[\w-]{4,}\.[\w-]+\.[\w-]*/g, MASK);
    out = out.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
    // "[…]" rather than "…": a message may end the excerpt with a full stop without doubling it.
    return out.length > max ? `${out.slice(0, max)} […]` : out;
  }
}

/** A value as sent and as it appears URL-encoded (in a form or query); nothing for values too short to mask. */
function forms(value: string | undefined): string[] {
  if (!value || value.length < MIN_SECRET_LENGTH) return [];
  return [...new Set([value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)])];
}

/** `name: value`, `name=value`, `"name": "value"` for any of `names`; the value up to a line end or delimiter. */
function pairExpression(names: string[]): RegExp {
  const alternatives = [...new Set(names.map((n) => n.toLowerCase()))].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // The value is one run of characters excluded from the separator and delimiters, so each match is linear.
  return new RegExp(`(${alternatives.join('|')})(["']?[ \\t]*[:=][ \\t]*"?)([^\\r\\n"&,;}<]*)`, 'gi');
}

/** RFC 6749 §5.2: `error` is 1*( %x20-21 / %x23-5B / %x5D-7E ); anything else is not shown as a code. */
export function isOAuthErrorCode(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= 100 && /^[\x20\x21\x23-\x5b\x5d-\x7e]+$/.test(value);
}

/** `text` without trailing full stops and spaces, so a message can add its own stop without doubling it. */
export function withoutFinalStops(text: string): string {
  let end = text.length;
  // A loop, not /[\s.]+$/: that expression is quadratic on long runs of spaces.
  while (end > 0 && /[\s.]/.test(text[end - 1])) end--;
  return text.slice(0, end);
}
