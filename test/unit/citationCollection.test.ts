/**
 * The recogniser measured on real text it was not written for: test/fixtures/citations/collection.jsonl, excerpts of
 * public repositories labelled by hand (the README there lists sources and how they were labelled). Scored as a
 * reader would judge it:
 * - precision and recall of references (a found reference counts when it overlaps a labelled one; standard URNs and
 *   clause URLs are another feature, recognised by their own grammar, and not scored here);
 * - supplements: of the labelled references with amendments or corrigenda, those read with every supplement's
 *   kind, number and year;
 * - locators: of the labelled references with clauses, annexes, tables or figures, those read with every one;
 * - edition status: no reference to an edition the real catalogue lists as current is called outdated.
 * The figures are printed and go into the table of docs/references-in-code.md (scripts/readme-tables.ts reads test-results/).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CatalogueIndex } from '../../src/core/catalogue/catalogueIndex';
import { findCitations, locatorsOf, writtenReference, type ReferenceCitation } from '../../src/core/citations/recognise';
import { outdatedEdition } from '../../src/core/citations/outdated';
import { resolveStandard } from '../../src/core/citations/resolve';
import { realCatalogueEntries } from './realCatalogue';

const COLLECTION = path.resolve(__dirname, '../../../test/fixtures/citations/collection.jsonl');
export const SCORES_FILE = path.resolve(__dirname, '../../../test-results/citation-collection.json');

interface LabelledSupplement {
  kind: string;
  number: string | null;
  year: string | null;
}
interface LabelledLocator {
  kind: string;
  value: string;
}
interface Label {
  text: string;
  reference: string;
  publisher: string;
  number: string;
  part: string;
  year: string | null;
  supplements: LabelledSupplement[];
  locators: LabelledLocator[];
  informal?: boolean;
}
interface Excerpt {
  id: string;
  text: string;
  citations: Label[];
  negatives: string[];
}

/** A span of the excerpt: [start, end) in characters. */
type Span = [number, number];

function excerpts(): Excerpt[] {
  return fs
    .readFileSync(COLLECTION, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Excerpt);
}

/** Where each label's reference is in the excerpt, in order of appearance. */
function labelSpans(excerpt: Excerpt): Span[] {
  let from = 0;
  return excerpt.citations.map((label) => {
    const at = excerpt.text.indexOf(label.text, from);
    assert.ok(at >= 0, `${excerpt.id}: "${label.text}" not in the excerpt after ${from}`);
    const inner = excerpt.text.indexOf(label.reference, at);
    from = at + label.text.length;
    return [inner, inner + label.reference.length];
  });
}

/** Line starts of `text`, to turn a citation's line and column into an offset. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

const overlaps = (a: Span, b: Span): boolean => a[0] < b[1] && b[0] < a[1];

/** "+A11:2021" → amd 11 2021; the label's form. */
function supplementKey(s: LabelledSupplement): string {
  return `${s.kind} ${s.number ?? '-'} ${s.year ?? '-'}`;
}

export interface CollectionScores {
  excerpts: number;
  labelled: number;
  found: number;
  precision: number;
  recall: number;
  supplements: number;
  supplementsLabelled: number;
  locators: number;
  locatorsLabelled: number;
  currentEditions: number;
  falseOutdated: number;
  falsePositives: string[];
  missed: string[];
}

