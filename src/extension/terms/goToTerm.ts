/**
 * Go to Term…: a QuickPick over the terms of recently read Terms-and-definitions clauses (TermStore), filtered as
 * you type on the term, its synonyms, definition and standard; picking opens the clause page scrolled to that
 * entry. Collect Terms of a Standard… fetches one standard's Terms and definitions on demand.
 */
import * as vscode from 'vscode';
import { showInformation } from '../notify';
import type { Chooser } from '../targets/choose';
import { withDelayedProgress } from '../commands/progress';
import type { ClauseRef } from '../../core/model';
import { displayText, inertText } from '../../core/service/displayText';
import { SECTION_TYPES } from '../../core/service/sections';
import type { ServiceAccess } from '../connection/serviceAccess';
import type { ClausePages } from '../webview/clausePage';
import type { TermItem, TermStore } from '../../core/terms/termStore';
import { termsClauses } from '../../core/terms/termsClauses';

interface TermPickItem extends vscode.QuickPickItem {
  item: TermItem;
}

/** For automation and tests: the first term whose designation or synonym is `query` (case aside), without UI. */
export interface GoToTermArgs {
  query: string;
}

/** How many clauses of one standard Collect Terms reads at most (a Terms clause and its subclauses). */
const MAX_COLLECT = 25;
const COLLECT: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('cloud-download'), tooltip: vscode.l10n.t('Collect the terms of a standard…') };

export async function goToTerm(terms: TermStore, pages: ClausePages, arg: unknown): Promise<TermItem | undefined> {
  const query = typeof arg === 'object' && arg !== null && typeof (arg as GoToTermArgs).query === 'string' ? (arg as GoToTermArgs).query : undefined;
  if (query !== undefined) {
    const wanted = query.trim().toLowerCase();
    const item = terms.all().find((t) => [...t.term.split('; '), ...t.admitted].some((name) => name.toLowerCase() === wanted));
    if (!item)
      throw new Error(
        vscode.l10n.t(
          'No term "{0}" among the terms read so far. Open the Terms and definitions of its standard, or run Collect Terms of a Standard….',
          displayText(query).slice(0, 80),
        ),
      );
    await open(pages, item);
    return item;
  }
  if (!terms.size) {
    const collect = vscode.l10n.t('Collect Terms of a Standard…');
    const choice = await showInformation(
      vscode.l10n.t(
        'No terms yet: Go to Term lists the terms of the Terms and definitions clauses you have opened. Open one, or collect the terms of a standard.',
      ),
      collect,
    );
    if (choice === collect) await vscode.commands.executeCommand('standardsExplorer.collectTerms');
    return undefined;
  }
  const picked = await pickTerm(terms);
  if (picked === 'collect') {
    await vscode.commands.executeCommand('standardsExplorer.collectTerms');
    return undefined;
  }
  if (picked) await open(pages, picked);
  return picked;
}

function pickTerm(terms: TermStore): Promise<TermItem | 'collect' | undefined> {
  const pick = vscode.window.createQuickPick<TermPickItem>();
  pick.title = vscode.l10n.t('Go to Term');
  pick.placeholder = vscode.l10n.t('Type a term, a synonym or words of its definition');
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.buttons = [COLLECT];
  const fill = (): void => {
    pick.items = terms.all().map((item) => ({
      label: inertText(item.term),
      description: [item.source.standardReference, item.number].filter(Boolean).join(' '),
      detail: inertText([item.admitted.length ? `(${item.admitted.join('; ')})` : '', item.excerpt].filter(Boolean).join(' ')),
      item,
    }));
  };
  fill();
  const changed = terms.onDidChange(fill);
  return new Promise((resolve) => {
    let result: TermItem | 'collect' | undefined;
    pick.onDidAccept(() => {
      result = pick.selectedItems[0]?.item;
      pick.hide();
    });
    pick.onDidTriggerButton(() => {
      result = 'collect';
      pick.hide();
    });
    pick.onDidHide(() => {
      changed.dispose();
      pick.dispose();
      resolve(result);
    });
    pick.show();
  });
}

function open(pages: ClausePages, item: TermItem): Promise<void> {
  const { source } = item;
  const ref: ClauseRef = { ...source, types: source.types ? [...source.types] : undefined };
  return pages.open(ref, item.anchor);
}

/** Reads the Terms and definitions of a standard (and its subclauses) into the store; returns how many terms. */
export async function collectTerms(terms: TermStore, choose: Chooser, session: ServiceAccess, arg: unknown): Promise<number | undefined> {
  const standard = await choose.standard(arg, vscode.l10n.t('Collect Terms of a Standard'));
  if (!standard) return undefined;
  const name = displayText(standard.reference || standard.urn);
  const clauses = await choose.clausesOf(standard);
  const wanted = termsClauses(clauses);
  if (!wanted.length)
    throw new Error(vscode.l10n.t('{0} has no Terms and definitions clause (no clause of type {1}).', name, SECTION_TYPES.TermsAndDefinitions.type));
  const count = await withDelayedProgress(vscode.l10n.t('Reading the terms of {0}', name), async (signal) => {
    const service = await session.service();
    let total = 0;
    // One after another: a handful of requests, never a storm.
    for (const clause of wanted.slice(0, MAX_COLLECT)) {
      const body = await service.getClause(standard.urn, clause.clauseId, signal);
      total += terms.addBody(
        {
          urn: standard.urn,
          clauseId: clause.clauseId,
          id: clause.id,
          title: clause.title,
          number: clause.number,
          types: [...clause.types, SECTION_TYPES.TermsAndDefinitions.type],
          standardReference: standard.reference,
          standardTitle: standard.title,
        },
        body,
      );
    }
    return total;
  });
  vscode.window.setStatusBarMessage(vscode.l10n.t('{0} terms of {1} ready for Go to Term', count, name), 5000);
  if (!count) void showInformation(vscode.l10n.t('The Terms and definitions of {0} define no terms (it may refer to another document for them).', name));
  return count;
}
