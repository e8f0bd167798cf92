/** Markdown syntax for the clause writer: headings, styles, links, escaping, quotes and indents, heading slugs. */

export function headingLine(level: number, text: string): string {
  // Markdown has six heading levels; deeper subclauses read as bold lines.
  return level <= 6 ? `${'#'.repeat(level)} ${text}` : `**${text}**`;
}

export function styled(style: string, text: string): string {
  if (!text.trim()) return text;
  switch (style) {
    case 'emphasis':
      return `*${text}*`;
    case 'strong':
      return `**${text}**`;
    case 'strike':
      return `~~${text}~~`;
    case 'code':
      return `\`${text.replace(/\\(.)/g, '$1').replace(/`/g, "'")}\``;
    default:
      // Sub/superscripts, small caps, underline: plain Markdown has none; the text stays as it is.
      return text;
  }
}

export function link(label: string, target: string): string {
  return `[${label}](<${target.replace(/[<>\s]/g, (c) => encodeURIComponent(c))}>)`;
}

/** Backslash before the characters that would start Markdown inline syntax. */
export function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>]/g, '\\$&');
}

/** Escapes what would make a paragraph's line a heading, list item, quote or rule. */
export function escapeLineStarts(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/^(\s*)(#|>|[-+=](?=\s|$))/, '$1\\$2').replace(/^(\s*\d+)([.)])(?=\s|$)/, '$1\\$2'))
    .join('\n');
}

/**
 * Each run of whitespace that holds a line break as one space (a table cell, inline flow). Not a global `\s*\n\s*`:
 * that is tried from every space of a long run without a break, each try running to its end (quadratic).
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, (run) => (run.includes('\n') ? ' ' : run));
}

export function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

export function prefixFirst(lines: string[], prefix: string): string {
  return [`${prefix}${lines[0] ?? ''}`, ...lines.slice(1)].join('\n');
}

export function indentAfterFirst(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 || !line ? line : `${indent}${line}`))
    .join('\n');
}

export function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** A heading's slug as Markdown previews make it: lower case, punctuation off, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[\][!"#$%&'()*+,./:;<=>?@\\^_{|}~`‹›—–]/g, '')
    .replace(/\s+/g, '-');
}
