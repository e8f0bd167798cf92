/**
 * My Standards wired together: the stored shelves, pinning with offline copies, the updates badge, and their
 * commands (Pin, Unpin, Clear Recent, Clear Offline Copies).
 */
import * as vscode from 'vscode';
import { showInformation } from '../notify';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { pickStandard } from '../catalogue/standardPicker';
import { recordStatus } from '../../core/catalogue/standardFacts';
import { registerCommands, type CommandHandler } from '../commands/feedback';
import { asStandardRef } from '../targets/refs';
import { isObject } from '../../core/service/index';
import type { ServiceAccess } from '../connection/serviceAccess';
import type { TermStore } from '../../core/terms/termStore';
import { Pinning } from './pinning';
import { PinnedTerms } from './pinnedTerms';
import { PinUpdates } from './pinUpdates';
import { Shelf } from './shelf';
import type { ShelfEntry } from './shelfEntries';

export interface MyStandards {
  shelf: Shelf;
  pinning: Pinning;
  updates: PinUpdates;
  /** The terms of pinned standards, for Go to Term. */
  pinnedTerms: PinnedTerms;
  /** A clause of the standard was opened (page or document): it goes on top of Recent. */
  opened(source: { urn: string; standardReference?: string; standardTitle?: string }): void;
}

export interface MyStandardsDeps {
  session: ServiceAccess;
  catalogue: CatalogueStore;
  log: vscode.LogOutputChannel;
  /** Where the terms of pinned standards go (Go to Term). */
  terms: TermStore;
}

export function registerMyStandards(context: vscode.ExtensionContext, { session, catalogue, log, terms }: MyStandardsDeps): MyStandards {
  const shelf = new Shelf(context.globalState, session);
  const pinning = new Pinning(session, shelf, log);
  const updates = new PinUpdates(shelf, catalogue);
  const pinnedTerms = new PinnedTerms(shelf, () => session.service(), terms);

  /** What to keep of a standard so it shows offline: the catalogue's record when the index has it. */
  const entryOf = async (ref: { urn: string; reference?: string; title?: string; status?: string }): Promise<ShelfEntry> => {
    const index = await catalogue.peek().catch(() => undefined);
    const known = index?.bestForUrn(ref.urn);
    return {
      urn: ref.urn,
      title: ref.title || known?.title || '',
      reference: ref.reference ?? known?.reference,
      status: ref.status ?? known?.status,
    };
  };

  /** The standard a command was given (tree node, ref, index entry) or, from the palette, one picked. */
  const standardArg = async (arg: unknown, title: string): Promise<ShelfEntry | undefined> => {
    const ref = asStandardRef(arg);
    if (ref) {
      const status = isObject(arg) && isObject(arg.standard) && isObject(arg.standard.raw) ? recordStatus({ raw: arg.standard.raw }) : undefined;
      return entryOf({ ...ref, status });
    }
    const picked = await pickStandard(catalogue, title);
    return picked && entryOf(picked);
  };

  const commands: Record<string, CommandHandler> = {
    'standardsExplorer.pin': async (arg) => {
      const entry = await standardArg(arg, vscode.l10n.t('Pin for Offline Reading'));
      if (!entry) return undefined;
      await pinning.pin(entry);
      return entry.urn;
    },
    'standardsExplorer.unpin': async (arg) => {
      const entry = await standardArg(arg, vscode.l10n.t('Unpin'));
      if (!entry) return undefined;
      await pinning.unpin(entry.urn);
      return entry.urn;
    },
    'standardsExplorer.clearRecent': () => shelf.clearRecent(),
    'standardsExplorer.clearOfflineCopies': async () => {
      const freed = await pinning.clearOfflineCopies();
      void showInformation(
        vscode.l10n.t(
          'Offline copies cleared: {0} MB freed. Pinned standards stay pinned; pin one again to read it offline.',
          (freed / 1024 / 1024).toFixed(1),
        ),
      );
      return freed;
    },
  };

  const opened = (source: { urn: string; standardReference?: string; standardTitle?: string }): void => {
    void entryOf({ urn: source.urn, reference: source.standardReference, title: source.standardTitle })
      .then((entry) => shelf.opened(entry))
      .then(() => pinning.acknowledge(source.urn))
      .catch((error: unknown) => log.debug(`Recent: ${String(error)}`));
  };

  context.subscriptions.push(shelf, pinning, updates, registerCommands(commands, log));
  return { shelf, pinning, updates, pinnedTerms, opened };
}
