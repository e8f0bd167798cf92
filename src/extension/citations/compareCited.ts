/**
 * The second Quick Fix of an outdated-edition diagnostic: the cited clause of the old edition and the same clause
 * of the current edition side by side, in VS Code's diff editor (Markdown text, the old edition on the left), as
 * Compare with Another Edition shows them. The clause is found by the locator as written ("§5", "Annex A", "Scope")
 * in each edition's clause list, so both sides are what the reference would name in that edition; when one edition
 * has no such clause, the other is opened alone and a message says which edition lacks it.
 */
import * as vscode from 'vscode';
import { showWarning } from '../notify';
import { withDelayedProgress } from '../commands/progress';
import { clauseDocumentUri } from '../documents/clauseDocumentUri';
import { clauseLabel, documentName, standardLabel } from '../../core/labels';
import type { Clause } from '../../core/service/types';
import type { CitationResolver } from '../workspaceCitations/citationResolver';
import { asCitationTarget, locatorLabel, type CitationTarget } from '../../core/citations/citationTarget';
import { namesClause, type Locator } from '../../core/citations/recognise';

export { COMPARE_CITED } from '../../core/citations/ids';

/** What the Quick Fix passes to the command: the cited edition and the current one, both with the locator. */
export interface CitedEditions {
  cited: CitationTarget;
  current: CitationTarget;
}

/** What was opened: both clauses in a diff, or one alone when the other edition lacks it. */
export type CitedComparison = { left: vscode.Uri; right: vscode.Uri } | { only: vscode.Uri; missing: string };

/** Whether a locator can name a clause of the list (a table is inside a clause the list cannot tell). */
export function comparableLocator(locator: Locator | undefined): locator is Locator {
  return namesClause(locator);
}

export async function compareCitedEditions(arg: unknown, resolver: CitationResolver): Promise<CitedComparison> {
  const value = (typeof arg === 'object' && arg !== null ? arg : {}) as Partial<Record<keyof CitedEditions, unknown>>;
  const cited = asCitationTarget(value.cited);
  const current = asCitationTarget(value.current);
  const locator = cited?.locator;
  if (!cited || !current || !comparableLocator(locator)) {
    throw new Error(vscode.l10n.t('This comparison needs a reference with a clause (such as "ISO 9001:2008, clause 4"). Use the Quick Fix on the reference.'));
  }
  const [oldName, newName] = [standardLabel(cited), standardLabel(current)];
  const wanted = locatorLabel(locator);
  const [old, now] = await withDelayedProgress(vscode.l10n.t('Loading the clauses of {0} and {1}', oldName, newName), (signal) =>
    Promise.all([resolver.clauseFor(cited.urn, locator, signal), resolver.clauseFor(current.urn, locator, signal)]),
  );
  if (old && now) {
    const left = uriOf(cited, old.clause, oldName);
    const right = uriOf(current, now.clause, newName);
    // "9.4.2" where a list stops at 9.4: each side shows the clause that holds it, and the title says so.
    const near = !old.exact || !now.exact ? ` (${vscode.l10n.t('the clauses that hold {0}', wanted)})` : '';
    await vscode.commands.executeCommand('vscode.diff', left, right, `${wanted}: ${oldName} ↔ ${newName}${near}`, { preview: true });
    return { left, right };
  }
  const alone = old
    ? { target: cited, clause: old.clause, name: oldName, lacking: newName }
    : now && { target: current, clause: now.clause, name: newName, lacking: oldName };
  if (!alone) {
    throw new Error(vscode.l10n.t('Neither {0} nor {1} has {2}: there is nothing to compare. Check the clause the reference names.', oldName, newName, wanted));
  }
  const only = uriOf(alone.target, alone.clause, alone.name);
  await vscode.window.showTextDocument(only, { preview: true });
  void showWarning(
    vscode.l10n.t(
      '{0} has no {1}, so the editions cannot be compared there; {2} of {3} is shown alone.',
      alone.lacking,
      wanted,
      clauseLabel(alone.clause),
      alone.name,
    ),
  );
  return { only, missing: alone.lacking };
}

function uriOf(target: CitationTarget, clause: Clause, standardName: string): vscode.Uri {
  return clauseDocumentUri(target.urn, clause.clauseId, documentName(clause, standardName), 'markdown');
}
