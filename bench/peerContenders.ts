/**
 * The search libraries a user would pick for Find Standard, next to ours (issue 57, item 1), each configured as its
 * documentation recommends for type-ahead: prefix search, its fuzziness for typing where it keeps prefixes (Orama's
 * does not: see its setup), the reference boosted over the title, every word of the query required where it can be. Every peer gets the same records (reference + title, found by position) and the same words as ours (our
 * tokenizer: lower case, accents off, runs of letters or of digits, so "iso9001" is iso 9001 and "13818-7" is 13818 7)
 * where it takes a tokenizer; uFuzzy matches characters, not words, and takes the text as it is.
 *
 * Our current-first rule (a current, published base document before a withdrawn, replaced, draft or supplement record)
 * is given to a peer where its public API takes a ranking function: MiniSearch (boostDocument: such a record's score
 * halved), Orama (sortBy: current first, then its score) and uFuzzy (sort: current first, then its own order).
 * FlexSearch's API has no such hook (its order is its resolution's), so it ranks as it does. Our other ordering rules
 * (edition, parts, companions, a topic's family) are ours alone: no peer is given them.
 *
 * Bench-only: src/ never imports these libraries (.dependency-cruiser.cjs).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import MiniSearch from 'minisearch';
import { Document as FlexDocument } from 'flexsearch';
import { create as createOrama, insertMultiple as oramaInsertMultiple, search as oramaSearch } from '@orama/orama';
import { CatalogueIndex, type IndexEntry } from '../src/core/catalogue/catalogueIndex';
import { factsOf } from '../src/core/catalogue/standardFacts';
import { tokenize } from '../src/core/catalogue/tokens';

/** A built index: positions of the best records first, at most `limit`. */
export interface PeerIndex {
  search(query: string, limit: number): number[];
}

export interface Contender {
  name: string;
  /** Its version, from its package (ours: the extension's). */
  version: string;
  /** How it is configured, in words: what docs/performance.md says of it. */
  setup: string;
  build(entries: readonly IndexEntry[]): Promise<PeerIndex>;
}

/** 1 for a record our current-first rule puts after the current base documents (withdrawn, replaced, draft, supplement). */
function demotions(entries: readonly IndexEntry[]): Uint8Array {
  const demoted = new Uint8Array(entries.length);
  for (const e of entries) {
    const facts = factsOf(e.urn, e.reference, e.status);
    demoted[e.position] = facts.current && !facts.draft && !facts.supplement ? 0 : 1;
  }
  return demoted;
}

