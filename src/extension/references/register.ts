/**
 * The References view (every standard the workspace's files cite, and where) and its commands, registered thin: the
 * implementation (referencesView.ts) lives in the citations' bundle (citations/citations.lazy.ts) and is reached
 * through `references()`, which loads it.
 */
import * as vscode from 'vscode';
import type { CallerConfirmation } from '../callerConfirmation';
import { registerCommands } from '../commands/feedback';
import { fileArgument } from '../commands/fileArgument';
import { REFERENCES_VIEW } from '../../core/citations/ids';
import type { ReferenceNode, WorkspaceReferences } from './referencesView';

export interface ReferencesDeps {
  /** The implementation, loaded on first call. */
  references: () => WorkspaceReferences;
  /** Opens the clause a reference node cites (the citations' command, with their resolver). */
  openReferencedClause: (node: unknown) => Promise<unknown>;
  /** Asks before a file a caller named is written. */
  confirmation: CallerConfirmation;
  log: vscode.LogOutputChannel;
}

/** Registers the view and its commands; returns the view, and what to call once the implementation is loaded. */
export function registerReferences(
  context: vscode.ExtensionContext,
  { references, openReferencedClause, confirmation, log }: ReferencesDeps,
): { view: vscode.TreeView<ReferenceNode>; loaded: (loaded: WorkspaceReferences) => void } {
  const changed = new vscode.EventEmitter<ReferenceNode | undefined>();
  const view = vscode.window.createTreeView(REFERENCES_VIEW, {
    treeDataProvider: {
      onDidChangeTreeData: changed.event,
      getChildren: (node) => references().getChildren(node),
      getTreeItem: (node) => references().getTreeItem(node),
    },
    showCollapseAll: true,
  });
  context.subscriptions.push(
    view,
    changed,
    registerCommands(
      {
        'standardsExplorer.scanReferences': () => references().scan(true),
        'standardsExplorer.exportReferences': async (arg) => {
          const target = fileArgument(arg);
          // A file a caller named (a link, another extension) is written only when the user agrees to that file.
          const question =
            target && vscode.l10n.t('A link or another extension asks to write the references report to {0}, replacing that file. Write it?', target.fsPath);
          if (question && !(await confirmation.confirm(question, vscode.l10n.t('Write')))) return undefined;
          return references().export(target);
        },
        'standardsExplorer.openReferencedClause': (node) => openReferencedClause(node),
      },
      log,
    ),
  );
  return {
    view,
    loaded: (loaded) => context.subscriptions.push(loaded.onDidChangeTreeData((node) => changed.fire(node ?? undefined))),
  };
}
