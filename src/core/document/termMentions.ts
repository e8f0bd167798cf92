/**
 * A term mentioned in running text with its entry's number, as ISO prints it: "sample (3.1.4)". TBX writes
 * `<tbx:entailedTerm target="term_3.1.4">sample ()</tbx:entailedTerm>` (or no parentheses at all), leaving the
 * number to the renderer: it is filled from the entry the mention points at — on this page, else from what the
 * target's identifier says ("term_3.1.4"). With no number to be had, the empty "()" goes; it is never shown.
 */
import type { Builder } from './builder';
import type { Block } from './model';
import { EMPTY_NUMBER } from './inline';
import { fallbackLabel } from './xrefLabels';

/** A term entry's number: "3.1.4", "A.2.1". */
const TERM_NUMBER = /^(?:[A-Z]|\d+)(?:\.\d+)*$/;

export function fillTermNumbers(b: Builder): void {
  for (const { link, append } of b.termMentions) {
    if (link.target.kind !== 'clause') continue;
    const target = link.target.target.replace(/^#/, '');
    const number = numberOf(b.anchors.get(target)) ?? numberFromIdentifier(target);
    const last = link.children[link.children.length - 1];
    if (typeof last === 'string' && EMPTY_NUMBER.test(last)) {
      const text = last.replace(EMPTY_NUMBER, number ? `(${number})` : '').trimEnd();
      link.children = text ? [...link.children.slice(0, -1), text] : link.children.slice(0, -1);
    } else if (append && number && !/\([^()]*\)\s*$/.test(typeof last === 'string' ? last : '')) {
      link.children = [...link.children, ` (${number})`];
    }
  }
}

function numberOf(block: Block | undefined): string | undefined {
  return block?.kind === 'term' && block.number && TERM_NUMBER.test(block.number) ? block.number : undefined;
}

function numberFromIdentifier(target: string): string | undefined {
  const label = fallbackLabel(target, 'term');
  return TERM_NUMBER.test(label) ? label : undefined;
}
