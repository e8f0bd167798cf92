/**
 * JSON.parse of a body of many megabytes without holding the thread for all of it: a container larger than a slice
 * is split into its members by a scan of its text (strings skipped with indexOf), runs of members are parsed by
 * JSON.parse a slice at a time, and the event loop runs between slices. Each slice is also checked for depth, so
 * the whole body never has to be walked again in one go. The value is the one JSON.parse gives; whatever the scan
 * does not understand goes to JSON.parse whole, whose result or error is then the answer — so no input is read
 * otherwise than JSON.parse reads it.
 * Pure: no vscode.
 */
import { BlockText, type BodyText } from './blockText';
import { jsonDepthExceeds } from './jsonld';
import { TimeSlicer } from './timeSlicer';
import { ownTurn } from './yieldNow';

/** Characters JSON.parse takes in one go: a few milliseconds. */
const SLICE_CHARS = 128 * 1024;
/**
 * A body up to this size is parsed whole (under 10 ms, the depth walk included): slicing costs a scan of the text
 * in script, three to four times JSON.parse's own time, which a page of the catalogue (half a megabyte) need not pay.
 */
const WHOLE_CHARS = 1024 * 1024;
/**
 * A body from this size on is parsed whole in an event-loop turn of its own (ownTurn): a few milliseconds each, so
 * several that arrived together do not run back to back.
 */
const OWN_TURN_CHARS = 64 * 1024;
/** How long one step may run before the event loop gets its turn. */
const STEP_MS = 8;

/** The body nests deeper than the limit asked. */
export class JsonTooDeep extends Error {}

/** The scan met something it does not read: JSON.parse of the whole text decides. */
class NotUnderstood extends Error {}

/**
 * `text` parsed as JSON.parse does, letting the event loop run every few milliseconds (yieldNow: in Node after its
 * waiting I/O, in a page through a message task);
 * rejects with JSON.parse's SyntaxError for malformed text, and with JsonTooDeep when arrays and objects nest more
 * than `maxDepth` deep.
 */
export async function parseJsonInSlices(body: BodyText, maxDepth: number): Promise<unknown> {
  // A large string is read as blocks too: slices of a flat string copy nothing, and one reading serves both.
  const text: BodyText = typeof body === 'string' && body.length > WHOLE_CHARS ? BlockText.of(body) : body;
  const clock = new TimeSlicer(undefined, STEP_MS);
  try {
    const [start, end] = trimmed(text, 0, text.length);
    if (end - start <= WHOLE_CHARS || !isLargeContainer(text, start, end)) {
      if (text.length >= OWN_TURN_CHARS) await ownTurn();
      return parsedWhole(text, maxDepth);
    }
    // The root's scan passes over every bracket of the body: its deepest nesting is the body's depth.
    const scan = await membersOf(text, start, end, clock);
    if (scan.deepest > maxDepth) throw new JsonTooDeep();
    return await containerOf(text, start, scan, clock);
  } catch (error) {
    if (!(error instanceof NotUnderstood) && !(error instanceof SyntaxError)) throw error;
    // Malformed (or a shape the scan does not follow): JSON.parse says what and where, as it would have.
    await clock.now();
    return parsedWhole(text, maxDepth);
  }
}

function parsedWhole(text: BodyText, maxDepth: number): unknown {
  const value: unknown = JSON.parse(String(text));
  if (jsonDepthExceeds(value, maxDepth)) throw new JsonTooDeep();
  return value;
}

/** A container's members: start and end offsets, two per member; for a large member holding a container, its own. */
interface Scan {
  members: number[];
  /** By the member's index in `members`: the members of the container a large member holds. */
  inner: Map<number, Scan>;
  /** How deep brackets nest from this container (itself 1). */
  deepest: number;
  /** The offset of its closing bracket. */
  closeAt: number;
}

function isLargeContainer(text: BodyText, start: number, end: number): boolean {
  const open = text.charCodeAt(start);
  return end - start > SLICE_CHARS && (open === BRACKET || open === BRACE);
}

/** The array or object opening at `start`, from its scan: runs of small members parsed together, a large one alone. */
async function containerOf(text: BodyText, start: number, scan: Scan, clock: TimeSlicer): Promise<unknown> {
  const isArray = text.charCodeAt(start) === BRACKET;
  const result: Record<string, unknown> | unknown[] = isArray ? [] : {};
  const { members } = scan;
  for (const [from, to, large] of runs(members)) {
    if (large) {
      const [valueStart, valueEnd] = isArray ? trimmed(text, members[from], members[from + 1]) : valueOf(text, members[from], members[from + 1]);
      let value: unknown;
      if (isLargeContainer(text, valueStart, valueEnd)) {
        // Scanned with this container's members when it was; else now.
        const inner = scan.inner.get(from) ?? (await membersOf(text, valueStart, valueEnd, clock));
        if (inner.closeAt !== valueEnd - 1) throw new NotUnderstood();
        value = await containerOf(text, valueStart, inner, clock);
      } else value = await parsed(text.slice(valueStart, valueEnd), clock); // a large string is JSON.parse's alone
      if (isArray) (result as unknown[]).push(value);
      else
        setMember(result as Record<string, unknown>, JSON.parse(text.slice(members[from], keyEndOf(text, members[from], members[from + 1]))) as string, value);
      continue;
    }
    const slice = text.slice(members[from], members[to - 1]);
    const run = await parsed(isArray ? `[${slice}]` : `{${slice}}`, clock);
    if (isArray) for (const item of run as unknown[]) (result as unknown[]).push(item);
    else for (const key of Object.keys(run as object)) setMember(result as Record<string, unknown>, key, (run as Record<string, unknown>)[key]);
  }
  return result;
}

