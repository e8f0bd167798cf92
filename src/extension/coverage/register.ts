/**
 * The Coverage view and its commands, registered thin: the implementation (workspaceCoverage.ts) lives in the
 * citations' bundle (citations/citations.lazy.ts) and is reached through `coverage()`, which loads it. Show Coverage of a Standard… takes a
 * standard from the Standards or References view, or asks: the standards the workspace cites first, any other from
 * the catalogue.
 */
import * as vscode from 'vscode';
import type { CallerConfirmation } from '../callerConfirmation';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { pickStandard } from '../catalogue/standardPicker';
import { registerCommands } from '../commands/feedback';
import { fileArgument } from '../commands/fileArgument';
import { COVERAGE_VIEW } from '../../core/citations/ids';
import { isObject } from '../../core/service/jsonld';
import { asStandardRef } from '../targets/refs';
import { citedStandardItem } from './citedStandardItems';
import type { CoverageNode } from './coverageNodes';
import type { CoveredStandard, WorkspaceCoverage } from './workspaceCoverage';

export interface CoverageDeps {
  /** The implementation, loaded on first call. */
  coverage: () => WorkspaceCoverage;
  catalogue: CatalogueStore;
  confirmation: CallerConfirmation;
  log: vscode.LogOutputChannel;
}

const OPEN_ONLY_KEY = 'standardsExplorer.coverageOpenOnly';
const INFORMATIVE_KEY = 'standardsExplorer.coverageInformative';

/** Registers the view and commands; returns what to call once the implementation is loaded. */
export function registerCoverage(
  context: vscode.ExtensionContext,
  { coverage, catalogue, confirmation, log }: CoverageDeps,
): (loaded: WorkspaceCoverage) => void {
  const changed = new vscode.EventEmitter<CoverageNode | undefined>();
  const view = vscode.window.createTreeView(COVERAGE_VIEW, {
    treeDataProvider: {
      onDidChangeTreeData: changed.event,
      getChildren: (node) => coverage().getChildren(node),
      getTreeItem: (node) => coverage().getTreeItem(node),
    },
    showCollapseAll: true,
  });
  const setFilter = async (key: string, value: boolean, apply: (loaded: WorkspaceCoverage) => void): Promise<void> => {
    await vscode.commands.executeCommand('setContext', key, value);
    apply(coverage());
  };
  context.subscriptions.push(
    view,
    changed,
    registerCommands(
      {
        'standardsExplorer.showCoverage': async (arg) => {
          const standard = coveredStandardOf(arg) ?? (await askForStandard(coverage(), catalogue));
          if (!standard) return undefined;
          await vscode.commands.executeCommand(`${COVERAGE_VIEW}.focus`);
          return coverage().show(standard);
        },
        'standardsExplorer.refreshCoverage': () => coverage().refresh(),
        'standardsExplorer.exportCoverage': async (arg) => {
          const target = fileArgument(arg);
          // A file a caller named (a link, another extension) is written only when the user agrees to that file.
          const question =
            target && vscode.l10n.t('A link or another extension asks to write the coverage report to {0}, replacing that file. Write it?', target.fsPath);
          if (question && !(await confirmation.confirm(question, vscode.l10n.t('Write')))) return undefined;
          return coverage().export(target);
        },
        'standardsExplorer.coverageOpenOnly': () => setFilter(OPEN_ONLY_KEY, true, (loaded) => loaded.showOpenOnly(true)),
        'standardsExplorer.coverageAllClauses': () => setFilter(OPEN_ONLY_KEY, false, (loaded) => loaded.showOpenOnly(false)),
        'standardsExplorer.coverageIncludeInformative': () => setFilter(INFORMATIVE_KEY, true, (loaded) => loaded.showNormativeOnly(false)),
        'standardsExplorer.coverageNormativeOnly': () => setFilter(INFORMATIVE_KEY, false, (loaded) => loaded.showNormativeOnly(true)),
      },
      log,
    ),
  );
  return (loaded) => {
    const show = (): void => {
      view.description = loaded.shown?.reference;
      view.message = loaded.summary();
    };
    show();
    context.subscriptions.push(
      loaded.onDidChangeTreeData((node) => changed.fire(node ?? undefined)),
      loaded.onDidUpdate(show),
    );
  };
}

/** The standard a command's argument names: a References view standard, a Standards view node, a StandardRef. */
function coveredStandardOf(arg: unknown): CoveredStandard | undefined {
  // A References view standard node: { kind: 'standard', group: { urn, standard } } (referenceNodes.ts).
  if (isObject(arg) && arg.kind === 'standard' && isObject(arg.group) && typeof arg.group.urn === 'string') {
    return { urn: arg.group.urn, reference: typeof arg.group.standard === 'string' ? arg.group.standard : arg.group.urn };
  }
  const ref = asStandardRef(arg);
  return ref && { urn: ref.urn, reference: ref.reference || ref.urn };
}

/** The standards the workspace cites, most cited first, then any other from the catalogue. */
async function askForStandard(coverage: WorkspaceCoverage, catalogue: CatalogueStore): Promise<CoveredStandard | undefined> {
  const title = vscode.l10n.t('Show Coverage of a Standard');
  const cited = await vscode.window.withProgress({ location: { viewId: COVERAGE_VIEW } }, () => coverage.citedStandards());
  type Item = vscode.QuickPickItem & { standard?: CoveredStandard };
  const other: Item = { label: `$(search) ${vscode.l10n.t('Another Standard of the Catalogue…')}` };
  const items: Item[] = [
    ...(cited.length ? [{ label: vscode.l10n.t('Cited in this workspace'), kind: vscode.QuickPickItemKind.Separator }] : []),
    ...cited.map((standard) => citedStandardItem(standard, vscode.l10n.t('{0} references', standard.count))),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    other,
  ];
  const picked = cited.length ? await vscode.window.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Which standard?'), matchOnDetail: true }) : other;
  if (!picked) return undefined;
  if (picked.standard) return picked.standard;
  const entry = await pickStandard(catalogue, title);
  return entry && { urn: entry.urn, reference: entry.reference || entry.urn };
}
