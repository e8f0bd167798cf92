/** Compare with Another Edition (as Markdown or JSON) and its toggle; the work is loaded on first use (compare.lazy.ts). */
import type * as vscode from 'vscode';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { registerCommands } from '../commands/feedback';
import { onFirstUse } from '../../core/lifecycle';
import type { Chooser } from '../targets/choose';
import type { CompareOptions } from './compare';
import type * as CompareBundle from './compare.lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const compareBundle = onFirstUse(() => require('./compare.lazy') as typeof CompareBundle);

export interface CompareDeps {
  choose: Chooser;
  catalogue: CatalogueStore;
  log: vscode.LogOutputChannel;
}

export function registerCompare(context: vscode.ExtensionContext, { choose, catalogue, log }: CompareDeps): void {
  const compare = (arg: unknown, options: unknown, format: 'markdown' | 'json') =>
    compareBundle().compareWithEdition(choose, catalogue, arg, { edition: asCompareOptions(options).edition, format });
  context.subscriptions.push(
    registerCommands(
      {
        'standardsExplorer.compareEditions': (arg, options) => compare(arg, options, 'markdown'),
        'standardsExplorer.compareEditionsJson': (arg, options) => compare(arg, options, 'json'),
        'standardsExplorer.toggleCompareFormat': () => compareBundle().toggleCompareFormat(),
      },
      log,
    ),
  );
}

/** Options given by automation ({ edition: URN or reference }); a tree's second argument (the selection) is not one. */
function asCompareOptions(arg: unknown): CompareOptions {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return {};
  const edition = (arg as CompareOptions).edition;
  return typeof edition === 'string' ? { edition } : {};
}
