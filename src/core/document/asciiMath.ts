/**
 * AsciiMath as MathML, so a formula written in AsciiMath (Metanorma's `<stem type="AsciiMath">` without its MathML)
 * is typeset like the MathML formula beside it instead of showing as source text. mathup (an AsciiMath dialect,
 * asciimath.org's syntax for what ISO formulas use: names of Greek letters, `_` and `^`, `a/b`, `sqrt`, `sum_(i=1)^n`)
 * writes the MathML; the model reads it with the same reader as MathML source.
 */
import mathup from 'mathup';
import { mathFromMarkup } from './mathml';
import type { Math } from './model';

/** Longer sources stay source text: no formula of a standard is this long, and the parser's time grows with it. */
const MAX_SOURCE = 4_000;

export function asciiMathFormula(source: string, maxDepth: number): Math {
  if (!source.trim() || source.length > MAX_SOURCE) return { notation: 'asciimath', source };
  try {
    const root = mathFromMarkup(mathup(source).toString(), maxDepth);
    return { notation: 'mathml', root, source: { notation: 'asciimath', text: source } };
  } catch {
    // What mathup cannot read is shown as written, readable, with its notation named.
    return { notation: 'asciimath', source };
  }
}
