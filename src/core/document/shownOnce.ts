/**
 * The one rule for "shown once": a number, label, obligation, caption label or title that the page already shows
 * in one place is not shown again where the source repeats it ("Table 1 — Table 1 — Dimensions", a body that
 * starts with the clause's own heading, a bibliography entry that gives its title twice). Every part of the model
 * that meets a repetition asks here, so all renderers show each once.
 */
import { inlineText } from './flowText';
import type { Inline } from './model';

/** Text compared as a reader sees it: white space collapsed, case ignored. */
export function normalised(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** `text` is one of the texts already shown. */
export function isShown(text: string, shown: readonly string[]): boolean {
  const wanted = normalised(text);
  return wanted !== '' && shown.some((s) => normalised(s) === wanted);
}

/** A separator after a leading label: " — ", " – ", ": ", ". " or plain space. */
const SEPARATOR = /^(?:\s*[\u2014\u2013:.-](?:\s+|$)|\s+|$)/;

/**
 * `flow` without a leading `shown` (and the separator after it), when the source wrote into the flow what is
 * already shown beside it: the caption "Table 1 — Dimensions" under the label "Table 1" is "Dimensions". The label
 * may be the first string's start or a styled part of its own (`<bold>Table 1</bold> — Dimensions`).
 */
export function withoutShown(flow: readonly Inline[], shown: string | undefined): Inline[] {
  const label = normalised(shown ?? '');
  if (!label || !flow.length) return [...flow];
  const [first, ...rest] = flow;
  if (typeof first === 'string') {
    const start = first.trimStart();
    const head = normalised(start.slice(0, label.length + 8));
    if (!head.startsWith(label)) return [...flow];
    // The label's length in the source may differ by white space: walk it.
    const end = matchedLength(start, label);
    const separator = SEPARATOR.exec(start.slice(end));
    if (end < 0 || !separator) return [...flow];
    const remainder = start.slice(end + separator[0].length);
    return remainder ? [remainder, ...rest] : dropLeadingSeparator(rest);
  }
  if (first.kind === 'style' && normalised(inlineText(first.children)) === label) return dropLeadingSeparator(rest);
  return [...flow];
}

/** Where in `text` a match of `label` (normalised) ends; -1 when it does not start `text`. */
function matchedLength(text: string, label: string): number {
  let i = 0;
  for (let j = 0; j < label.length; j++) {
    if (label[j] === ' ') {
      if (!/\s/.test(text[i] ?? '')) return -1;
      while (/\s/.test(text[i] ?? '')) i++;
    } else if ((text[i] ?? '').toLowerCase() === label[j]) i++;
    else return -1;
  }
  return i;
}

function dropLeadingSeparator(flow: readonly Inline[]): Inline[] {
  const [first, ...rest] = flow;
  if (typeof first !== 'string') return [...flow];
  const separator = SEPARATOR.exec(first);
  const remainder = separator ? first.slice(separator[0].length) : first;
  return remainder ? [remainder, ...rest] : rest;
}

/**
 * A caption that starts with its own label ("Table 1 — Dimensions", "Figure A.2 — Mill", "Table 3"), where the
 * source gave no label apart: the label and the rest, so the label is shown (and counted) once.
 */
export function captionLabel(caption: readonly Inline[], word: 'Table' | 'Figure'): { label: string; caption: Inline[] } | undefined {
  const first = caption[0];
  const text = typeof first === 'string' ? first : first?.kind === 'style' ? inlineText(first.children) : '';
  const match = new RegExp(`^\\s*(${word} (?:[A-Z]\\.)?\\d{1,4}(?:\\.\\d{1,4}){0,4})(?=$|\\s*[\\u2014\\u2013:]|\\s+-\\s)`).exec(text);
  if (!match) return undefined;
  return { label: match[1], caption: withoutShown(caption, match[1]) };
}

/** A clause's heading in its three parts: "A", "informative", "Example …" for "Annex A (informative) Example …". */
export interface HeadingParts {
  number?: string;
  title: string;
  /** The obligation printed under an annex's label: "informative" / "normative". */
  label?: string;
}

/** "1", "4.2.1", "A.3", "10": a clause number as a title's prefix may carry it. */
const NUMBER_PREFIX = /^((?:\d{1,2}|[A-Z](?=\.\d))(?:\.\d{1,3}){0,6})(?:(?:\s*[\u2014\u2013]\s*|\s+)(?=\p{L})|\s*$)/u;
const ANNEX_PREFIX = /^(?:Annex|Appendix)\s+([A-Z]{1,2})(?=$|[\s\u2014\u2013:.(])[\s\u2014\u2013:.]*/;
const OBLIGATION_PREFIX = /^\(\s*(normative|informative)\s*\)[\s\u2014\u2013:.]*/i;

/**
 * The one rule for a clause's heading: a number, an annex label and an obligation shown once, wherever they come
 * from — the number field, the body's label ("1", "Annex B", "(informative)") or the start of a title that carries
 * them ("1 Scope", "Annex A (informative) Example …", as clause lists may send them). A title's number is taken only
 * where no other is given or where it is the same one, so a title that starts with a figure of its own keeps it.
 */
export function headingOnce(parts: { number?: string; title?: string; label?: string }): HeadingParts {
  let number = clauseNumberText(parts.number);
  let label = obligationText(parts.label);
  let title = (parts.title ?? '').trim();
  for (let rounds = 0; rounds < 3 && title; rounds++) {
    const annex = ANNEX_PREFIX.exec(title);
    if (annex && (!number || number === annex[1])) {
      number ??= annex[1];
      title = title.slice(annex[0].length);
      continue;
    }
    const obligation = OBLIGATION_PREFIX.exec(title);
    if (obligation && number && /^[A-Z]{1,2}$/.test(number)) {
      label ??= obligation[1].toLowerCase();
      title = title.slice(obligation[0].length);
      continue;
    }
    const prefix = NUMBER_PREFIX.exec(title);
    if (prefix && (!number || number === prefix[1])) {
      number ??= prefix[1];
      title = title.slice(prefix[0].length);
      continue;
    }
    break;
  }
  return { ...(number ? { number } : {}), title: title.trim(), ...(label ? { label } : {}) };
}

/** A number as the heading shows it: "Annex B" (an STS label) is "B", "Clause 4" is "4"; white space trimmed. */
export function clauseNumberText(number: string | undefined): string | undefined {
  const text = number?.replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  const named = /^(?:Annex|Appendix|Clause|Section)\s+([A-Z0-9][A-Z0-9.]*)$/i.exec(text);
  return named ? named[1] : text;
}

/** "(informative)", "Informative", "inform-annex" → "informative"; anything else as it is. */
export function obligationText(label: string | undefined): string | undefined {
  const text = label?.trim();
  if (!text) return undefined;
  const match = /^\(?\s*(normative|informative)\s*\)?$/i.exec(text) ?? /^(inform|norm)(?:ative)?-annex$/i.exec(text);
  if (!match) return text;
  return match[1].toLowerCase().startsWith('inform') ? 'informative' : 'normative';
}
