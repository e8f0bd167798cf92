/**
 * The References view's walk over the citations of the files it has read, resolved against the catalogue index
 * with the extension host given back every few milliseconds: what its levels, its export and the Coverage view are
 * made from.
 */
import type { CatalogueIndex } from '../../core/catalogue/catalogueIndex';
import { occurrenceSays, type OccurrenceSays } from '../../core/citations/referenceReport';
import type { Citation } from '../../core/citations/recognise';
import { Pacer } from '../../core/scan/scanPace';
import { TimeSlicer } from '../../core/service/timeSlicer';
import type { CitationResolver } from './citationResolver';
import type { FileCitations } from './fileCitations';

/**
 * How long a computation over every file runs before it gives the extension host back (the Pacer then decides
 * whether it also rests): a request from the workbench waits for no more than that.
 */
const SLICE_MS = 2;

/** Gives the host back every SLICE_MS, resting as the Pacer says (scanPace.ts). */
export function pacedSlicer(): TimeSlicer {
  const pacer = new Pacer();
  return new TimeSlicer(() => pacer.rest(), SLICE_MS);
}

/**
 * Calls `visit` with each citation of `files` that resolves against `index`, with what it says, file by file
 * (`nameOf` names each file). What a citation says depends on its text alone: each text is resolved and worded once
 * (a workspace cites a few hundred texts a hundred thousand times), so its occurrences share its strings and make
 * little garbage.
 */
export async function eachResolved(
  files: readonly FileCitations[],
  resolver: CitationResolver,
  index: CatalogueIndex,
  nameOf: (file: FileCitations) => string,
  visit: (file: string, citation: Citation, saying: OccurrenceSays) => void,
): Promise<void> {
  const said = new Map<string, OccurrenceSays | null>();
  // A large workspace resolves thousands of distinct references, the first ones before their code is compiled (a
  // few milliseconds each): the extension host is given back by the clock, between files and between resolutions.
  const slicer = pacedSlicer();
  for (const read of files) {
    await slicer.due();
    const file = nameOf(read);
    for (const citation of read.citations) {
      let saying = said.get(citation.text);
      if (saying === undefined) {
        await slicer.due();
        const standard = resolver.resolve(index, citation);
        said.set(citation.text, (saying = standard ? occurrenceSays(standard, citation) : null));
      }
      if (saying) visit(file, citation, saying);
    }
  }
}
