import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { CatalogueIndex, entryOf } from '../../src/core/catalogue/catalogueIndex';
import { findCitations, type Citation } from '../../src/core/citations/recognise';
import { summariseStandards, type OccurrenceSays } from '../../src/core/citations/referenceReport';
import { resolveStandard } from '../../src/core/citations/resolve';
import type { FileCitations } from '../../src/extension/references/fileCitations';
import { CitationSayings } from '../../src/extension/references/resolvedCitations';
import type { CitationResolver } from '../../src/extension/workspaceCitations/citationResolver';

/** The catalogue's own resolution, counted: the resolver the view uses memoises the same, by text. */
function countingResolver(): { resolver: CitationResolver; texts: string[] } {
  const texts: string[] = [];
  // Only `resolve` is used by CitationSayings; the real resolver needs a signed-in session and the editor.
  const resolver = {
    resolve: (index: CatalogueIndex, citation: Citation) => {
      texts.push(citation.text);
      return resolveStandard(index, citation);
    },
  } as unknown as CitationResolver;
  return { resolver, texts };
}

function file(name: string, text: string): FileCitations {
  // The walk names a file by its URI's text alone; a vscode.Uri needs the editor.
  return { uri: { toString: () => `file:///w/${name}` } as unknown as vscode.Uri, citations: findCitations(text) };
}

const INDEX = CatalogueIndex.of([
  entryOf(0, 'urn:iso:std:iso:9001:ed-5:v1:en', 'ISO 9001:2015', 'Quality management systems — Requirements', 'current'),
  entryOf(1, 'urn:iso:std:iec:62304:ed-1:v1:en', 'IEC 62304:2006', 'Medical device software — Software life cycle processes', 'current'),
]);

const FILES = [
  file('a.md', 'ISO 9001:2015 clause 7.5 and IEC 62304:2006 5.1.\nAgain ISO 9001:2015 clause 7.5.\n'),
  file('b.md', 'IEC 62304:2006 5.1 here, and ISO 99999:2020, which the catalogue has not.\n'),
  file('c.md', 'ISO 9001:2015 clause 7.5 once more, and ISO 9001:2015 clause 8.3.\n'),
];

async function walked(sayings: CitationSayings, index: CatalogueIndex): Promise<Array<[string, OccurrenceSays]>> {
  const seen: Array<[string, OccurrenceSays]> = [];
  await sayings.each(FILES, index, (read, citation, saying) => seen.push([`${read.uri.toString()} ${citation.text}`, saying]));
  return seen;
}

describe('References view: citations resolved ahead, while a scan reads on', () => {
  it('resolves each text once over all the batches, and the walk after it resolves nothing more and says the same', async () => {
    const ahead = countingResolver();
    const sayings = new CitationSayings(ahead.resolver);
    const { keep } = sayings.resolverAhead(INDEX);
    await keep(FILES.slice(0, 2));
    await keep(FILES.slice(2));
    const distinct = new Set(FILES.flatMap((f) => f.citations.map((c) => c.text)));
    assert.equal(ahead.texts.length, distinct.size, 'each text resolved once, across batches');
    const seen = await walked(sayings, INDEX);
    assert.equal(ahead.texts.length, distinct.size, 'the walk found every file resolved');

    const plain = countingResolver();
    assert.deepEqual(seen, await walked(new CitationSayings(plain.resolver), INDEX), 'what a walk without it says');
    assert.ok(seen.length >= 6 && plain.texts.length === distinct.size);
  });

  it('resolves again against another index', async () => {
    const ahead = countingResolver();
    const sayings = new CitationSayings(ahead.resolver);
    await sayings.resolverAhead(INDEX).keep(FILES);
    const once = ahead.texts.length;
    const other = CatalogueIndex.of([entryOf(0, 'urn:iso:std:iso:9001:ed-5:v1:en', 'ISO 9001:2015', 'Quality management systems — Requirements', 'withdrawn')]);
    const seen = await walked(sayings, other);
    assert.ok(ahead.texts.length > once, 'resolved against the other index');
    assert.ok(seen.every(([, saying]) => saying.standard === 'ISO 9001:2015'));
  });

  it('tallies the batches as it resolves them: the standards as a walk counts them, each with its places, and the references of no record', async () => {
    const sayings = new CitationSayings(countingResolver().resolver);
    const { keep, tally } = sayings.resolverAhead(INDEX);
    await keep(FILES.slice(0, 1));
    await keep(FILES.slice(1));
    const seen = await walked(new CitationSayings(countingResolver().resolver), INDEX);
    assert.deepEqual(tally.standards.summaries(), await summariseStandards(seen.map(([, saying]) => saying)));
    assert.deepEqual(
      tally.standards.summaries().map((s) => `${s.standard} ${s.count}`),
      ['IEC 62304:2006 2', 'ISO 9001:2015 4'],
    );
    // One standard's walk from its places: what the whole walk finds of it, in the same order.
    const at: string[] = [];
    await sayings.eachAt(tally, tally.standards.placesOf('urn:iso:std:iso:9001:ed-5:v1:en', 'ISO 9001:2015'), (read, citation) =>
      at.push(`${read.uri.toString()} ${citation.text}`),
    );
    assert.deepEqual(
      at,
      seen.filter(([, saying]) => saying.standard === 'ISO 9001:2015').map(([where]) => where),
    );
    assert.deepEqual(
      [...tally.unresolved].map((n, i) => (i % 2 ? FILES[tally.unresolved[i - 1]].citations[n].text : FILES[n].uri.toString())),
      ['file:///w/b.md', 'ISO 99999:2020'],
    );
  });
});
