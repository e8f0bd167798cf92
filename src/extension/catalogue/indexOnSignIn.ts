/**
 * References resolve from the first minute: once a service is connected (signed in, the sandbox, an environment
 * switched to), the catalogue index is built in the background when it is neither on disk nor being built, its
 * progress in the status bar (indexStatusItem.ts), cancellable there and by a command. The setting
 * `standardsExplorer.catalogue.buildIndexOnSignIn` turns it off (Find Standard… then builds it, as before). A build
 * cancelled is not started again for that connection until the next sign-in; one that failed says so in the status
 * bar, whose click tries again.
 */
import * as vscode from 'vscode';
import type { ServiceAccess } from '../connection/serviceAccess';
import { registerCommands } from '../commands/feedback';
import type { CatalogueStore } from './catalogueStore';
import { CANCEL_INDEX_BUILD, IndexStatusItem } from './indexStatusItem';

export const BUILD_ON_SIGN_IN_SETTING = 'standardsExplorer.catalogue.buildIndexOnSignIn';

export function registerIndexOnSignIn(
  context: vscode.ExtensionContext,
  { session, catalogue, log }: { session: ServiceAccess; catalogue: CatalogueStore; log: vscode.LogOutputChannel },
): IndexStatusItem {
  const item = new IndexStatusItem(catalogue);
  /** The connections whose build the user cancelled: not started again until they sign in anew. */
  const cancelled = new Set<string>();
  let lastScope: string | undefined;
  const start = async (): Promise<void> => {
    const scope = session.isConfigured && session.baseUrl ? session.storageScope : undefined;
    if (scope !== lastScope) {
      // Another connection (or signed out): a new sign-in asks again.
      if (lastScope) cancelled.delete(lastScope);
      lastScope = scope;
      item.failed(undefined);
    }
    if (!scope || cancelled.has(scope) || !vscode.workspace.getConfiguration().get<boolean>(BUILD_ON_SIGN_IN_SETTING, true)) return;
    const built = await catalogue.buildInBackground();
    if (!built) return;
    log.info('Building the catalogue index in the background (standardsExplorer.catalogue.buildIndexOnSignIn).');
    item.update();
    try {
      await built.done;
    } catch (error) {
      if (cancelled.has(scope)) return;
      const message = error instanceof Error ? error.message : String(error);
      log.warn(`The catalogue index built on sign-in stopped: ${message}`);
      if (session.storageScope === scope) item.failed(message);
    }
  };
  const check = (): void => void start().catch((error: unknown) => log.warn(`Catalogue index on sign-in: ${String(error)}`));
  // After activation's turn: a window that opens signed in starts its build without holding activation up.
  const startup = setTimeout(check, 0);
  context.subscriptions.push(
    item,
    new vscode.Disposable(() => clearTimeout(startup)),
    session.onDidChange(check),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(BUILD_ON_SIGN_IN_SETTING) && check()),
    registerCommands(
      {
        [CANCEL_INDEX_BUILD]: () => {
          const scope = session.storageScope;
          if (!catalogue.cancelBuild()) return false;
          if (scope) cancelled.add(scope);
          log.info('Catalogue index build cancelled; Find Standard… or Build Catalogue Index resumes it.');
          return true;
        },
      },
      log,
    ),
  );
  return item;
}
