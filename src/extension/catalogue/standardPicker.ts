/**
 * The QuickPick that finds a standard across the whole catalogue as you type (number, reference or title words),
 * with a button to rebuild the index. Matching is ours: VS Code is given only the best 200 items. The list is never
 * blank: with no match, before the catalogue has arrived, or without a connection, one line says so and what to do.
 */
import * as vscode from 'vscode';
import { inertText } from '../../core/service/displayText';
import { showFailure } from '../notify';
import { noticeText } from '../errorText';
import { standardDescription, standardLabel } from '../../core/labels';
import { sameEntries, type CatalogueIndex, type IndexEntry, type SearchHit } from '../../core/catalogue/catalogueIndex';
import { progressText, type CatalogueStore } from './catalogueStore';
import { factsLabel } from '../../core/catalogue/standardFacts';

interface EntryItem extends vscode.QuickPickItem {
  entry: IndexEntry;
  command?: undefined;
}

/** A line that says why the list holds no standard, and what to do; accepting it runs `command`, if any. */
interface MessageItem extends vscode.QuickPickItem {
  entry?: undefined;
  command?: string;
}

export type StandardPickItem = EntryItem | MessageItem;

/**
 * The picker open now, for this extension's own tests (activate.ts hands it to them only): its items, and typing
 * into it as the user does (setting `value` from code fires no change event).
 */
export interface StandardPickerProbe {
  current?: { pick: vscode.QuickPick<StandardPickItem>; type(value: string): void };
}
export const standardPickerProbe: StandardPickerProbe = {};

/**
 * `sortByLabel` is still a proposed API (microsoft/vscode#73904) but honoured by every VS Code since 1.41: without
 * it VS Code re-sorts our ranked items by how the label matches, putting "ISO 9001:1994" before "ISO 9001:2015".
 * Setting it on a VS Code that does not know it does nothing.
 */
interface RankedQuickPick<T extends vscode.QuickPickItem> extends vscode.QuickPick<T> {
  sortByLabel: boolean;
}

/** On each item: pin the standard for offline reading without leaving the picker. */
const PIN: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('pin'), tooltip: vscode.l10n.t('Pin for Offline Reading') };

const REBUILD: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('refresh'), tooltip: vscode.l10n.t('Rebuild the catalogue index') };

/**
 * Asks for a standard; undefined when the user cancels. Opens at once: while the index is being built, it searches
 * what has arrived and says how far the build is.
 */
export async function pickStandard(store: CatalogueStore, title: string, typed?: string): Promise<IndexEntry | undefined> {
  let live: Awaited<ReturnType<CatalogueStore['live']>>;
  try {
    live = await store.live();
  } catch (error) {
    // Not connected: the picker opens all the same and says so, with the way to connect.
    return explain(title, [notConnectedItem(noticeText(error))]);
  }
  const pick = vscode.window.createQuickPick<StandardPickItem>() as RankedQuickPick<StandardPickItem>;
  pick.sortByLabel = false;
  pick.placeholder = vscode.l10n.t('Type a number, reference or words of the title (e.g. 9001, ISO/IEC 27001, quality management)');
  pick.matchOnDescription = false;
  pick.matchOnDetail = false;
  pick.buttons = [REBUILD];
  if (typed) pick.value = typed;
  let shown: readonly IndexEntry[] = [];
  const show = (): void => {
    const { index } = live;
    pick.busy = !index.complete;
    pick.title = index.complete ? title : vscode.l10n.t('{0} — {1}, still loading', title, progressText(index.size, index.expected));
    const hits = index.searchHits(pick.value, 200);
    // Replaced only when the results changed (a build under way refreshes every 250 ms): VS Code names an item by its
    // place in the list, so a pin button clicked while the list is being replaced would pin whatever took its place.
    // An empty list is redrawn each time: what it says depends on the query and on how far the build is.
    if (hits.length > 0 && sameEntries(shown, hits)) return;
    shown = hits.map((h) => h.entry);
    pick.items = hits.length ? toItems(hits) : [emptyItem(pick.value, index)];
  };
  const follow = (finished: Promise<CatalogueIndex> | undefined): void => {
    finished?.then(
      (index) => {
        live = { index };
        show();
      },
      (error: unknown) => {
        pick.busy = false;
        pick.title = title;
        void showFailure(noticeText(error));
      },
    );
  };
  show();
  follow(live.finished);
  return new Promise<IndexEntry | undefined>((resolve) => {
    const disposables: vscode.Disposable[] = [
      pick.onDidChangeValue(show),
      // A build under way brings more entries: search them too.
      store.onDidProgress(() => {
        if (live.finished) void store.live().then((now) => ((live = now), show()));
      }),
      pick.onDidTriggerButton(async () => {
        const finished = store.rebuild();
        live = await store.live();
        show();
        follow(finished);
      }),
      pick.onDidTriggerItemButton(({ item }) => {
        if (!item.entry) return;
        const { urn, reference, title: standardTitle, position, status } = item.entry;
        void vscode.commands.executeCommand('standardsExplorer.pin', { urn, reference, title: standardTitle, position, status });
      }),
      pick.onDidAccept(() => {
        const [item] = pick.selectedItems;
        // A line that only explains: the list stays open for another query.
        if (item && !item.entry && !item.command) return;
        resolve(item?.entry);
        pick.hide();
        if (item?.command) void vscode.commands.executeCommand(item.command);
      }),
      pick.onDidHide(() => {
        resolve(undefined);
        forget(pick);
        for (const d of disposables) d.dispose();
        pick.dispose();
      }),
    ];
    standardPickerProbe.current = {
      pick,
      type: (value) => {
        pick.value = value;
        show();
      },
    };
    pick.show();
  });
}

