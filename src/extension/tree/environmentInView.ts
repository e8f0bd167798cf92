/** The Standards view's description: the active environment (or the local sandbox) and the catalogue's arrangement. */
import * as vscode from 'vscode';
import type { ConnectionFacts } from '../connection/serviceAccess';

/** The view's description names where the tree comes from: the active environment, or the local sandbox. */
export function showEnvironmentInView(view: vscode.TreeView<unknown>, session: ConnectionFacts, arrangement: ViewDescriber): vscode.Disposable {
  const show = (): void => {
    const where = session.isSandbox ? vscode.l10n.t('Local sandbox') : session.environment.name;
    view.description = [where, arrangement.describe()].filter(Boolean).join(' · ');
  };
  show();
  return vscode.Disposable.from(session.onDidChange(show), arrangement.onDidChange(show));
}

/** What else the view's description says (how the catalogue is arranged), and when it changes. */
export interface ViewDescriber {
  describe(): string;
  readonly onDidChange: vscode.Event<unknown>;
}
