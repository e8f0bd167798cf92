/**
 * Recognition by meaning: the local names (after any prefix, IRI or case and hyphen differences) that the common
 * document vocabularies give their elements and keys — HTML, NISO STS/JATS, TBX, DocBook, Metanorma — and the
 * sandbox's `corext:` vocabulary. "list-item", "listitem", "tbx:listItem" and "https://…#ListItem" are one name.
 * Element roles here; what keys mean in keys.ts; identifiers told from prose in identifiers.ts.
 */

/** "tbx:termEntry" / "https://x/ns#Term-Entry" / "list_item" → "termentry" / "listitem". */
export function localName(name: string): string {
  let local = LOCAL_NAMES.get(name);
  if (local === undefined) {
    local = (name.startsWith('@') ? name : name.replace(/^.*[:#/]/, '')).toLowerCase().replace(/[-_.\s]/g, '');
    // Keys repeat across a body: remember them (bounded, so odd bodies cannot grow it without end).
    if (LOCAL_NAMES.size < 10_000) LOCAL_NAMES.set(name, local);
  }
  return local;
}

const LOCAL_NAMES = new Map<string, string>();

const set = (...names: string[]): ReadonlySet<string> => new Set(names);

/** Element roles, each recognised by any of its local names. */
export const ROLES = {
  section: set(
    'section',
    'sec',
    'clause',
    'subclause',
    'terms',
    'definitions',
    'foreword',
    'introduction',
    'abstract',
    'annex',
    'appendix',
    'app',
    'acknowledgements',
    'acknowledgments',
    'bibliography',
    'references',
    'chapter',
    'sect1',
    'sect2',
    'sect3',
    'sect4',
    'sect5',
    'simplesect',
    'scope',
    'normativereferences',
    'termsanddefinitions',
    'requirements',
    'executivesummary',
    'preface',
    'glossary',
    'appgroup',
    'backmatter',
    'refsection',
  ),
  heading: set('h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'title', 'heading', 'bridgehead'),
  paragraph: set('p', 'para', 'paragraph', 'simpara', 'formalpara', 'verbaldefinition'),
  list: set('ul', 'ol', 'list', 'itemizedlist', 'orderedlist', 'simplelist'),
  listItem: set('li', 'listitem', 'item', 'member'),
  definitions: set('dl', 'deflist', 'variablelist', 'glosslist', 'deflists'),
  table: set('table', 'tablewrap', 'informaltable'),
  note: set('note', 'nonnormativenote', 'termnote', 'notetoentry', 'footnotetable'),
  example: set('example', 'nonnormativeexample', 'termexample', 'informalexample'),
  admonition: set('admonition', 'warning', 'caution', 'important', 'tip', 'danger', 'attention', 'safetyprecaution', 'hint', 'editorialnote', 'statement'),
  term: set('termentry', 'termsec', 'conceptentry'),
  formula: set('formula', 'dispformula', 'equation', 'informalequation', 'displaymath'),
  math: set('math', 'mmlmath', 'stem', 'inlineformula', 'inlineequation', 'texmath', 'latex', 'asciimath', 'tex'),
  figure: set('figure', 'fig', 'figgroup', 'mediaobject', 'informalfigure'),
  image: set('img', 'image', 'graphic', 'inlinegraphic', 'imagedata', 'inlinemediaobject', 'imageobject'),
  code: set('sourcecode', 'preformat', 'pre', 'programlisting', 'screen', 'literallayout', 'codeblock'),
  quote: set('quote', 'blockquote', 'dispquote', 'epigraph'),
  footnote: set('fn', 'footnote'),
  bibitem: set('bibitem', 'ref', 'biblioentry', 'bibliomixed', 'reference', 'norefitem'),
  break: set('br', 'break', 'linebreak'),
  emphasis: set('em', 'i', 'italic', 'emphasis', 'cite', 'var', 'dfn'),
  strong: set('strong', 'b', 'bold'),
  sub: set('sub', 'subscript', 'inf'),
  sup: set('sup', 'superscript'),
  code_: set('code', 'tt', 'monospace', 'literal', 'kbd', 'samp', 'command', 'filename', 'varname'),
  smallcaps: set('smallcap', 'smallcaps', 'sc'),
  underline: set('u', 'underline', 'ins'),
  strike: set('strike', 's', 'del', 'strikethrough'),
  xref: set('xref', 'a', 'link', 'extlink', 'uri', 'ulink', 'olink', 'url', 'entailedterm'),
  /** A term mentioned in running text with its reference (Metanorma). */
  concept: set('concept'),
  standardRef: set('eref', 'std', 'stdref', 'standardref', 'stdreference', 'citation'),
} as const;

export type Role = keyof typeof ROLES;

/** Roles an element can have only in running text. */
export const INLINE_ROLES: ReadonlySet<Role> = new Set<Role>([
  'emphasis',
  'strong',
  'sub',
  'sup',
  'code_',
  'smallcaps',
  'underline',
  'strike',
  'xref',
  'standardRef',
  'concept',
  'footnote',
  'break',
  'math',
]);

/** The first role any of `names` has, in the order of ROLES. */
export function roleOf(names: readonly string[]): Role | undefined {
  let best: Role | undefined;
  let bestRank = Infinity;
  for (const name of names) {
    const role = ROLE_OF.get(name);
    if (role !== undefined && ROLE_RANK.get(role)! < bestRank) {
      best = role;
      bestRank = ROLE_RANK.get(role)!;
    }
  }
  return best;
}

const ROLE_OF = new Map<string, Role>();
const ROLE_RANK = new Map<Role, number>();
for (const [rank, role] of (Object.keys(ROLES) as Role[]).entries()) {
  ROLE_RANK.set(role, rank);
  for (const name of ROLES[role]) if (!ROLE_OF.has(name)) ROLE_OF.set(name, role);
}