async function parsed(text: string, clock: TimeSlicer): Promise<unknown> {
  await clock.due();
  return JSON.parse(text) as unknown;
}

/** As JSON.parse sets a member: "__proto__" too is an own property, not the prototype. */
function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/**
 * The members as runs [from, to, large] over `members` (start and end offsets, two per member): consecutive small
 * members up to a slice together, each large member alone.
 */
function* runs(members: number[]): Generator<[number, number, boolean]> {
  let from = 0;
  for (let at = 0; at < members.length; at += 2) {
    const large = members[at + 1] - members[at] > SLICE_CHARS;
    if (large || members[at + 1] - members[from] > SLICE_CHARS) {
      if (at > from) yield [from, at, false];
      from = at;
    }
    if (large) {
      yield [at, at + 2, true];
      from = at + 2;
    }
  }
  if (members.length > from) yield [from, members.length, false];
}

/**
 * The members of the array or object text[start, end) (its brackets included), found by one scan of its text,
 * strings skipped with indexOf. The members of a large member's own container are noted in the same pass, so the
 * usual large body — an object holding one large array — is scanned once.
 */
async function membersOf(text: BodyText, start: number, end: number, clock: TimeSlicer): Promise<Scan> {
  const close = text.charCodeAt(start) === BRACKET ? CLOSE_BRACKET : CLOSE_BRACE;
  if (text.charCodeAt(end - 1) !== close) throw new NotUnderstood();
  const scan: Scan = { members: [], inner: new Map(), deepest: 1, closeAt: end - 1 };
  let memberStart = start + 1;
  let child: Scan = { members: [], inner: new Map(), deepest: 0, closeAt: -1 };
  let childStart = -1;
  let nesting = 0;
  let steps = 0;
  const endMember = (at: number): void => {
    // The members of a small member's container are not kept: it is parsed whole.
    if (at - memberStart > SLICE_CHARS && childStart >= 0) scan.inner.set(scan.members.length, child);
    scan.members.push(memberStart, at);
    memberStart = at + 1;
    child = { members: [], inner: new Map(), deepest: 0, closeAt: -1 };
    childStart = -1;
  };
  for (let i = start + 1; i < end - 1; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i, end);
    else if (c === BRACKET || c === BRACE) {
      if (++nesting === 1) childStart = i + 1;
      if (nesting + 1 > scan.deepest) scan.deepest = nesting + 1;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      if (nesting === 1) {
        child.members.push(childStart, i);
        child.closeAt = i;
      }
      if (--nesting < 0) throw new NotUnderstood();
    } else if (c === COMMA) {
      if (nesting === 0) endMember(i);
      else if (nesting === 1) {
        child.members.push(childStart, i);
        childStart = i + 1;
      }
    }
    // The clock asked every few thousand tokens (strings are skipped whole): before the loop is compiled, a step is slow.
    if (++steps === 4096) {
      steps = 0;
      await clock.due();
    }
  }
  if (nesting !== 0) throw new NotUnderstood();
  const [lastStart, lastEnd] = trimmed(text, memberStart, end - 1);
  if (lastEnd > lastStart || scan.members.length) endMember(end - 1);
  return scan;
}

/** The offset of the quote that closes the string opening at `at` (a quote after an even run of backslashes). */
function stringEnd(text: BodyText, at: number, end: number): number {
  for (let quote = text.indexOf('"', at + 1); quote >= 0 && quote < end; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  throw new NotUnderstood();
}

/** Where a member's key ends: `"key" : value`. */
function keyEndOf(text: BodyText, start: number, end: number): number {
  const [keyStart] = trimmed(text, start, end);
  if (text.charCodeAt(keyStart) !== QUOTE) throw new NotUnderstood();
  return stringEnd(text, keyStart, end) + 1;
}

/** A member's value, without the whitespace around it: what follows `"key" :`. */
function valueOf(text: BodyText, start: number, end: number): [number, number] {
  const [colon] = trimmed(text, keyEndOf(text, start, end), end);
  if (text.charCodeAt(colon) !== COLON) throw new NotUnderstood();
  return trimmed(text, colon + 1, end);
}

/** [start, end) without JSON's whitespace at either side. */
function trimmed(text: BodyText, start: number, end: number): [number, number] {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return [start, end];
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
