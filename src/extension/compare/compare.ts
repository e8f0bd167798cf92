/**
 * Compare with Another Edition…: lists the other editions of the clause's standard (catalogue index, newest first,
 * with status), finds the matching clause in the chosen one (by type, number, title: compare/matchClause.ts) and
 * opens VS Code's diff editor between the two clauses as Markdown text (or as JSON), the older on the left.
 */
import * as vscode from 'vscode';
import { showInformation } from '../notify';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { factsLabel, factsOf } from '../../core/catalogue/standardFacts';
import { editionQuery, latestYear, otherEditions, type Edition } from '../../core/compare/editions';
import { matchingClause } from '../../core/compare/matchClause';
import { clauseLabel, documentName } from '../../core/labels';
import type { ClauseRef } from '../../core/model';
import { displayText, inertText } from '../../core/service/displayText';
import type { Clause } from '../../core/service/index';
import { STANDARDS_SCHEME, parseStandardsUri, type ClauseFormat } from '../documents/standardsUri';
import { clauseDocumentUri } from '../documents/clauseDocumentUri';
import { clauseOf, type Chooser } from '../targets/choose';

/** For automation and tests: which edition (URN or reference) and which form, without the QuickPick. */
export interface CompareOptions {
  edition?: string;
  format?: ClauseFormat;
}

export interface CompareResult {
  left: vscode.Uri;
  right: vscode.Uri;
}

const TITLE = vscode.l10n.t('Compare with Another Edition');

export async function compareWithEdition(
  choose: Chooser,
  catalogue: CatalogueStore,
  arg: unknown,
  options: CompareOptions = {},
): Promise<CompareResult | undefined> {
  const ref = await clauseOf(choose, arg, TITLE);
  if (!ref) return undefined;
  const format = options.format ?? 'markdown';
  const index = await catalogue.get();
  const given = ref.standardPosition !== undefined ? index.entries.at(ref.standardPosition) : undefined;
  const entry = given?.urn === ref.urn ? given : index.bestForUrn(ref.urn);
  const reference = ref.standardReference || entry?.reference;
  const name = displayText(reference || ref.urn);
  if (!reference)
    throw new Error(
      vscode.l10n.t(
        '{0} has no reference in the catalogue (such as "ISO 9001:2015"), so its other editions cannot be told apart. Rebuild the index from Find Standard… if the catalogue changed.',
        name,
      ),
    );
  // The index's own search narrows the catalogue to the number's records; the edition rules pick among them.
  const editions = otherEditions({ urn: ref.urn, reference }, index.search(editionQuery(reference), 2000));
  if (!editions.length) {
    void showInformation(vscode.l10n.t('No other edition of {0} is in the catalogue (same publisher, number and part; amendments are not editions).', name));
    return undefined;
  }
  const edition = options.edition
    ? editions.find((e) => e.entry.urn === options.edition || e.entry.reference === options.edition)
    : await pickEdition(editions, name, ref);
  if (!edition) {
    if (options.edition) throw new Error(vscode.l10n.t('{0} is not another edition of {1}.', displayText(options.edition), name));
    return undefined;
  }
  const other = { urn: edition.entry.urn, reference: edition.entry.reference, title: edition.entry.title, position: edition.entry.position };
  const clauses = await choose.clausesOf(other);
  const source = { types: ref.types ?? [], title: ref.title ?? '', number: ref.number };
  const match = matchingClause(source, clauses);
  const clauseName = clauseLabel(source);
  const otherName = displayText(other.reference || other.urn);
  if (!match) {
    void showInformation(vscode.l10n.t('{0} has no clause matching {1} of {2} (no clause of the same type, number or title).', otherName, clauseName, name));
    return undefined;
  }
  const mine = uriOf(ref.urn, ref.clauseId, { number: ref.number, title: ref.title ?? '', types: ref.types ?? [] }, name, format);
  const theirs = uriOf(other.urn, match.clause.clauseId, match.clause, otherName, format);
  // The older edition on the left, as in any "what changed" view.
  const mineIsNewer = isNewer(ref.urn, reference, entry?.status, edition);
  const [left, right] = mineIsNewer ? [theirs, mine] : [mine, theirs];
  const [leftName, rightName] = mineIsNewer ? [otherName, name] : [name, otherName];
  const how = match.by === 'type' ? '' : ` (${vscode.l10n.t('matched by {0}', match.by)})`;
  await vscode.commands.executeCommand('vscode.diff', left, right, `${clauseName}: ${leftName} ↔ ${rightName}${how}`, { preview: true });
  return { left, right };
}

/** Shows the comparison in the active diff editor in the other form: Markdown text ↔ JSON. */
export async function toggleCompareFormat(): Promise<CompareResult> {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  const input = tab?.input;
  const paths =
    input instanceof vscode.TabInputTextDiff
      ? [input.original, input.modified].map((uri) => (uri.scheme === STANDARDS_SCHEME ? parseStandardsUri(uri) : undefined))
      : [];
  if (!tab || !(input instanceof vscode.TabInputTextDiff) || paths.some((p) => p?.kind !== 'clause')) {
    throw new Error(vscode.l10n.t('Show as Text or JSON works on a comparison of two editions: run Compare with Another Edition… first.'));
  }
  const swap = (uri: vscode.Uri): vscode.Uri => uri.with({ path: uri.path.replace(/\.(?:md|json)$/, (ext) => (ext === '.md' ? '.json' : '.md')) });
  const result = { left: swap(input.original), right: swap(input.modified) };
  await vscode.commands.executeCommand('vscode.diff', result.left, result.right, tab.label, { preview: true });
  return result;
}

async function pickEdition(editions: Edition[], name: string, ref: ClauseRef): Promise<Edition | undefined> {
  const picked = await vscode.window.showQuickPick(
    editions.map((edition) => ({
      label: inertText(displayText(edition.entry.reference || edition.entry.urn)),
      description: factsLabel(edition.facts) || vscode.l10n.t('current'),
      detail: inertText(displayText(edition.entry.title)),
      edition,
    })),
    {
      title: TITLE,
      placeHolder: vscode.l10n.t('Compare {0} of {1} with…', clauseLabel({ types: ref.types ?? [], title: ref.title, number: ref.number }), name),
      matchOnDescription: true,
      matchOnDetail: true,
    },
  );
  return picked?.edition;
}

function uriOf(urn: string, clauseId: string, clause: Pick<Clause, 'number' | 'title' | 'types'>, standard: string, format: ClauseFormat): vscode.Uri {
  return clauseDocumentUri(urn, clauseId, documentName(clause, standard), format);
}

/** Whether the clause's own edition is newer than `edition` (drafts are the newest). */
function isNewer(urn: string, reference: string, status: string | undefined, edition: Edition): boolean {
  const draft = factsOf(urn, reference, status).draft;
  if (draft !== edition.facts.draft) return draft;
  const mine = latestYear(reference) ?? 0;
  const theirs = edition.year ?? 0;
  return mine !== theirs ? mine > theirs : !/withdrawn|replaced|cancel/i.test(status ?? '');
}
