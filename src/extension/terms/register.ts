/** Go to Term and Collect Terms; the work is loaded on first use (terms.lazy.ts). */
import type * as vscode from 'vscode';
import { registerCommands } from '../commands/feedback';
import type { ServiceAccess } from '../connection/serviceAccess';
import { onFirstUse } from '../../core/lifecycle';
import type { TermStore } from '../../core/terms/termStore';
import type { Chooser } from '../targets/choose';
import type { ClausePages } from '../webview/clausePage';
import type * as TermsBundle from './terms.lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const termsBundle = onFirstUse(() => require('./terms.lazy') as typeof TermsBundle);

export interface TermsDeps {
  session: ServiceAccess;
  /** Terms of the Terms-and-definitions clauses read so far. */
  terms: TermStore;
  pages: ClausePages;
  choose: Chooser;
  log: vscode.LogOutputChannel;
  /** Adds more terms before Go to Term lists them (those of pinned standards); a failure there only goes to the log. */
  beforeGoToTerm(): Promise<unknown>;
}

export function registerTerms(context: vscode.ExtensionContext, deps: TermsDeps): void {
  const { session, terms, pages, choose, log } = deps;
  context.subscriptions.push(
    registerCommands(
      {
        'standardsExplorer.goToTerm': async (arg) => {
          await deps
            .beforeGoToTerm()
            .catch((error: unknown) => log.warn(`Terms of pinned standards: ${error instanceof Error ? error.message : String(error)}`));
          return termsBundle().goToTerm(terms, pages, arg);
        },
        'standardsExplorer.collectTerms': (arg) => termsBundle().collectTerms(terms, choose, session, arg),
      },
      log,
    ),
  );
}
