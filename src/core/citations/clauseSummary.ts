/**
 * The first paragraph of a clause body, as one line of plain text for a hover: the text of the first
 * `corext:Paragraph` (inline runs joined: strings, emphasis, cross-reference labels), looked for depth-first through
 * sections, lists and notes, bounded in depth, blocks visited and length. A body of another vocabulary (STS,
 * Metanorma: two standards in three of the sandbox) has no `corext:Paragraph`; its first paragraph is read from the
 * document model the clause page reads, so that every vocabulary's hover shows it. Pure: no vscode.
 */
import { buildDocument, flowText } from '../document';
import { walk } from '../document/anchors';
import { displayText } from '../service/displayText';
import { isObject, readText } from '../service/jsonld';

const MAX_DEPTH = 8;
const MAX_BLOCKS = 200;
export const MAX_SUMMARY = 400;

export function firstParagraph(body: unknown): string | undefined {
  const corext = isObject(body) && Array.isArray(body['corext:content']);
  const text = corext ? firstCorextParagraph(body) : firstModelParagraph(body);
  return text && (text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text);
}

/** The first paragraph of the document model (any vocabulary the clause page reads). */
function firstModelParagraph(body: unknown): string | undefined {
  let found: string | undefined;
  try {
    walk(buildDocument(body).blocks, (block) => {
      if (block.kind !== 'paragraph') return false;
      found = displayText(flowText(block.content)) || undefined;
      return found !== undefined;
    });
  } catch {
    // A body the model cannot read has no paragraph to show; the hover keeps its heading and commands.
    return undefined;
  }
  return found;
}

function firstCorextParagraph(body: unknown): string | undefined {
  let visited = 0;
  const visit = (blocks: unknown, depth: number): string | undefined => {
    if (depth > MAX_DEPTH || !Array.isArray(blocks)) return undefined;
    for (const block of blocks) {
      if (++visited > MAX_BLOCKS || !isObject(block)) return undefined;
      const types = ([] as unknown[]).concat(block['@type']);
      if (types.some((t) => typeof t === 'string' && /(?:^|[:#/])Paragraph$/.test(t))) {
        const text = displayText(inlineText(block['corext:text'], 0));
        if (text) return text;
      }
      const items = Array.isArray(block['corext:items']) ? block['corext:items'].map((i) => (isObject(i) ? i['corext:content'] : undefined)).flat() : undefined;
      const found = visit(block['corext:content'], depth + 1) ?? visit(items, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return isObject(body) ? visit(body['corext:content'], 0) : undefined;
}

/** INLINE: a string, or an array of strings and inline objects (their `corext:text` or `corext:label`). */
function inlineText(value: unknown, depth: number): string {
  if (typeof value === 'string') return value;
  if (depth > MAX_DEPTH) return '';
  if (Array.isArray(value))
    return value
      .slice(0, 500)
      .map((v) => inlineText(v, depth + 1))
      .join('');
  if (isObject(value)) {
    if ('corext:text' in value) return inlineText(value['corext:text'], depth + 1);
    if ('corext:label' in value) return inlineText(value['corext:label'], depth + 1);
    return readText(value);
  }
  return '';
}
