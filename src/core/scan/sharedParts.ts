/**
 * Citations of the same reference made to share one reference object (and one locator object per locator): a
 * workspace cites a few hundred standards tens of thousands of times. A worker's answer is copied into the extension
 * host object by object, shared objects once, so the host makes and keeps about a third of the objects (2.2 MB
 * against 7.3 MB of heap for 640 files, read in half the time), and its garbage collector copies that much less
 * while the scan runs. Nothing changes a citation's parts after it is recognised. Pure.
 */
import type { Locator, WrittenReference } from '../citations/recognise';
import type { TextCitations } from './textCitations';

export function withSharedParts(found: ReadonlyArray<TextCitations | undefined>): void {
  const references = new Map<string, WrittenReference>();
  const locators = new Map<string, Locator>();
  const shared = <T>(map: Map<string, T>, key: string, value: T): T => {
    const known = map.get(key);
    if (known) return known;
    map.set(key, value);
    return value;
  };
  for (const file of found)
    for (const citation of file?.citations ?? []) {
      if (citation.kind !== 'reference') continue;
      citation.reference = shared(references, JSON.stringify(citation.reference), citation.reference);
      if (citation.locator) citation.locator = shared(locators, `${citation.locator.kind}\u0000${citation.locator.value}`, citation.locator);
    }
}
