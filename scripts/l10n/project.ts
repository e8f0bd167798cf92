/**
 * The project's localisation files and what is wrong with them: the bundle extracted from `src/` (with
 * `@vscode/l10n-dev`), the manifest's `%key%` placeholders against package.nls.json, each translation's missing and
 * stale keys, and text in `src/` that bypasses l10n. Used by scripts/l10n.ts and test/unit/l10n.test.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';
import { literals, placeholders, type Json } from './manifest';
import { findBypasses, hostWords, pageMessages } from './scan';

export const BUNDLE_DIR = 'l10n';
export const BUNDLE = 'l10n/bundle.l10n.json';
const PAGE_WORDS = 'src/webview/pageWords.ts';

export function sourceFiles(repo: string, dir = 'src'): string[] {
  return fs
    .readdirSync(path.join(repo, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(repo, path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []))
    .sort();
}

/**
 * The bundle `src/` calls for, as @vscode/l10n-dev extracts it. The pure modules' `l10n` (src/core/l10n.ts) has
 * `@vscode/l10n`'s shape; the extractor knows that module by name only, so their import is renamed for it.
 * The webview page does not call l10n: its words come from the host (src/webview/pageStrings.ts).
 */
export async function extractBundle(repo: string): Promise<Record<string, string>> {
  const files = sourceFiles(repo).map((file) => ({
    extension: '.ts',
    contents: fs.readFileSync(path.join(repo, file), 'utf8').replace(/from '(\.\.?\/)+(core\/)?l10n'/g, "from '@vscode/l10n'"),
  }));
  const bundle = await getL10nJson(files);
  // Messages only (a comment would make the key `message/comment`); sorted, so the file diffs well.
  return Object.fromEntries(
    Object.keys(bundle)
      .sort((a, b) => a.localeCompare(b))
      .map((k) => {
        const v = bundle[k];
        return [k, typeof v === 'string' ? v : v.message];
      }),
  );
}

export function readJson<T>(repo: string, file: string): T | undefined {
  const full = path.join(repo, file);
  return fs.existsSync(full) ? (JSON.parse(fs.readFileSync(full, 'utf8')) as T) : undefined;
}

/** The languages with a translation: `de` for package.nls.de.json or l10n/bundle.l10n.de.json. */
export function languages(repo: string): string[] {
  const found = new Set<string>();
  for (const f of fs.readdirSync(repo)) if (/^package\.nls\.([\w-]+)\.json$/.test(f)) found.add(/^package\.nls\.([\w-]+)\.json$/.exec(f)?.[1] ?? '');
  if (fs.existsSync(path.join(repo, BUNDLE_DIR)))
    for (const f of fs.readdirSync(path.join(repo, BUNDLE_DIR)))
      if (/^bundle\.l10n\.([\w-]+)\.json$/.test(f)) found.add(/^bundle\.l10n\.([\w-]+)\.json$/.exec(f)?.[1] ?? '');
  return [...found].filter(Boolean).sort();
}

const placeholdersOf = (text: string): string => [...new Set(text.match(/\{\d+\}/g) ?? [])].sort().join(' ');

/** Keys of `english` missing from `translated`, keys `translated` has that `english` does not, and placeholder mismatches. */
export function compare(english: Record<string, string>, translated: Record<string, string>): { missing: string[]; stale: string[]; placeholders: string[] } {
  return {
    missing: Object.keys(english).filter((k) => typeof translated[k] !== 'string' || translated[k] === ''),
    stale: Object.keys(translated).filter((k) => !(k in english)),
    placeholders: Object.keys(english).filter(
      (k) => typeof translated[k] === 'string' && translated[k] !== '' && placeholdersOf(english[k]) !== placeholdersOf(translated[k]),
    ),
  };
}

/** One kind of problem, with what to do and the items to act on. */
export interface Problem {
  what: string;
  fix: string;
  items: string[];
}

/** Everything wrong with the project's localisation; empty when all is well. */
export async function l10nProblems(repo: string): Promise<Problem[]> {
  const problems: Problem[] = [];
  const add = (what: string, fix: string, items: string[]): void => {
    if (items.length) problems.push({ what, fix, items });
  };
  const manifest = readJson<{ [key: string]: Json }>(repo, 'package.json') ?? {};
  const nls = readJson<Record<string, string>>(repo, 'package.nls.json') ?? {};
  add('package.json: shown text not in package.nls.json', 'run `npm run l10n` (moves it there as %key%)', literals(manifest));
  add(
    'package.json: %key% with no text in package.nls.json',
    'add the key to package.nls.json',
    [...new Set(placeholders(manifest))].filter((k) => !(k in nls)),
  );
  const used = new Set(placeholders(manifest));
  add(
    'package.nls.json: keys package.json does not use',
    'remove them from package.nls.json (and its translations)',
    Object.keys(nls).filter((k) => !used.has(k)),
  );

  add(
    'src/: text shown without l10n.t',
    'wrap it: vscode.l10n.t("…") in modules that use vscode, l10n.t from src/core/l10n.ts in pure ones (placeholders {0}, not ${})',
    sourceFiles(repo).flatMap((file) =>
      findBypasses(file, fs.readFileSync(path.join(repo, file), 'utf8')).map((b) => `${b.file}:${b.line} (${b.sink}) "${b.text}"`),
    ),
  );

  const host = hostWords(PAGE_WORDS, fs.readFileSync(path.join(repo, PAGE_WORDS), 'utf8'));
  const asked = new Set(sourceFiles(repo, 'src/webview/page').flatMap((file) => pageMessages(file, fs.readFileSync(path.join(repo, file), 'utf8'))));
  add(
    `src/webview/page: messages ${PAGE_WORDS} does not translate`,
    `add ['…', l10n.t('…')] for each to ${PAGE_WORDS}`,
    [...asked].filter((m) => !host.messages.includes(m)),
  );
  add(`${PAGE_WORDS}: pairs whose English and l10n.t message differ`, 'make both the same text', host.mismatched);

  const bundle = await extractBundle(repo);
  const committed = readJson<Record<string, string>>(repo, BUNDLE) ?? {};
  const diff = compare(bundle, committed);
  add(`${BUNDLE}: out of date with src/`, 'run `npm run l10n`', [...diff.missing.map((k) => `+ ${k}`), ...diff.stale.map((k) => `- ${k}`)]);

  for (const language of languages(repo)) {
    for (const [english, file] of [
      [nls, `package.nls.${language}.json`],
      [bundle, `${BUNDLE_DIR}/bundle.l10n.${language}.json`],
    ] as const) {
      const translated = readJson<Record<string, string>>(repo, file) ?? {};
      const result = compare(english, translated);
      add(
        `${file}: keys missing a translation`,
        `add them to ${file} (the English is shown after each key)`,
        result.missing.map((k) => `${JSON.stringify(k)}: ${JSON.stringify(english[k])}`),
      );
      add(
        `${file}: keys no longer used`,
        `remove them from ${file}`,
        result.stale.map((k) => JSON.stringify(k)),
      );
      add(
        `${file}: placeholders differ from the English`,
        'use the same {0}, {1}… as the English',
        result.placeholders.map((k) => JSON.stringify(k)),
      );
    }
  }
  return problems;
}

/** Problems as text a person acts on: what, how to fix, then one item per line. */
export function describe(problems: Problem[]): string {
  return problems.map((p) => `${p.what} (${p.items.length}) — ${p.fix}:\n${p.items.map((i) => `  ${i}`).join('\n')}`).join('\n\n');
}