/** The version in the manifest of package `name` (not every package exports it: read as a file), or of ours (''). */
function versionOf(name: string): string {
  const root = path.resolve(__dirname, '../..');
  const manifest = path.join(name ? path.join(root, 'node_modules', name) : root, 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

const ours: Contender = {
  name: 'ours',
  version: versionOf(''),
  setup: 'CatalogueIndex.of (one thread; the extension prepares segments on a worker as pages arrive), search(query, limit)',
  async build(entries) {
    const index = CatalogueIndex.of(entries);
    return { search: (query, limit) => index.search(query, limit).map((e) => e.position) };
  },
};

const miniSearch: Contender = {
  name: 'MiniSearch',
  version: versionOf('minisearch'),
  setup:
    'fields reference + title, our tokenizer; search { prefix: true, fuzzy: 0.2, combineWith: "AND", boost: { reference: 2 } }; current-first by boostDocument (× 0.5)',
  async build(entries) {
    const demoted = demotions(entries);
    const index = new MiniSearch<IndexEntry>({
      idField: 'position',
      fields: ['reference', 'title'],
      extractField: (entry, field) => (field === 'position' ? entry.position : field === 'reference' ? (entry.reference ?? '') : entry.title),
      tokenize: (text) => tokenize(text),
      // Our tokenizer lowers already.
      processTerm: (term) => term,
      searchOptions: { prefix: true, fuzzy: 0.2, combineWith: 'AND', boost: { reference: 2 }, boostDocument: (id) => (demoted[id as number] ? 0.5 : 1) },
    });
    index.addAll(entries as IndexEntry[]);
    return {
      search: (query, limit) =>
        index
          .search(query)
          .slice(0, limit)
          .map((r) => r.id as number),
    };
  },
};

const flexSearch: Contender = {
  name: 'FlexSearch',
  version: versionOf('flexsearch'),
  setup:
    'Document, fields reference + title, tokenize "forward" (prefix), our tokenizer; search { suggest: true (its fuzziness: records holding some of the words too), limit }: reference hits before title hits (its results come per field)',
  async build(entries) {
    const encode = (text: string): string[] => tokenize(text);
    const index = new FlexDocument<{ position: number; reference: string; title: string }>({
      document: {
        id: 'position',
        index: [
          { field: 'reference', tokenize: 'forward', encode },
          { field: 'title', tokenize: 'forward', encode },
        ],
      },
    });
    for (const e of entries) index.add({ position: e.position, reference: e.reference ?? '', title: e.title });
    return {
      search(query, limit) {
        // One list per field, in the fields' order: the reference's hits first is how it boosts a field.
        const seen = new Set<number>();
        for (const field of index.search(query, { limit, suggest: true })) {
          for (const id of field.result) if (seen.size < limit) seen.add(id as number);
        }
        return [...seen];
      },
    };
  },
};

const uFuzzy: Contender = {
  name: 'uFuzzy',
  version: versionOf('@leeoniya/ufuzzy'),
  setup:
    'haystack "reference title" (the reference first: its matches start earlier, which its sort prefers), default options (intraMode 0), search(haystack, needle, outOfOrder 1, infoThresh 1000); current-first by its sort option',
  async build(entries) {
    // An ES module: loaded as one.
    const UFuzzy = (await import('@leeoniya/ufuzzy')).default;
    const demoted = demotions(entries);
    const plain = new UFuzzy();
    const fuzzy = new UFuzzy({
      sort: (info, haystack, needle) => {
        const order = plain.sort(info, haystack, needle);
        const rank = new Map(order.map((o, i) => [o, i]));
        return [...order].sort((a, b) => demoted[info.idx[a]] - demoted[info.idx[b]] || rank.get(a)! - rank.get(b)!);
      },
    });
    const haystack = entries.map((e) => `${e.reference ?? ''} ${e.title}`);
    return {
      search(query, limit) {
        const [idxs, info, order] = fuzzy.search(haystack, query, 1, 1000);
        if (!idxs) return [];
        // Past infoThresh uFuzzy ranks nothing: its matches in haystack order.
        if (!info || !order) return idxs.slice(0, limit);
        return order.slice(0, limit).map((o) => info.idx[o]);
      },
    };
  },
};

const orama: Contender = {
  name: 'Orama',
  version: versionOf('@orama/orama'),
  setup:
    'schema reference + title (string), our tokenizer; insertMultiple; search { term, boost: { reference: 2 }, threshold: 0 (every word), limit }: prefix is its default; no tolerance (with tolerance: 1 a last word is no longer a prefix: "quality man" finds nothing); current-first by sortBy (current first, then its score)',
  async build(entries) {
    const db = createOrama({
      schema: { reference: 'string', title: 'string' } as const,
      components: { tokenizer: { language: 'english', normalizationCache: new Map(), tokenize: (raw: string) => tokenize(raw) } },
    });
    const demoted = demotions(entries);
    await oramaInsertMultiple(
      db,
      entries.map((e) => ({ id: String(e.position), reference: e.reference ?? '', title: e.title })),
    );
    const demotedOf = (doc: { id?: unknown }): number => demoted[Number(doc.id)];
    return {
      search(term, limit) {
        const results = oramaSearch(db, {
          term,
          properties: ['reference', 'title'],
          boost: { reference: 2 },
          // Every word, as Find Standard does (its default also returns records holding one word of several).
          threshold: 0,
          limit,
          sortBy: (a, b) => demotedOf(a[2]) - demotedOf(b[2]) || b[1] - a[1],
        });
        if (results instanceof Promise) throw new Error('Orama searched asynchronously: a keystroke could not be timed');
        return results.hits.map((h) => Number(h.id));
      },
    };
  },
};

export const CONTENDERS: readonly Contender[] = [ours, miniSearch, flexSearch, uFuzzy, orama];