export function scoreCollection(index?: CatalogueIndex): CollectionScores {
  const all = excerpts();
  let labelled = 0;
  let found = 0;
  let truePositives = 0;
  let recalled = 0;
  let supplementsRight = 0;
  let supplementsLabelled = 0;
  let locatorsRight = 0;
  let locatorsLabelled = 0;
  let currentEditions = 0;
  let falseOutdated = 0;
  const falsePositives: string[] = [];
  const missed: string[] = [];
  for (const excerpt of all) {
    const spans = labelSpans(excerpt);
    const starts = lineStarts(excerpt.text);
    const references = findCitations(excerpt.text).filter((c): c is ReferenceCitation => c.kind === 'reference');
    const predicted = references.map((c): Span => [starts[c.line] + c.referenceStart, starts[c.line] + c.referenceEnd]);
    labelled += spans.length;
    found += predicted.length;
    const matchOf = new Map<number, number>();
    predicted.forEach((span, p) => {
      const label = spans.findIndex((l, i) => !matchOf.has(i) && overlaps(l, span));
      if (label >= 0) {
        matchOf.set(label, p);
        truePositives++;
      } else falsePositives.push(`${excerpt.id}: ${writtenReference(references[p])}`);
    });
    excerpt.citations.forEach((label, i) => {
      const p = matchOf.get(i);
      const citation = p === undefined ? undefined : references[p];
      if (citation) recalled++;
      else missed.push(`${excerpt.id}: ${label.reference}`);
      if (label.supplements.length) {
        supplementsLabelled++;
        const read = citation?.reference.supplements.map((s) => `${s.kind} ${s.number ?? '-'} ${s.year ?? '-'}`).join(' | ');
        if (read === label.supplements.map(supplementKey).join(' | ')) supplementsRight++;
      }
      if (label.locators.length) {
        locatorsLabelled++;
        const read = (citation ? locatorsOf(citation) : []).map((l) => `${l.kind} ${l.value}`).join(' | ');
        if (read === label.locators.map((l) => `${l.kind} ${l.value}`).join(' | ')) locatorsRight++;
      }
      // Edition status: a reference to an edition the catalogue lists as current is never called outdated.
      const standard = citation && index ? resolveStandard(index, citation) : undefined;
      if (standard?.facts.current && label.year && standard.facts.year === Number(label.year)) {
        currentEditions++;
        if (outdatedEdition(standard)) {
          falseOutdated++;
          missed.push(`${excerpt.id}: ${label.reference} called outdated (${outdatedEdition(standard)?.kind})`);
        }
      }
    });
  }
  return {
    excerpts: all.length,
    labelled,
    found,
    precision: found ? truePositives / found : 0,
    recall: labelled ? recalled / labelled : 0,
    supplements: supplementsLabelled ? supplementsRight / supplementsLabelled : 0,
    supplementsLabelled,
    locators: locatorsLabelled ? locatorsRight / locatorsLabelled : 0,
    locatorsLabelled,
    currentEditions,
    falseOutdated,
    falsePositives,
    missed,
  };
}

describe('citations in real text (the labelled collection)', function () {
  this.timeout(120_000);

  it('finds the references people write, reads their supplements and locators, and calls no current edition outdated', () => {
    const index = CatalogueIndex.of(realCatalogueEntries());
    const scores = scoreCollection(index);
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    console.log(
      `      ${scores.excerpts} excerpts, ${scores.labelled} labelled references: precision ${pct(scores.precision)}, recall ${pct(scores.recall)}, ` +
        `supplements ${pct(scores.supplements)} of ${scores.supplementsLabelled}, locators ${pct(scores.locators)} of ${scores.locatorsLabelled}, ` +
        `false "outdated" ${scores.falseOutdated} of ${scores.currentEditions} current editions`,
    );
    fs.mkdirSync(path.dirname(SCORES_FILE), { recursive: true });
    fs.writeFileSync(SCORES_FILE, `${JSON.stringify({ ...scores, falsePositives: scores.falsePositives.length, missed: scores.missed.length }, null, 2)}\n`);
    const detail = (what: string, list: string[]) => `${what}:\n  ${list.slice(0, 40).join('\n  ')}`;
    assert.ok(scores.precision >= 0.95, detail('false positives', scores.falsePositives));
    assert.ok(scores.recall >= 0.95, detail('missed', scores.missed));
    assert.ok(scores.supplements >= 0.8, `supplements ${pct(scores.supplements)}`);
    assert.ok(scores.locators >= 0.7, `locators ${pct(scores.locators)}`);
    assert.equal(
      scores.falseOutdated,
      0,
      detail(
        'called outdated',
        scores.missed.filter((m) => m.includes('called outdated')),
      ),
    );
  });
});
