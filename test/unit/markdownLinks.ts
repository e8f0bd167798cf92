/** Links, pictures and headings' anchors of Markdown, as GitHub reads them (the link checker, and the VSIX's README). */
const FENCED = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;
/** Blank in place of `text`, its line breaks kept, so lines are still counted right. */
const blank = (text: string): string => text.replace(/[^\n]/g, '');

/** The text outside fenced code blocks and inline code spans, where Markdown reads links; lines as they were. */
export function proseOf(markdown: string): string {
  return markdown.replace(FENCED, blank).replace(/(`+)[^`\n]*?\1/g, '');
}

export interface Link {
  target: string;
  image: boolean;
  line: number;
}

/** Inline links and images (`[text](target)`, `![alt](target "title")`), with the line each starts on. */
export function linksOf(markdown: string): Link[] {
  const prose = proseOf(markdown);
  const links: Link[] = [];
  for (const match of prose.matchAll(/(!?)\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push({ target: match[2], image: match[1] === '!', line: prose.slice(0, match.index).split('\n').length });
  }
  return links;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
export function githubSlug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a document: its headings' slugs, a repeated one numbered as GitHub numbers it (-1, -2…). */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const withoutFences = markdown.replace(FENCED, blank);
  for (const match of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = githubSlug(match[1]);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  for (const match of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1]);
  return anchors;
}
