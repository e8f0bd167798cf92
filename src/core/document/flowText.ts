/** Text of flows and blocks: cleaning server text, trimming flows, and the names blocks are referred to by. */
import { stripBidiControls } from '../service/displayText';
import { isObject } from '../service/jsonld';
import type { Block, Inline } from './model';

/** Server text for the page: no bidi or invisible format controls; runs of white space as one space. */
export function clean(text: string): string {
  return NEEDS_CLEANING.test(text) ? stripBidiControls(text).replace(/\s+/g, ' ') : text;
}

// The format controls stripBidiControls removes; U+FEFF among them is white space, so `[^\S ]` finds it.
export const NEEDS_CLEANING = /[^\S ]| {2}|[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060]/;

/** A flow without leading and trailing white space, and without empty strings. */
export function trimFlow(flow: Inline[]): Inline[] {
  const out = flow.includes('') ? flow.filter((part) => part !== '') : flow;
  while (typeof out[0] === 'string' && !out[0].trim()) out.shift();
  while (typeof out[out.length - 1] === 'string' && !(out[out.length - 1] as string).trim()) out.pop();
  if (typeof out[0] === 'string') out[0] = out[0].trimStart();
  const last = out.length - 1;
  if (typeof out[last] === 'string') out[last] = out[last].trimEnd();
  return out;
}

/** Text of an inline flow (titles, link labels). */
export function inlineText(flow: readonly Inline[]): string {
  let text = '';
  for (const part of flow) {
    if (typeof part === 'string') text += part;
    else if (part.kind === 'style' || part.kind === 'link') text += inlineText(part.children);
    else if (part.kind === 'footnote') text += part.marker;
    else if (part.kind === 'math') text += part.math.notation === 'mathml' ? '' : part.math.source;
  }
  return text;
}

/** A title that came as a child heading (XML-derived bodies): taken out of the children and returned. */
export function liftTitle(children: Block[], setNumber: (number: string) => void): string {
  const first = children[0];
  if (first?.kind === 'heading' && first.level === 0) {
    children.shift();
    return inlineText(first.content);
  }
  if (first?.kind === 'paragraph' && children[1]?.kind === 'heading' && children[1].level === 0) {
    // JATS <label>1</label><title>Scope</title> as two children.
    const number = inlineText(first.content).trim();
    if (number.length <= 20 && /\d|^[A-Z]$/.test(number)) {
      children.shift();
      setNumber(number);
      const heading = children.shift() as Extract<Block, { kind: 'heading' }>;
      return inlineText(heading.content);
    }
  }
  return '';
}

export function pickTitle(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const main = (value as unknown[]).find((v: unknown) => isObject(v) && (v.type === 'main' || v.type === 'title-main'));
  return main ?? value.find((v) => !isObject(v) || v.language === undefined || v.language === 'en') ?? value[0];
}

export function spanOf(value: string | undefined): number | undefined {
  const n = value !== undefined ? Number(value) : NaN;
  return Number.isInteger(n) && n > 1 && n <= 1000 ? n : undefined;
}
