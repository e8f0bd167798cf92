/**
 * The References view's walk over the citations of the files it has read, resolved against the catalogue index
 * with the extension host given back every few milliseconds: what its levels, its export and the Coverage view are
 * made from.
 */
import type { CatalogueIndex } from '../../core/catalogue/catalogueIndex';
import { occurrenceSays, StandardsTally, type OccurrenceSays } from '../../core/citations/referenceReport';
import { isJudged, type Citation } from '../../core/citations/recognise';
import { pacedRests } from '../../core/scan/scanPace';
import { TimeSlicer } from '../../core/service/timeSlicer';
import type { CitationResolver } from '../workspaceCitations/citationResolver';
import type { FileCitations } from './fileCitations';

/**
 * How long a computation over every file runs before it gives the extension host back (the Pacer then decides
 * whether it also rests): a request from the workbench waits for no more than that.
 */
const SLICE_MS = 2;

/** Gives the host back every SLICE_MS, resting as the Pacer says (scanPace.ts). */
function pacedSlicer(): TimeSlicer {
  return new TimeSlicer(pacedRests(), SLICE_MS);
}

/**
 * What each citation of a file says once resolved (null: it names no record of the catalogue), kept per file while
 * its citations and the index are the same: the first level of the References view, an opened standard, a redraw
 * after one file changed and the Coverage view walk the same citations. What a citation says depends on its text
 * alone (the resolver memoises by it): within a walk each new text is resolved and worded once (a workspace cites a
 * few hundred texts a hundred thousand times), so the occurrences share its strings and make little garbage.
 */
/**
 * What a scan resolved as it read: its files in the order it kept them, the standards they cite counted with the
 * place of each citation, and the citations that name no record of the catalogue. It stands for the files the view
 * shows while they are these very files, in this order, and the index is the same.
 */
export interface ScanTally {
  index: CatalogueIndex;
  files: FileCitations[];
  /** Places: a file's number in `files` and a citation's in the file. */
  standards: StandardsTally;
  /** The citations the rules judge that name no record (check's `unknown`): file and citation numbers in turn. */
  unresolved: number[];
}

/** `tally`, while `files` (the view's, in their order) are the very files it read, and `index` is its index. */
export function standingTally(tally: ScanTally | undefined, index: CatalogueIndex, files: ReadonlyMap<string, FileCitations>): ScanTally | undefined {
  if (tally?.index !== index || tally.files.length !== files.size) return undefined;
  let i = 0;
  for (const read of files.values()) if (read !== tally.files[i++]) return undefined;
  return tally;
}

export class CitationSayings {
  private readonly byFile = new WeakMap<readonly Citation[], { index: CatalogueIndex; says: ReadonlyArray<OccurrenceSays | null> }>();

  constructor(private readonly resolver: CitationResolver) {}

  /**
   * Calls `visit` with each citation of `files` that resolves against `index`, with its file and what it says, file
   * by file, the extension host given back every few milliseconds; `unresolved` with each the rules judge that
   * names no record (check's `unknown`).
   */
  async each(
    files: readonly FileCitations[],
    index: CatalogueIndex,
    visit: (read: FileCitations, citation: Citation, saying: OccurrenceSays) => void,
    unresolved?: (read: FileCitations, citation: Citation) => void,
  ): Promise<void> {
    const walk = this.walk(index);
    for (const read of files) {
      const says = await walk(read);
      const { citations } = read;
      for (let i = 0; i < citations.length; i++) {
        const saying = says[i];
        if (saying) visit(read, citations[i], saying);
        else if (unresolved && isJudged(citations[i])) unresolved(read, citations[i]);
      }
    }
  }

  /**
   * Resolves citations against `index` ahead of a walk, as `each` would, a batch of files at each call of `keep`, and
   * tallies them (ScanTally): a scan calls it for each batch, in the order it keeps them, while its worker reads the
   * next, so that the view's first draw after it finds them resolved and counted (the draw of 100 000 citations held
   * the extension host in 60–150 ms of steps, the workbench answering in up to six times its idle time). One walk for
   * all the batches: each text is resolved and worded once.
   */
  resolverAhead(index: CatalogueIndex): { keep: (files: readonly FileCitations[]) => Promise<void>; tally: ScanTally } {
    const said = new Map<string, OccurrenceSays | null>();
    const tally: ScanTally = { index, files: [], standards: new StandardsTally(), unresolved: [] };
    const keep = async (files: readonly FileCitations[]): Promise<void> => {
      // Paced afresh at each batch: a Pacer takes the time since it last rested as worked, and the scan waited.
      const walk = this.walk(index, said);
      for (const read of files) {
        const says = await walk(read);
        const file = tally.files.push(read) - 1;
        const { citations } = read;
        for (let i = 0; i < citations.length; i++) {
          const saying = says[i];
          if (saying) tally.standards.add(saying, file, i);
          else if (isJudged(citations[i])) tally.unresolved.push(file, i);
        }
      }
    };
    return { keep, tally };
  }

  /**
   * Calls `visit` with each citation at `places` (a file of `tally` and a citation of it, in turn), with what it
   * says: the walk of one standard, or of one edition, from a scan's tally.
   */
  async eachAt(tally: ScanTally, places: readonly number[], visit: (read: FileCitations, citation: Citation, saying: OccurrenceSays) => void): Promise<void> {
    const walk = this.walk(tally.index);
    for (let p = 0; p < places.length; p += 2) {
      const read = tally.files[places[p]];
      const saying = (await walk(read))[places[p + 1]];
      if (saying) visit(read, read.citations[places[p + 1]], saying);
    }
  }

  /**
   * What each citation of a file says against `index`, kept per file; within one walk each new text is resolved and
   * worded once. A large workspace resolves thousands of distinct references, the first ones before their code is
   * compiled (a few milliseconds each): the extension host is given back by the clock, between files and between
   * resolutions.
   */
  private walk(index: CatalogueIndex, said = new Map<string, OccurrenceSays | null>()): (read: FileCitations) => Promise<ReadonlyArray<OccurrenceSays | null>> {
    const slicer = pacedSlicer();
    return async ({ citations }) => {
      await slicer.due();
      const known = this.byFile.get(citations);
      if (known?.index === index) return known.says;
      const says = new Array<OccurrenceSays | null>(citations.length);
      for (let i = 0; i < citations.length; i++) {
        let saying = said.get(citations[i].text);
        if (saying === undefined) {
          await slicer.due();
          const standard = this.resolver.resolve(index, citations[i]);
          said.set(citations[i].text, (saying = standard ? occurrenceSays(standard, citations[i]) : null));
        }
        says[i] = saying;
      }
      this.byFile.set(citations, { index, says });
      return says;
    };
  }
}
