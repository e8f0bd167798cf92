/**
 * How the tools answer: bounded text that says what was cut and how to get the rest, and failures a model can act
 * on — every ServiceError kind and a host's ToolProblem become an error answer whose text says what to do, never an
 * exception out of a handler. Messages come from the service layer, which never puts a secret in one (errors.ts).
 */
import { isServiceError, isUnreachable, type Remedy } from '../service/errors';
import { ToolProblem, type Citation, type Paging, type ToolAnswer, type ToolContext } from './types';

/** What an answer's body holds at most unless the caller asks for more: a clause of a few pages. */
export const DEFAULT_MAX_CHARS = 10_000;
/** The most a caller may ask for in one answer. */
export const MAX_MAX_CHARS = 100_000;

/**
 * `head` (reference lines: always whole) then `body` from `offset`, at most `maxChars` of it, cut at a line end when
 * one is near; a cut says which characters were shown and how to ask for the rest with `toolName`.
 */
export function boundedAnswer(head: string, body: string, paging: Paging, citations: Citation[], toolName: string): ToolAnswer {
  const max = paging.maxChars ?? DEFAULT_MAX_CHARS;
  const offset = Math.min(paging.offset ?? 0, body.length);
  if (offset === 0 && body.length <= max) return { text: joinParts(head, body), citations };
  let end = Math.min(offset + max, body.length);
  if (end < body.length) {
    const lineEnd = body.lastIndexOf('\n', end);
    // A line end in the last fifth of the window: cut there rather than inside a sentence.
    if (lineEnd > offset + max * 0.8) end = lineEnd + 1;
  }
  const cut = { offset, shown: end - offset, total: body.length, nextOffset: end };
  const note =
    end < body.length
      ? `[Cut: characters ${offset}–${end} of ${body.length} shown. For the rest, call ${toolName} again with the same input and offset ${end}` +
        `${max < MAX_MAX_CHARS ? `, or raise maxChars (at most ${MAX_MAX_CHARS})` : ''}.]`
      : `[Characters ${offset}–${end} of ${body.length}: the end.]`;
  return { text: joinParts(head, body.slice(offset, end), note), citations, cut };
}

function joinParts(...parts: string[]): string {
  return parts
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .join('\n\n');
}

/** An error answer: what went wrong and what to do, for the model. */
export function failure(text: string, citations: Citation[] = []): ToolAnswer {
  return { text, citations, isError: true };
}

/** The core's words for what fixes a failure, where the host has none of its own. */
const REMEDY_WORDS: Record<Remedy, string> = {
  signIn: 'The connection to the Standards Content Service needs credentials again: ask the user to sign in, then call the tool again.',
  baseUrl: "The service's address seems wrong: ask the user to check the connection's base URL.",
  tokenUrl: "The identity provider's address seems wrong: ask the user to check the connection's token URL.",
  scope: "The identity provider refused the requested scope: ask the user to check the connection's scope.",
  apiKeyHeader: 'The service wants an API key (subscription key): ask the user to set it for this connection.',
  network: 'Check the network between this machine and the service, then call the tool again.',
  timeout: 'The service did not answer in time: call the tool again in a moment.',
  askAdministrator: "The user should ask the service's administrator.",
  refresh: 'Call the tool again.',
  wait: 'The service is busy: wait a moment, then call the tool again.',
  tryLater: 'Call the tool again later.',
  unknownAnswer: 'The service answered something this tool does not understand: call the tool again; if it persists, tell the user.',
  clock: "This machine's clock and the identity provider's disagree: tell the user to synchronise the system clock with a time server.",
  timeLimit: 'The time allowed for this ran out, or the service asked for a longer wait than is left of it: call the tool again later.',
};

/** What the service says per kind, beyond its message, when the error carries no remedy. */
const KIND_ADVICE: Partial<Record<string, string>> = {
  auth: REMEDY_WORDS.signIn,
  forbidden: "The service refused access: the user's subscription may not cover this standard. Tell the user; do not retry.",
  rateLimited: REMEDY_WORDS.wait,
  server: REMEDY_WORDS.tryLater,
  network: REMEDY_WORDS.network,
  timeout: REMEDY_WORDS.timeout,
  cancelled: 'The call was cancelled.',
};

/**
 * An error answer for anything a context or the service threw, with `what` ("clause 7.1 of ISO 14971:2019") named;
 * a 404 is `notFound`'s own words (unknown standard, clause not found). A fault of ours (not a ServiceError nor a
 * ToolProblem) is rethrown: the host reports it as such.
 */
export function failureOf(error: unknown, what: string, context: ToolContext, notFound?: string): ToolAnswer {
  if (error instanceof ToolProblem) return failure(error.message);
  if (!isServiceError(error)) throw error;
  if (error.kind === 'notFound' && notFound) return failure(notFound);
  const remedy = error.remedy && (context.remedyText?.(error.remedy) ?? REMEDY_WORDS[error.remedy]);
  const advice = remedy ?? KIND_ADVICE[error.kind] ?? '';
  // Stored copies answer while offline: reaching this means there was none to answer.
  const noCopy = isUnreachable(error) ? ' No stored copy of it is on this machine.' : '';
  return failure(`Could not read ${what}: ${error.message}${noCopy} ${advice}`.trim());
}

/** "2026-11-20": the date of a stored copy. */
export function copyDate(offlineSince: number): string {
  return new Date(offlineSince).toISOString();
}

/** The line that marks an answer read from a stored copy. */
export function offlineLine(offlineSince: number | undefined): string {
  return offlineSince === undefined
    ? ''
    : `OFFLINE COPY from ${copyDate(offlineSince).slice(0, 10)}: the service cannot be reached, so this is the copy stored on this machine; it may be out of date.`;
}
