/**
 * Issue 52's measure of a published clause page, shared by the sweep through the model and text view
 * (test/unit/publishedSweep.test.ts) and the sweep through the real page in Chromium (test/e2e/publishedSweep.ts):
 * the text of a clause body that a published page prints, the share of it a view shows, and what a view must not
 * show — a number, annex label, obligation or caption label twice, a term reference "()", or under 97 % of the
 * source text.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Fields that are markup, not text a page prints: identifiers, references, types, display hints. */
const NOT_TEXT = new Set([
  '@id',
  '@type',
  '@context',
  'id',
  'anchor',
  'type',
  'target',
  'bibitemid',
  'urn',
  'src',
  'mimetype',
  'alt',
  'height',
  'width',
  'displayorder',
  'obligation',
  'inline-header',
  'status',
  'format',
  'language',
  'primary',
  'reference',
  'key',
  'rid',
  'ref-type',
  'std-id',
  'content-type',
  'list-type',
  'position',
  'sec-type',
  'xml:lang',
  'value',
  'xlink:href',
  'mime-subtype',
  'style',
  'unnumbered',
]);
/**
 * Elements whose text a published page does not print as prose: formulas (checked apart), STS's identifier group,
 * and a Metanorma concept's `refterm` (the term referred to; the page prints its `renderterm`).
 */
const NOT_PROSE = /^(?:mn:)?(?:stem|math|std-id-group|std-id|refterm)$|^mml:/;

/** The text nodes of a body that a published page prints, as one string per node. */
export function sourceText(body: Json): string[] {
  const out: string[] = [];
  const walk = (value: Json, key: string | undefined): void => {
    if (typeof value === 'string') {
      if (!/^(?:urn:|https?:|data:)/.test(value.trim())) out.push(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const v of value) walk(v, key);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const type = typeof value['@type'] === 'string' ? value['@type'] : '';
    if (NOT_PROSE.test(type)) return;
    // Metanorma's docidentifier of type URN is the link, not text.
    if (/docidentifier$/.test(type) && value.type === 'URN') return;
    for (const [k, v] of Object.entries(value)) {
      if (NOT_TEXT.has(k) || k.startsWith('corext:') || k.startsWith('dcterms:') || k.startsWith('@')) continue;
      if (k === 'docidentifier' && Array.isArray(v)) {
        walk(
          v.filter((d) => !(d && typeof d === 'object' && !Array.isArray(d) && d.type === 'URN')),
          k,
        );
        continue;
      }
      walk(k === 'content' || k === 'mn:content' ? withoutRepeatedLabel(v) : v, k);
    }
  };
  walk(body, undefined);
  return out;
}

/** A caption that repeats its label ("Table 2" + "Table 2 — Title"): the published page prints the label once. */
function withoutRepeatedLabel(content: Json): Json {
  if (!Array.isArray(content)) return content;
  const label = content.find((c) => isElement(c, 'label'));
  const text = label && isElement(label, 'label') && Array.isArray(label.content) && typeof label.content[0] === 'string' ? label.content[0] : '';
  if (!/^(?:Table|Figure) /.test(text)) return content;
  return content.map((c) => {
    if (!isElement(c, 'caption') || !Array.isArray(c.content)) return c;
    return {
      ...c,
      content: c.content.map((t) =>
        isElement(t, 'title') && Array.isArray(t.content) && typeof t.content[0] === 'string' && t.content[0].startsWith(`${text} \u2014 `)
          ? { ...t, content: [t.content[0].slice(text.length + 3), ...t.content.slice(1)] }
          : t,
      ),
    };
  });
}

function isElement(value: Json | undefined, name: string): value is { [key: string]: Json } & { content?: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value['@type'] === name;
}

/** Words and numbers, each as often as it occurs. */
function tokens(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** The share of the source's characters (counted by word) that the shown text has. */
export function coverage(source: string, shown: string): number {
  const wanted = tokens(source);
  const have = tokens(shown);
  let total = 0;
  let found = 0;
  for (const [word, count] of wanted) {
    total += word.length * count;
    found += word.length * Math.min(count, have.get(word) ?? 0);
  }
  return total ? found / total : 1;
}

/**
 * What a view of one clause shows twice or leaves out, read from its text: `text` is the view as read (heading
 * first), `shown` all the view offers (the text view adds its Markdown); `body` is the clause as the service sent it.
 */
export function shownTextFindings(body: Json, text: string, shown = text): string[] {
  const found: string[] = [];
  const doubled = /^(\d+(?:\.\d+)*|[A-Z](?:\.\d+)+) \1(?:\s|$)/m.exec(shown) ?? /Annex ([A-Z])\b[^\n]{0,20}\n?[^\n]{0,20}Annex \1\b/.exec(shown);
  if (doubled) found.push(`a number twice: ${doubled[0]}`);
  const caption = /(?:Table|Figure) ([A-Z]\.)?\d+ \u2014 (?:Table|Figure) /.exec(shown);
  if (caption) found.push(`a caption label twice: ${caption[0]}`);
  const obligations = text.split('\n').filter((l) => /^\((?:informative|normative)\)$/.test(l.trim()));
  if (obligations.length > 1) found.push(`an obligation ${obligations.length} times`);
  if (/\(\s*\)/.test(shown)) found.push(`a term reference "()": ${/[^\n]{0,30}\(\s*\)/.exec(shown)?.[0]}`);
  const share = coverage(sourceText(body).join(' '), text);
  if (share < 0.97) found.push(`${(share * 100).toFixed(1)} % of the source text shown`);
  return found;
}
