/**
 * The work of the commands on one clause or standard: open it (page, JSON, text), copy its URN or link, insert a
 * reference to it or to one of its sections into the editor; and the clause reading tab's own (Open to the Side, Keep
 * Open, Back, Forward, and its title bar's actions on the clause it shows). Loaded with the first of them
 * (clauseCommands.lazy.ts).
 */
import * as vscode from 'vscode';
import { showWarning } from '../notify';
import { clauseLinkProblem, linkForMessage } from '../../core/clauseLinks';
import { documentName, standardLabel } from '../../core/labels';
import { clauseRefOf, type ClauseRef, type StandardRef } from '../../core/model';
import { formatReference } from '../../core/references';
import { SECTION_TYPES, hasType, sectionLabel, type SectionType } from '../../core/service/sections';
import type { CommandHandler } from '../commands/feedback';
import type { TargetEditor } from '../commands/targetEditor';
import type { ClauseCommand } from './clauseCommandIds';
import type { ServiceAccess } from '../connection/serviceAccess';
import { clauseDocumentUri } from '../documents/clauseDocumentUri';
import { STANDARDS_SCHEME } from '../documents/standardsUri';
import { clauseOf, type Chooser } from '../targets/choose';
import type { ClausePages } from '../webview/clausePage';

export interface ClauseCommandsDeps {
  session: ServiceAccess;
  choose: Chooser;
  pages: ClausePages;
  /** The editor a reference is inserted into (made at activation: it follows the active editor from the start). */
  target: TargetEditor;
}

