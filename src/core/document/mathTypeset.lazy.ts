/**
 * The typesetters behind AsciiMath and LaTeX formulas: mathup (AsciiMath) and Temml (LaTeX), as MathML markup.
 * A part of its own (dist/features/mathTypeset.js on the desktop), loaded by mathSourceTypeset.ts with the first
 * such formula: together they are ~240 KB that a document without one never needs.
 */
import mathup from 'mathup';
import temml from 'temml';

export function asciiMathMarkup(source: string): string {
  return mathup(source).toString();
}

export function latexMarkup(source: string): string {
  // No trust (\href, \htmlClass…), no colours or styles: only the math.
  return temml.renderToString(source, { throwOnError: true, trust: false, colorIsTextColor: false });
}
