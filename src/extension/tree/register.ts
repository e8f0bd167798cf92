/**
 * The Standards view: the catalogue's tree with the pinned and recent shelves, its title (where the tree comes from,
 * how it is arranged), the updates badge, and its commands (refresh, load more, retry, find, reveal, and the
 * organised catalogue's menu).
 */
import * as vscode from 'vscode';
import { showInformation, showWarning } from '../notify';
import { standardLabel } from '../../core/labels';
import { standardRefOf, type StandardRef } from '../../core/model';
import { parseReference } from '../../core/citations/recognise';
import { resolveReference } from '../../core/citations/resolve';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { pickStandard } from '../catalogue/standardPicker';
import { registerCommands } from '../commands/feedback';
import type { ConnectionFacts } from '../connection/serviceAccess';
import type { MyStandards } from '../pins/register';
import type { MessageNode, TreeNode } from '../targets/nodes';
import { asStandardRef } from '../targets/refs';
import { CatalogueArrangement } from './catalogueArrangement';
import { catalogueViewCommands } from './catalogueViewCommands';
import { showEnvironmentInView } from './environmentInView';
import { StandardsModel } from './standardsModel';
import { StandardsTreeProvider, VIEW_ID } from './standardsTree';

export interface StandardsViewDeps {
  session: ConnectionFacts;
  catalogue: CatalogueStore;
  myStandards: MyStandards;
  log: vscode.LogOutputChannel;
}

export interface StandardsView {
  model: StandardsModel;
  /** The catalogue grouped, sorted and filtered in the tree. */
  arranged: CatalogueArrangement;
  tree: StandardsTreeProvider;
  view: vscode.TreeView<TreeNode>;
}

/** For automation: Find Standard with a query and no UI. */
/**
 * `query`: reveal the best match at once (tests, other commands); `prefill`: open the picker with this text typed;
 * `reference`: an identifier as printed (a bibliography entry) — its standard revealed when the catalogue has it, else
 * the picker with it typed.
 */
interface FindArgs {
  query?: string;
  prefill?: string;
  reference?: string;
}

export function registerStandardsView(context: vscode.ExtensionContext, { session, catalogue, myStandards, log }: StandardsViewDeps): StandardsView {
  const model = new StandardsModel(session);
  const arranged = new CatalogueArrangement(catalogue, () => session.settings().pageSize);
  const tree = new StandardsTreeProvider(model, session, arranged, myStandards);
  const view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });
  const showBadge = (): void => {
    view.badge = myStandards.updates.badge;
  };
  showBadge();

  /** Reveals the record at `position` when it is the URN's (the one the user came from), else the URN's best record. */
  const reveal = async (urn: string, position?: number): Promise<StandardRef | undefined> => {
    const index = await catalogue.get();
    const given = position !== undefined ? index.entries.at(position) : undefined;
    const entry = given?.urn === urn ? given : index.bestForUrn(urn);
    if (!entry) {
      void showWarning(vscode.l10n.t('{0} is not in the catalogue index. Rebuild it from Find Standard… if the catalogue changed.', urn));
      return undefined;
    }
    // In the organised catalogue when the tree shows it, else in the service's paged list.
    const organised = await arranged.nodeFor(entry.position);
    if (organised === 'hidden') {
      void showInformation(
        vscode.l10n.t(
          '{0} is withdrawn or replaced, and the Standards view hides those. Show Withdrawn Standards from the view menu to see it there.',
          standardLabel(entry),
        ),
      );
      return standardRefOf(entry, entry.position);
    }
    if (!organised && model.isEmpty) await model.loadNextPage();
    const node = organised ?? model.ensureLoaded(entry.position, index.entries);
    if (node) await view.reveal(node, { select: true, focus: true, expand: false });
    return standardRefOf(entry, entry.position);
  };

  context.subscriptions.push(
    model,
    arranged,
    tree,
    view,
    myStandards.updates.onDidChange(showBadge),
    revealNewPins(view, tree, myStandards, log),
    // Back online after stored copies were shown: pinned standards are checked with their ETags.
    model.onDidComeBack(() => void myStandards.pinning.revalidate().catch((error: unknown) => log.warn(`Checking pinned standards: ${String(error)}`))),
    showEnvironmentInView(view, session, arranged),
    registerCommands(
      {
        'standardsExplorer.refresh': () => model.refresh(),
        'standardsExplorer.loadMore': () => vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => model.loadMore()),
        'standardsExplorer.retry': (node) => (node as MessageNode | undefined)?.retry?.(),
        ...catalogueViewCommands(arranged, catalogue),
        'standardsExplorer.findStandard': async (arg) => {
          const query = (arg as FindArgs | undefined)?.query;
          if (typeof query === 'string') {
            const [first] = (await catalogue.get()).search(query, 1);
            return first ? reveal(first.urn, first.position) : undefined;
          }
          const reference = (arg as FindArgs | undefined)?.reference;
          const written = typeof reference === 'string' ? parseReference(reference) : undefined;
          const found = written && resolveReference(await catalogue.get(), written);
          if (found) return reveal(found.urn, found.position);
          // "search for it" from a hover, or an identifier the catalogue lacks: the picker with it typed in.
          const prefill = (arg as FindArgs | undefined)?.prefill ?? reference;
          const typed = typeof prefill === 'string' ? prefill.slice(0, 200) : undefined;
          const entry = await pickStandard(catalogue, vscode.l10n.t('Find Standard'), typed);
          return entry ? reveal(entry.urn, entry.position) : undefined;
        },
        'standardsExplorer.revealStandard': async (arg) => {
          const ref = asStandardRef(arg);
          return ref ? reveal(ref.urn, ref.position) : undefined;
        },
      },
      log,
    ),
  );
  return { model, arranged, tree, view };
}

/**
 * A new pin adds a row to Pinned, above the catalogue the user may be scrolled into: the view scrolls it into sight
 * so the change is seen, neither taking the selection nor the focus from where the user works. Only while the view
 * shows: reveal() would otherwise open the sidebar over what the user pinned from (a clause page, Find Standard).
 */
function revealNewPins(
  view: vscode.TreeView<TreeNode>,
  tree: StandardsTreeProvider,
  myStandards: MyStandards,
  log: vscode.LogOutputChannel,
): vscode.Disposable {
  return myStandards.pinning.onDidPin((urn) => {
    const node = tree.pinnedNode(urn);
    if (!node || !view.visible) return;
    Promise.resolve(view.reveal(node, { select: false, focus: false, expand: false })).catch((error: unknown) =>
      log.debug(`Revealing the new pin ${urn}: ${String(error)}`),
    );
  });
}
