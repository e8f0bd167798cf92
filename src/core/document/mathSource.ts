/**
 * LaTeX and AsciiMath source as readable text: Greek letters and operators as their characters, fractions as
 * a/b, roots as √, simple super- and subscripts raised or lowered. Not a typesetter — a formula a reader can read
 * without knowing the notation; the source itself stays in the model (and in the page's tooltip).
 */

const GREEK: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  vartheta: 'ϑ',
  iota: 'ι',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  upsilon: 'υ',
  phi: 'φ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Xi: 'Ξ',
  Pi: 'Π',
  Sigma: 'Σ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
};

const LATEX_SYMBOLS: Record<string, string> = {
  ...GREEK,
  cdot: '·',
  times: '×',
  div: '÷',
  pm: '±',
  mp: '∓',
  leq: '≤',
  le: '≤',
  geq: '≥',
  ge: '≥',
  neq: '≠',
  ne: '≠',
  approx: '≈',
  equiv: '≡',
  sim: '∼',
  propto: '∝',
  infty: '∞',
  sum: '∑',
  prod: '∏',
  int: '∫',
  oint: '∮',
  partial: '∂',
  nabla: '∇',
  rightarrow: '→',
  to: '→',
  leftarrow: '←',
  Rightarrow: '⇒',
  Leftrightarrow: '⇔',
  degree: '°',
  circ: '∘',
  ldots: '…',
  cdots: '⋯',
  in: '∈',
  notin: '∉',
  subset: '⊂',
  cup: '∪',
  cap: '∩',
  forall: '∀',
  exists: '∃',
  sqrt: '√',
  prime: '′',
  langle: '⟨',
  rangle: '⟩',
  mid: '|',
  log: 'log',
  ln: 'ln',
  exp: 'exp',
  sin: 'sin',
  cos: 'cos',
  tan: 'tan',
  min: 'min',
  max: 'max',
  lim: 'lim',
};

/** A name standing alone between non-letters (AsciiMath writes "sum_(i=1)", "alpha^2"). */
const word = (name: string): RegExp => new RegExp(`(?<![A-Za-z])${name}(?![A-Za-z])`, 'g');

const ASCIIMATH_SYMBOLS: Array<[RegExp, string]> = [
  [/<=/g, '≤'],
  [/>=/g, '≥'],
  [/!=/g, '≠'],
  [/->/g, '→'],
  [word('xx'), '×'],
  [/\*\*/g, '·'],
  [word('oo'), '∞'],
  [word('sum'), '∑'],
  [word('prod'), '∏'],
  [word('int'), '∫'],
  [word('sqrt'), '√'],
  [/\+-/g, '±'],
  [word('del'), '∂'],
  [word('cdot'), '·'],
  ...Object.entries(GREEK).map(([name, char]): [RegExp, string] => [word(name), char]),
];

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
  '−': '⁻',
  '(': '⁽',
  ')': '⁾',
  n: 'ⁿ',
  i: 'ⁱ',
};
const SUBSCRIPT: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  '+': '₊',
  '-': '₋',
  '−': '₋',
  '(': '₍',
  ')': '₎',
};

/** Raised or lowered characters when every character has one, else `^(…)` / `_(…)`. */
function script(text: string, table: Record<string, string>, mark: string): string {
  const chars = [...text];
  if (chars.length && chars.every((c) => table[c])) return chars.map((c) => table[c]).join('');
  return chars.length === 1 ? `${mark}${text}` : `${mark}(${text})`;
}

const BRACED = '\\{([^{}]*)\\}';

export function readableLatex(source: string): string {
  let text = source.replace(/\\(?:left|right|displaystyle|textstyle)\b\.?/g, '').replace(/\\[,;:! ]|\\q?quad\b/g, ' ');
  text = text.replace(new RegExp(`\\\\(?:mathrm|text|mathit|mathbf|mathsf|operatorname|boldsymbol)${BRACED}`, 'g'), '$1');
  // Symbols first (so "\frac{F}{\sigma}" reads F/σ), then structures innermost first, until nothing changes.
  text = text.replace(/\\([A-Z]+)/gi, (whole, name: string) => (name !== 'sqrt' && LATEX_SYMBOLS[name]) || whole);
  for (let pass = 0; pass < 20; pass++) {
    const before = text;
    text = text.replace(new RegExp(`\\\\[dt]?frac${BRACED}${BRACED}`, 'g'), (_m, a: string, b: string) => `${group(a)}/${group(b)}`);
    text = text.replace(new RegExp(`\\\\sqrt${BRACED}`, 'g'), (_m, a: string) => `√${group(a)}`);
    text = text.replace(new RegExp(`\\^${BRACED}`, 'g'), (_m, a: string) => script(a, SUPERSCRIPT, '^'));
    text = text.replace(new RegExp(`_${BRACED}`, 'g'), (_m, a: string) => script(a, SUBSCRIPT, '_'));
    if (text === before) break;
  }
  text = text.replace(/\\([A-Z]+)/gi, (whole, name: string) => LATEX_SYMBOLS[name] ?? whole);
  text = text.replace(/\^([0-9a-z])/gi, (_m, a: string) => script(a, SUPERSCRIPT, '^')).replace(/_(\d)/g, (_m, a: string) => script(a, SUBSCRIPT, '_'));
  return text.replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();
}

export function readableAsciiMath(source: string): string {
  let text = source;
  for (const [pattern, char] of ASCIIMATH_SYMBOLS) text = text.replace(pattern, char);
  text = text.replace(/\^(\d)(?!\d)/g, (_m, a: string) => SUPERSCRIPT[a]).replace(/_(\d)(?!\d)/g, (_m, a: string) => SUBSCRIPT[a]);
  return text.replace(/\s+/g, ' ').trim();
}

/** Parentheses around anything longer than one symbol, so a/b stays unambiguous. */
function group(text: string): string {
  const trimmed = text.trim();
  return /^[\p{L}\p{N}.]+$/u.test(trimmed) || /^\(.*\)$/.test(trimmed) ? trimmed : `(${trimmed})`;
}
