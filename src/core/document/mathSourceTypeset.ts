/**
 * AsciiMath and LaTeX as MathML, so a formula written in either (Metanorma's `<stem type="AsciiMath">` or
 * `type="LaTeX"` without its MathML) is typeset like the MathML formula beside it instead of showing as source text.
 * mathup (an AsciiMath dialect, asciimath.org's syntax for what ISO formulas use: names of Greek letters, `_` and `^`,
 * `a/b`, `sqrt`, `sum_(i=1)^n`) and Temml (LaTeX math) write the MathML; the model reads it with the same reader as
 * MathML source.
 */
import { onFirstUse } from '../lifecycle';
import type * as MathTypeset from './mathTypeset.lazy';
import { mathFromMarkup } from './mathml';
import type { Math } from './model';

/**
 * The CommonJS `require` every bundle of this module has: esbuild keeps `require('./x.lazy')` a require of a bundle
 * of its own on the desktop host (esbuild.js LAZY) and bundles the file in elsewhere (the clause page, the web build,
 * the command line). Declared here, not taken from Node's types: the core is built for the page too.
 */
declare const require: (id: string) => unknown;

/** The typesetters, loaded with the first AsciiMath or LaTeX formula. */
const typesetters = onFirstUse(() => require('./mathTypeset.lazy') as typeof MathTypeset);

/** Longer sources stay source text: no formula of a standard is this long, and the parser's time grows with it. */
const MAX_SOURCE = 4_000;

/**
 * mathup reads a run of letters (marks and dots among them) again from each of its letters: its time grows with the
 * square of the run (a formula of "A.A.A.…" 3 000 characters long took 80 ms, test/unit/linearTime.test.ts, and a
 * clause of a hundred such formulas would hold the page for seconds). No formula names anything this long: a source
 * with a longer run stays source text.
 */
const MAX_LETTER_RUN = 64;

export function asciiMathFormula(source: string, maxDepth: number): Math {
  if (longestLetterRun(source) > MAX_LETTER_RUN) return { notation: 'asciimath', source };
  return typeset('asciimath', source, maxDepth, (t) => t.asciiMathMarkup(source));
}

/** The longest run of characters mathup reads as one name: letters, combining marks and dots. */
function longestLetterRun(source: string): number {
  let longest = 0;
  let run = 0;
  for (const char of source) {
    run = char === '.' || LETTER_OR_MARK.test(char) ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;

export function latexFormula(source: string, maxDepth: number): Math {
  return typeset('latex', source, maxDepth, (t) => t.latexMarkup(source));
}

function typeset(notation: 'asciimath' | 'latex', source: string, maxDepth: number, mathml: (t: typeof MathTypeset) => string): Math {
  if (!source.trim() || source.length > MAX_SOURCE) return { notation, source };
  // Loaded outside the `try`: a part that cannot be loaded is a broken install, said as such, not a formula shown as source.
  const loaded = typesetters();
  try {
    return { notation: 'mathml', root: mathFromMarkup(mathml(loaded), maxDepth), source: { notation, text: source } };
  } catch {
    // What the typesetter cannot read is shown as written, readable, with its notation named.
    return { notation, source };
  }
}
