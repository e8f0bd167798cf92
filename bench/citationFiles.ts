/**
 * Text that cites standards the way code does, for the references benches: a source file with a comment citing a
 * standard every ten lines among ordinary code full of look-alikes, and a workspace of such files on disk.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findCitations } from '../src/core/citations/recognise';

const CODE = [
  '  const charset = "ISO-8859-1"; // not a reference',
  '  if (version >= "1.2.3" && date > "2018-05-01") return iso_code;',
  '  result = formatISO8601(value) + callPhone("+1 555 123 4567");',
  '  for (let i = 0; i < items.length; i++) total += items[i].weight * 2;',
  '  }',
];

/** `lines` lines of code; every tenth a comment citing one of `references` with a clause locator. */
export function sourceFile(references: readonly string[], lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    if (i % 10 === 0) out.push(`  // Required by ${references[(i / 10) % references.length]}, clause ${1 + (i % 9)}.${1 + (i % 4)}`);
    else out.push(CODE[i % CODE.length]);
  }
  return out.join('\n');
}

/** Writes `count` files of `lines` lines into `dir` (TypeScript, Markdown and Python in turn); returns their paths. */
export function writeWorkspace(dir: string, references: readonly string[], count: number, lines = 200): string[] {
  const extensions = ['ts', 'md', 'py'];
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    // Each file starts its citations elsewhere in the list, so the workspace cites many standards.
    const text = sourceFile([...references.slice(i % references.length), ...references.slice(0, i % references.length)], lines);
    const sub = path.join(dir, `module${Math.floor(i / 100)}`);
    fs.mkdirSync(sub, { recursive: true });
    const file = path.join(sub, `f${i}.${extensions[i % extensions.length]}`);
    fs.writeFileSync(file, text);
    files.push(file);
  }
  return files;
}

/** Reads `files` in batches of 16 and recognises their citations, as the References view does without VS Code. */
export async function scanInNode(files: readonly string[]): Promise<{ ms: number; citations: number; longestBatchMs: number }> {
  const started = performance.now();
  let citations = 0;
  let longestBatchMs = 0;
  for (let from = 0; from < files.length; from += 16) {
    const batch = await Promise.all(files.slice(from, from + 16).map((f) => fs.promises.readFile(f, 'utf8')));
    const t = performance.now();
    for (const content of batch) citations += findCitations(content).length;
    longestBatchMs = Math.max(longestBatchMs, performance.now() - t);
  }
  return { ms: performance.now() - started, citations, longestBatchMs };
}
