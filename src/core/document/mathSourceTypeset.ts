/**
 * AsciiMath and LaTeX as MathML, so a formula written in either (Metanorma's `<stem type="AsciiMath">` or
 * `type="LaTeX"` without its MathML) is typeset like the MathML formula beside it instead of showing as source text.
 * mathup (an AsciiMath dialect, asciimath.org's syntax for what ISO formulas use: names of Greek letters, `_` and `^`,
 * `a/b`, `sqrt`, `sum_(i=1)^n`) and Temml (LaTeX math) write the MathML; the model reads it with the same reader as
 * MathML source.
 */
import mathup from 'mathup';
import temml from 'temml';
import { mathFromMarkup } from './mathml';
import type { Math } from './model';

/** Longer sources stay source text: no formula of a standard is this long, and the parser's time grows with it. */
const MAX_SOURCE = 4_000;

export function asciiMathFormula(source: string, maxDepth: number): Math {
  return typeset('asciimath', source, maxDepth, () => mathup(source).toString());
}

export function latexFormula(source: string, maxDepth: number): Math {
  // No trust (\href, \htmlClass…), no colours or styles: only the math.
  return typeset('latex', source, maxDepth, () => temml.renderToString(source, { throwOnError: true, trust: false, colorIsTextColor: false }));
}

function typeset(notation: 'asciimath' | 'latex', source: string, maxDepth: number, mathml: () => string): Math {
  if (!source.trim() || source.length > MAX_SOURCE) return { notation, source };
  try {
    return { notation: 'mathml', root: mathFromMarkup(mathml(), maxDepth), source: { notation, text: source } };
  } catch {
    // What the typesetter cannot read is shown as written, readable, with its notation named.
    return { notation, source };
  }
}
