/**
 * How a cross-reference that comes without text names what it points at, as ISO prints it (ISO/IEC Directives
 * Part 2; Metanorma's isodoc): "Clause 5", "5.1", "Annex A", "A.2", "Table 1", "Figure 2", "Formula (1)", "3.2"
 * for a term entry. From the block it points at on the page, from the standard's clause list, or — when neither
 * is known — from what the target's identifier says ("AnnexA", "tab_1", "sec_5.1"). Never the identifier itself.
 */
import { inlineText } from './flowText';
import type { Block } from './model';
import { isIdentifier } from './identifiers';

/** A clause of the standard, as the clause list gives it. */
export interface ClauseEntryLabel {
  number?: string;
  title?: string;
  /** The clause is an annex (its number is a letter). */
  annex?: boolean;
}

/** "Clause 5" for a top-level clause, "5.1" for a subclause, "Annex A" / "A.1" in an annex. */
export function numberLabel(number: string, annex = /^[A-Z](?:\.|$)/.test(number)): string {
  // ISO names an annex's first-level subclause "Clause A.1"; deeper ones and body subclauses by number alone.
  if (/^[A-Z]\.\d+$/.test(number)) return `Clause ${number}`;
  if (number.includes('.')) return number;
  return annex || /^[A-Z]$/.test(number) ? `Annex ${number}` : `Clause ${number}`;
}

/** How a cross-reference names a block of the page; '' when the block has nothing to be named by. */
export function blockLabel(block: Block): string {
  switch (block.kind) {
    case 'section':
      return block.number ? numberLabel(block.number) : inlineText(block.title);
    case 'table':
    case 'figure':
      return block.label || inlineText(block.caption);
    case 'formula':
      return block.label ? `Formula ${block.label}` : '';
    case 'term':
      return block.number || (block.preferred[0] ? inlineText(block.preferred[0]) : '');
    case 'note':
    case 'example':
    case 'admonition':
      return block.label.replace(/^Note (\d+) to entry:?$/, 'Note $1').replace(/^(?:NOTE|EXAMPLE)\b/, (word) => word[0] + word.slice(1).toLowerCase());
    case 'heading':
      return inlineText(block.content);
    default:
      return '';
  }
}

/** How a cross-reference names another clause of the standard: "Clause 5", "5.1", "Annex A", else its title. */
export function clauseLabel(clause: ClauseEntryLabel): string {
  if (clause.number) return numberLabel(clause.number, clause.annex);
  return clause.title ?? '';
}

const SEPARATOR = '[-_.: ]?';
const NUMBER = '(\\d+(?:[-_.]\\d+)*)';
const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [
    new RegExp(`^(?:annex|app|appendix|anx)${SEPARATOR}([a-z])(?:${SEPARATOR}${NUMBER})?$`, 'i'),
    (m) => numberLabel([m[1].toUpperCase(), dotted(m[2])].filter(Boolean).join('.'), true),
  ],
  [new RegExp(`^(?:clause|subclause|sec|section|sect|cl|subsec)${SEPARATOR}${NUMBER}$`, 'i'), (m) => numberLabel(dotted(m[1]), false)],
  [new RegExp(`^(?:tab|table|tbl|tablewrap|table-wrap)${SEPARATOR}(?:([a-z])${SEPARATOR})?${NUMBER}$`, 'i'), (m) => `Table ${letterNumber(m[1], m[2])}`],
  [new RegExp(`^(?:fig|figure)${SEPARATOR}(?:([a-z])${SEPARATOR})?${NUMBER}$`, 'i'), (m) => `Figure ${letterNumber(m[1], m[2])}`],
  [new RegExp(`^(?:formula|eq|equation|disp-?formula)${SEPARATOR}(?:([a-z])${SEPARATOR})?${NUMBER}$`, 'i'), (m) => `Formula (${letterNumber(m[1], m[2])})`],
  [new RegExp(`^(?:term|entry|termentry|te)${SEPARATOR}${NUMBER}$`, 'i'), (m) => dotted(m[1])],
  [new RegExp(`^note${SEPARATOR}${NUMBER}$`, 'i'), (m) => `Note ${dotted(m[1])}`],
  [new RegExp(`^(?:example|ex)${SEPARATOR}${NUMBER}$`, 'i'), (m) => `Example ${dotted(m[1])}`],
];

/** The clause or annex number a target's identifier holds ("clause_5_1" → "5.1", "AnnexB" → "B"). */
export function clauseNumberOf(target: string): string | undefined {
  const id = target.trim().replace(/^#/, '').replace(/^_+/, '');
  const annex = PATTERNS[0][0].exec(id);
  if (annex) return [annex[1].toUpperCase(), dotted(annex[2])].filter(Boolean).join('.');
  const clause = PATTERNS[1][0].exec(id);
  return clause ? dotted(clause[1]) : undefined;
}

/** What a target of this STS `ref-type` is called when its identifier holds only a number. */
const REF_TYPES: Record<string, (n: string) => string> = {
  sec: (n) => numberLabel(n),
  app: (n) => numberLabel(n, true),
  table: (n) => `Table ${n}`,
  fig: (n) => `Figure ${n}`,
  dispformula: (n) => `Formula (${n})`,
  'disp-formula': (n) => `Formula (${n})`,
  term: (n) => n,
};

/** A readable name for a cross-reference target that cannot be looked up: from what its identifier says. */
export function fallbackLabel(target: string, refType = ''): string {
  const id = target.trim().replace(/^#/, '').replace(/^_+/, '');
  for (const [pattern, label] of PATTERNS) {
    const match = pattern.exec(id);
    if (match) return label(match);
  }
  const numberOnly = /^(?:[a-z]+[-_])?([A-Z]?\d+(?:[._]\d+)*|[A-Z])$/.exec(id);
  const byType = REF_TYPES[refType.toLowerCase()];
  if (byType && numberOnly) return byType(dotted(numberOnly[1]));
  // "normative_references", "termsAndDefinitions", "scope": words, not an identifier.
  const words = id
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim();
  if (/^[A-Z]+(?: [A-Z]+)*$/i.test(words) && !isIdentifier(target.trim()) && words.length <= 60)
    return `${words[0].toUpperCase()}${words.slice(1).toLowerCase()}`;
  return REF_TYPE_WORDS[refType.toLowerCase()] ?? 'another part of this document';
}

const REF_TYPE_WORDS: Record<string, string> = {
  sec: 'another clause',
  app: 'an annex',
  table: 'a table',
  fig: 'a figure',
  'disp-formula': 'a formula',
  term: 'a term entry',
  bibr: 'a cited document',
};

function dotted(number: string | undefined): string {
  return number ? number.replace(/[-_]/g, '.') : '';
}

function letterNumber(letter: string | undefined, number: string): string {
  return letter ? `${letter.toUpperCase()}.${dotted(number)}` : dotted(number);
}