/** A picker of explaining lines only (nothing to search): accepting one runs its action. */
function explain(title: string, items: MessageItem[]): Promise<undefined> {
  const pick = vscode.window.createQuickPick<StandardPickItem>();
  pick.title = title;
  pick.items = items;
  return new Promise((resolve) => {
    const disposables = [
      pick.onDidAccept(() => {
        const command = pick.selectedItems[0]?.command;
        pick.hide();
        if (command) void vscode.commands.executeCommand(command);
      }),
      pick.onDidHide(() => {
        resolve(undefined);
        forget(pick);
        for (const d of disposables) d.dispose();
        pick.dispose();
      }),
    ];
    standardPickerProbe.current = { pick, type: (value) => (pick.value = value) };
    pick.show();
  });
}

function forget(pick: vscode.QuickPick<StandardPickItem>): void {
  if (standardPickerProbe.current?.pick === pick) standardPickerProbe.current = undefined;
}

function notConnectedItem(reason: string): MessageItem {
  return {
    label: `$(plug) ${vscode.l10n.t('Not connected: there is no catalogue to search yet')}`,
    detail: vscode.l10n.t('{0} Press Enter to sign in, or connect to the local sandbox from the Standards view.', inertText(reason)),
    alwaysShow: true,
    command: 'standardsExplorer.signIn',
  };
}

/** What the list says instead of being blank: still loading, an empty catalogue, or no match for the query. */
function emptyItem(query: string, index: CatalogueIndex): MessageItem {
  const typed = inertText(query.trim().slice(0, 80));
  const loaded = progressText(index.size, index.expected);
  if (!index.complete && index.size === 0) {
    return {
      label: `$(loading~spin) ${vscode.l10n.t('Loading the catalogue…')}`,
      detail: vscode.l10n.t('The catalogue index is being built ({0}); standards appear here as they arrive.', loaded),
      alwaysShow: true,
    };
  }
  if (index.size === 0) {
    return {
      label: `$(info) ${vscode.l10n.t('The catalogue index holds no standards')}`,
      detail: vscode.l10n.t('If the service lists standards now, rebuild the index with the refresh button above.'),
      alwaysShow: true,
    };
  }
  if (!index.complete) {
    return {
      label: `$(search) ${vscode.l10n.t("No standard matches '{0}' yet", typed)}`,
      detail: vscode.l10n.t('Only {0} standards are loaded so far; more arrive as the index is built.', loaded),
      alwaysShow: true,
    };
  }
  return {
    label: `$(search) ${vscode.l10n.t("No standard matches '{0}'", typed)}`,
    detail: vscode.l10n.t(
      'Check the number (e.g. 9001 or ISO/IEC 27001), or type fewer words of the title. If the catalogue changed since the index was built, rebuild it with the refresh button above.',
    ),
    alwaysShow: true,
  };
}

/** The reference as the label, the status in words and the title beside it; never the URN (Copy URN has it). */
function toItems(hits: readonly SearchHit[]): EntryItem[] {
  return hits.map(({ entry, facts }) => {
    return {
      label: inertText(standardLabel(entry)),
      description: inertText(standardDescription(entry, factsLabel(facts))),
      // Our own matching chose and ordered these; VS Code must not filter them again.
      alwaysShow: true,
      buttons: [PIN],
      entry,
    };
  });
}