export function clauseCommands({ session, choose, pages, target }: ClauseCommandsDeps): Record<ClauseCommand, CommandHandler> {
  const insertClause = async (ref: ClauseRef): Promise<string> => {
    let format = session.settings().referenceFormat;
    if (!ref.id) throw new Error(vscode.l10n.t('This clause has no @id to refer to.'));
    // The @id comes from the server: it goes into a document as a link only when it is a safe one.
    const problem = format === 'plain' ? undefined : clauseLinkProblem(ref.id, session.baseUrl);
    if (problem) {
      format = 'plain';
      void showWarning(
        vscode.l10n.t('The clause @id {0} is not inserted as a link ({1}); the plain reference was inserted instead.', linkForMessage(ref.id), problem),
      );
    }
    const text = formatReference(
      format,
      { urn: ref.urn, reference: ref.standardReference, title: ref.standardTitle },
      { id: ref.id, title: ref.title, number: ref.number, types: ref.types },
    );
    await target.insert(text);
    return text;
  };

  const sectionOf = async (standard: StandardRef, section: SectionType): Promise<ClauseRef> => {
    const clauses = await choose.clausesOf(standard);
    // By @type, never by title: titles may be empty.
    const clause = clauses.find((c) => hasType(c, section.type));
    if (!clause) throw new Error(vscode.l10n.t('{0} has no {1} clause (no clause of type {2}).', standardLabel(standard), section.label, section.type));
    return clauseRefOf(standard, clause);
  };

  /** The title bar's actions: the clause the active tab shows, as the host read it (a copy), given to the command. */
  const onTab =
    (command: string): CommandHandler =>
    async () => {
      const ref = pages.activeRef();
      if (!ref) throw new Error(vscode.l10n.t('The clause is not shown yet: try again once its page has loaded.'));
      return vscode.commands.executeCommand(command, { ...ref, types: ref.types && [...ref.types] });
    };

  return {
    'standardsExplorer.openClauseToSide': async (arg) => {
      // From the tab's title bar (no clause given, or the editor's context): the clause it shows.
      const ref = isEditorContext(arg)
        ? (pages.activeRef() ?? (await choose.clause(undefined, vscode.l10n.t('Open to the Side'))))
        : await choose.clause(arg, vscode.l10n.t('Open to the Side'));
      if (!ref) return;
      await pages.open(ref, undefined, { toSide: true });
      await clauseOpened();
    },
    'standardsExplorer.keepClauseOpen': () => pages.keepOpen(),
    'standardsExplorer.clauseBack': () => pages.back(),
    'standardsExplorer.clauseForward': () => pages.forward(),
    'standardsExplorer.clauseTab.openJson': onTab('standardsExplorer.openClauseJson'),
    'standardsExplorer.clauseTab.openText': onTab('standardsExplorer.openClauseText'),
    'standardsExplorer.clauseTab.compare': onTab('standardsExplorer.compareEditions'),
    'standardsExplorer.clauseTab.copyLink': onTab('standardsExplorer.copyClauseLink'),
    'standardsExplorer.clauseTab.insertReference': onTab('standardsExplorer.insertReference'),
    'standardsExplorer.clauseTab.pin': onTab('standardsExplorer.pin'),
    'standardsExplorer.clauseTab.unpin': onTab('standardsExplorer.unpin'),
    'standardsExplorer.openClause': async (arg, options) => {
      const ref = await choose.clause(arg, vscode.l10n.t('Open Clause'));
      if (!ref) return;
      await pages.open(ref, asAnchor(options));
      await clauseOpened();
    },
    'standardsExplorer.openClauseJson': async (arg) => {
      const ref = await choose.clause(arg, vscode.l10n.t('Open Clause JSON to the Side'));
      if (!ref) return undefined;
      const label = documentName(ref, ref.standardReference);
      const uri = clauseDocumentUri(ref.urn, ref.clauseId, label);
      await clauseOpened();
      const document = await vscode.workspace.openTextDocument(uri);
      if (document.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(document, 'json');
      await vscode.window.showTextDocument(document, { viewColumn: sideColumn(), preview: true });
      return uri;
    },
    'standardsExplorer.openClauseText': async (arg) => {
      const ref = await clauseOf(choose, arg, vscode.l10n.t('Open Clause as Text to the Side'));
      if (!ref) return undefined;
      const label = documentName({ number: ref.number, title: ref.title ?? '', types: ref.types ?? [] }, ref.standardReference);
      const uri = clauseDocumentUri(ref.urn, ref.clauseId, label, 'markdown');
      const document = await vscode.workspace.openTextDocument(uri);
      if (document.languageId !== 'markdown') await vscode.languages.setTextDocumentLanguage(document, 'markdown');
      await vscode.window.showTextDocument(document, { viewColumn: sideColumn(), preview: true });
      return uri;
    },
    'standardsExplorer.copyUrn': async (arg) => {
      const ref = await choose.standard(arg, vscode.l10n.t('Copy URN'));
      if (!ref) return undefined;
      await vscode.env.clipboard.writeText(ref.urn);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', ref.urn), 3000);
      return ref.urn;
    },
    'standardsExplorer.copyClauseLink': async (arg) => {
      const ref = await choose.clause(arg, vscode.l10n.t('Copy Clause Link'));
      if (!ref) return undefined;
      if (!ref.id) throw new Error(vscode.l10n.t('This clause has no @id to copy.'));
      const problem = clauseLinkProblem(ref.id, session.baseUrl);
      if (problem)
        throw new Error(
          vscode.l10n.t(
            'Not copied: the clause @id {0} is not a safe link ({1}). Copy URN or Insert Reference in the plain format still work.',
            linkForMessage(ref.id),
            problem,
          ),
        );
      await vscode.env.clipboard.writeText(ref.id);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', ref.id), 3000);
      return ref.id;
    },
    'standardsExplorer.insertReference': async (arg) => {
      const ref = await choose.clause(arg, vscode.l10n.t('Insert Reference'));
      return ref ? insertClause(ref) : undefined;
    },
    'standardsExplorer.insertScopeReference': async (arg) => {
      const standard = await choose.standard(arg, vscode.l10n.t('Insert Scope Reference'));
      return standard ? insertClause(await sectionOf(standard, SECTION_TYPES.Scope)) : undefined;
    },
    'standardsExplorer.insertSectionReference': async (arg, sectionArg) => {
      const standard = await choose.standard(arg, vscode.l10n.t('Insert Section Reference'));
      const section = standard && (asSection(sectionArg) ?? (await choose.section(vscode.l10n.t('Insert Section Reference'))));
      return standard && section ? insertClause(await sectionOf(standard, section)) : undefined;
    },
    'standardsExplorer.openSection': async (arg, sectionArg) => {
      const standard = await choose.standard(arg, vscode.l10n.t('Open Section'));
      const section = standard && (asSection(sectionArg) ?? (await choose.section(vscode.l10n.t('Open Section'))));
      if (standard && section) await pages.open(await sectionOf(standard, section));
    },
  };
}

/** `{ anchor: "3.1" }` given with Open Clause: a subclause or term number, a term, an identifier (core/document/anchors.ts). */
function asAnchor(arg: unknown): string | undefined {
  const anchor = typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? (arg as { anchor?: unknown }).anchor : undefined;
  return typeof anchor === 'string' && anchor.trim() && anchor.length <= 2048 ? anchor : undefined;
}

/**
 * Beside the clause tab (or editor) the user is in; from a clause document already beside, in its own group: a
 * document opened from another does not add a column each time.
 */
function sideColumn(): vscode.ViewColumn {
  return vscode.window.activeTextEditor?.document.uri.scheme === STANDARDS_SCHEME ? vscode.ViewColumn.Active : vscode.ViewColumn.Beside;
}

/**
 * What the tab's title bar (nothing, or the editor's resource and group) or the page's context menu (`{ webview }`)
 * gives an action: not a clause.
 */
function isEditorContext(arg: unknown): boolean {
  return arg === undefined || arg instanceof vscode.Uri || (typeof arg === 'object' && arg !== null && ('groupId' in arg || 'webview' in arg));
}

/** A section given by automation: a SectionType, a type name ("corext:Scope") or a label ("Scope"). */
function asSection(arg: unknown): SectionType | undefined {
  if (typeof arg === 'string') {
    const match = Object.values(SECTION_TYPES).find((s) => s.type === arg || s.label.toLowerCase() === arg.toLowerCase());
    return match ?? { type: arg, label: sectionLabel([arg]) };
  }
  if (typeof arg === 'object' && arg !== null && typeof (arg as SectionType).type === 'string') return arg as SectionType;
  return undefined;
}

/** A clause has been read, however it was opened (tree, page link, palette): the walkthrough's step is done. */
function clauseOpened(): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', 'standardsExplorer.clauseOpened', true);
}
