/**
 * The document model: a clause body of any vocabulary as one neutral tree that the clause page, the text view,
 * Go to Term and hovers all read. Blocks (sections with number + title, paragraphs, lists, tables, notes,
 * examples, admonitions, term entries, formulas, figures, code, quotes, bibliography entries) hold inline flows
 * (text, emphasis, links, formulas, footnote markers). Nothing technical is kept as text: identifiers become
 * `anchor`s or link targets, obligations become labels, display hints are dropped (the JSON view keeps them).
 * Plain data, no DOM and no `vscode`, so any layer can use it.
 */

/** Inline flow: plain strings and inline elements, in document order. */
export type Inline = string | InlineElement;

export type InlineStyle = 'emphasis' | 'strong' | 'sub' | 'sup' | 'code' | 'smallcaps' | 'underline' | 'strike';

export type InlineElement =
  | { kind: 'style'; style: InlineStyle; children: Inline[] }
  | { kind: 'link'; target: LinkTarget; children: Inline[] }
  | { kind: 'math'; math: Math }
  /** A footnote marker; the footnote's text is in `ClauseDocument.footnotes`. */
  | { kind: 'footnote'; marker: string }
  | { kind: 'break' }
  /** An image inside running text (shown only when it comes from the service). */
  | { kind: 'image'; image: Image };

/**
 * Where a link goes. `clause`: a cross-reference (another clause's `@id`, or an anchor that may be on this
 * page); `standard`: a reference to another standard by URN; `external`: a web address (shown, never loaded);
 * `citation`: a reference to a standard whose URN the body does not give.
 */
export type LinkTarget = { kind: 'clause'; target: string } | { kind: 'standard'; urn: string } | { kind: 'external'; href: string } | { kind: 'citation' };

export interface Image {
  /** As given: absolute, relative to the service, or a `data:image/…` URI. The page decides what it loads. */
  src: string;
  alt: string;
}

/**
 * A formula: MathML as a tree of MathML elements (with the source it was made from, when it was written in another
 * notation), or source text in AsciiMath, LaTeX or plain notation.
 */
export type Math =
  | { notation: 'mathml'; root: MathNode; source?: { notation: 'asciimath' | 'latex'; text: string } }
  | { notation: 'asciimath' | 'latex' | 'text'; source: string };

export interface MathNode {
  /** A MathML element name (only MathML names reach the model). */
  name: string;
  attributes: Record<string, string>;
  children: Array<MathNode | string>;
}

export interface Cell {
  header: boolean;
  colspan?: number;
  rowspan?: number;
  /** Inline content (most cells) or blocks (cells holding paragraphs or lists). */
  content: Inline[] | Block[];
  blocks: boolean;
}

export type Row = Cell[];

export interface ListItem {
  /** A label given by the body, e.g. "a)". */
  label?: string;
  blocks: Block[];
}

export interface Definition {
  term: Inline[];
  definition: Block[];
}

interface Anchored {
  /** The element's identifier, kept as an anchor for cross-references (never shown). */
  anchor?: string;
}

export type Block =
  | (Anchored & { kind: 'section'; number?: string; title: Inline[]; label?: string; children: Block[] })
  | (Anchored & { kind: 'heading'; level: number; content: Inline[] })
  | (Anchored & { kind: 'paragraph'; content: Inline[] })
  | (Anchored & { kind: 'list'; ordered: boolean; items: ListItem[] })
  | (Anchored & { kind: 'definitions'; items: Definition[] })
  | (Anchored & { kind: 'table'; label?: string; caption: Inline[]; head: Row[]; body: Row[]; foot: Row[]; notes: Block[] })
  | (Anchored & { kind: 'note' | 'example' | 'admonition'; label: string; children: Block[] })
  | (Anchored & TermEntry)
  | (Anchored & { kind: 'formula'; label?: string; math: Math; where: Block[] })
  | (Anchored & { kind: 'figure'; label?: string; caption: Inline[]; images: Image[]; children: Block[] })
  | (Anchored & { kind: 'code'; text: string; language?: string })
  | (Anchored & { kind: 'quote'; children: Block[]; source: Inline[] })
  | (Anchored & BibliographyEntry)
  /** Content nested deeper than the model follows; the JSON view has it. */
  | { kind: 'tooDeep' };

export interface TermEntry {
  kind: 'term';
  number?: string;
  preferred: Inline[][];
  admitted: Inline[][];
  deprecated: Inline[][];
  domain: Inline[];
  definition: Block[];
  notes: Block[];
  examples: Block[];
  source: Inline[];
}

export interface BibliographyEntry {
  kind: 'reference';
  /** The entry's label in a numbered list: "[1]". */
  label?: string;
  /** e.g. "ISO 712:2009". */
  citation: string;
  urn?: string;
  title: Inline[];
  /** Further prose of the entry (a formatted reference, a mixed citation). */
  details: Inline[];
}

export interface Footnote {
  marker: string;
  anchor?: string;
  blocks: Block[];
}

export interface ClauseDocument {
  number?: string;
  title: string;
  /** e.g. "informative" for an informative annex. */
  label?: string;
  standard?: { urn?: string; reference?: string; title?: string };
  blocks: Block[];
  footnotes: Footnote[];
}

/** How deep the model follows nesting; deeper content becomes a `tooDeep` block (or marker text inline). */
export const MAX_DEPTH = 256;
export const TOO_DEEP_TEXT = 'Nested too deeply to show here — see the JSON view.';
