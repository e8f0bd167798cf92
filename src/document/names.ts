/**
 * Recognition by meaning: the local names (after any prefix, IRI or case and hyphen differences) that the common
 * document vocabularies give their elements and keys — HTML, NISO STS/JATS, TBX, DocBook, Metanorma — and the
 * sandbox's `corext:` vocabulary. "list-item", "listitem", "tbx:listItem" and "https://…#ListItem" are one name.
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
  term: set('termentry', 'termsec', 'concept', 'conceptentry'),
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
  xref: set('xref', 'a', 'link', 'extlink', 'uri', 'ulink', 'olink', 'url'),
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

/** Keys whose value is the element's content, in order. */
export const CONTENT_KEYS = set(
  'content',
  'contents',
  'children',
  'text',
  '#text',
  '_',
  '$t',
  '$$',
  'value',
  '@value',
  '@list',
  '@set',
  '@graph',
  'body',
  'elements',
  'inlines',
  'blocks',
  'items',
  'sections',
  'flow',
  'mixed',
);

/** Keys that name a title, number or label of their element (read by the element, not flowed). */
export const TITLE_KEYS = set('title', 'heading', 'name', 'fmttitle', 'fmtname', 'caption', 'headline');
export const NUMBER_KEYS = set('number', 'clausenumber', 'sectionnumber', 'label', 'fmtxreflabel', 'termnumber');

/**
 * Keys that never carry prose: identifiers, anchors, namespaces, ordering and display hints, flags. (Unknown keys
 * are still judged by their value; these are dropped even when the value looks like text.)
 */
export const TECHNICAL_KEYS = set(
  '@id',
  'id',
  '@context',
  '@type',
  'type',
  '@language',
  '@direction',
  '@base',
  '@vocab',
  '@index',
  '@reverse',
  'anchor',
  'xmlid',
  'xmllang',
  'lang',
  'language',
  'script',
  'displayorder',
  'order',
  'position',
  'level',
  'depth',
  'obligation',
  'inlineheader',
  'semxid',
  'originalid',
  'schemaversion',
  'class',
  'style',
  'version',
  'unnumbered',
  'keepwithnext',
  'keeplinestogether',
  'width',
  'height',
  'align',
  'valign',
  'colspan',
  'rowspan',
  'morerows',
  'namest',
  'nameend',
  'colname',
  'colnum',
  'cols',
  'colwidth',
  'frame',
  'rowsep',
  'colsep',
  'border',
  'cellpadding',
  'cellspacing',
  'href',
  'xlinkhref',
  'xlinktype',
  'xlinkrole',
  'target',
  'bibitemid',
  'linkend',
  'rid',
  'reftype',
  'stdid',
  'specificuse',
  'contenttype',
  'mimetype',
  'mediatype',
  'filename',
  'fileref',
  'src',
  'xmlns',
  'parent',
  'ispartof',
  'hidden',
  'droploc',
  'case',
  'ordered',
  'listtype',
  'numeration',
  'continuation',
  'start',
  'orientation',
  'sourceref',
  'uuid',
  'guid',
  'urn',
  'iri',
  'uri',
  'url',
  'about',
  'resource',
  'property',
  'typeof',
  'rel',
  'rev',
  'datatype',
  'checksum',
  'hash',
  'modified',
  'created',
  'issued',
  'date',
  'status',
  'stage',
  'edition',
  'display',
  'alt',
  'tabindex',
  'dir',
  'format',
  'mathvariant',
  'notation',
  'unit',
  'scope',
  'headers',
  'abbr',
  'span',
  'summary',
  'rules',
  'locality',
  'localitystack',
  'citeas',
  'reference',
  'identifier',
  'docidentifier',
  '$',
  '@attributes',
  '_attributes',
  'attributes',
  'attrs',
  'metadata',
  'meta',
  'fmtidentifier',
  'semx',
  'fmtxref',
  'fmtstem',
  'fmtfn',
);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * Whether a string is an identifier rather than prose: a UUID-shaped value, an internal anchor (`#_…`, `_…`),
 * a URN, an IRI or a compact IRI (`prefix:Name`), or one long token of letters and digits with no space.
 */
export function isIdentifier(text: string): boolean {
  const value = text.trim();
  if (!value) return false;
  if (UUID.test(value)) return true;
  if (/\s/.test(value)) return false;
  if (/^#/.test(value) || /^_[\w-]+$/.test(value)) return true;
  if (/^(urn|https?|ftp|mailto|data|file|tag|doi):/i.test(value)) return true;
  if (/^[A-Za-z][\w.-]*:[A-Za-z_][\w.-]*$/.test(value)) return true;
  return /^[a-z0-9]*\d[a-z0-9]*[a-z][a-z0-9]*$/i.test(value) && /^[\w-]{12,}$/.test(value) && /\d/.test(value) && /[a-z]/i.test(value);
}

/** Whether a value found under a key we do not know is prose to show: words with spaces, not an identifier. */
export function isProse(text: string): boolean {
  const value = text.trim();
  return /\S\s+\S/.test(value) && /[\p{L}\p{N}]/u.test(value) && !isIdentifier(value) && !/^[\w-]+\s*:\s*[^:]+;/.test(value);
}

/** Whether a target is a URN (a reference to a standard). */
export function isUrn(text: string): boolean {
  return /^urn:[a-z0-9][a-z0-9-]{0,31}:\S+$/i.test(text.trim());
}

/** Whether a URL points at a clause of the service: `…/standards/<urn>/clauses/<id>`. */
export function isClauseUrl(text: string): boolean {
  return /\/standards\/[^/]+\/clauses\/[^/?#]+/.test(text);
}
