/**
 * Every command of the extension in one table, registered in one loop; each runs behind the same error handling
 * (a message with the action that fixes it, never a stack trace).
 */
import * as vscode from 'vscode';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { clauseLinkProblem, linkForMessage } from '../../core/clauseLinks';
import { openSetting, settingToEdit } from '../config';
import { pickStandard } from '../catalogue/standardPicker';
import { StandardsFileSystem } from '../documents/standardsFileSystem';
import { clauseRefOf, standardRefOf, type ClauseRef, type StandardRef } from '../../core/model';
import { documentLabel, standardLabel } from '../../core/labels';
import { formatReference } from '../../core/references';
import { SECTION_TYPES, hasType, sectionLabel, type SectionType } from '../../core/service/index';
import type { Session } from '../session';
import { connectionMenu } from '../statusBar';
import type { MessageNode, TreeNode } from '../tree/nodes';
import type { StandardsModel } from '../tree/standardsModel';
import { VIEW_ID } from '../tree/standardsTree';
import type { ClausePages } from '../webview/clausePage';
import { createChooser, type Chooser } from './choose';
import type { CompareOptions } from './compare';
import {
  addEnvironment,
  clauseOf,
  collectTerms,
  compareWithEdition,
  copyDoctorReport,
  goToTerm,
  removeEnvironment,
  renameEnvironment,
  runConnectionDoctor,
  switchEnvironment,
  toggleCompareFormat,
} from '../lazy';
import type { TermStore } from '../../core/terms/termStore';
import type { CatalogueArrangement } from '../tree/catalogueArrangement';
import { catalogueViewCommands } from './catalogueView';
import { registerCommand } from './feedback';
import { asStandardRef } from './refs';
import { connectSandbox, signIn, signOut } from './signIn';
import { TargetEditor } from './targetEditor';

export interface CommandDeps {
  session: Session;
  model: StandardsModel;
  view: vscode.TreeView<TreeNode>;
  catalogue: CatalogueStore;
  /** The catalogue grouped, sorted and filtered in the tree. */
  arranged: CatalogueArrangement;
  pages: ClausePages;
  log: vscode.LogOutputChannel;
  /** Where the extension's pages find their script and styles (the Connection Doctor's report). */
  extensionUri: vscode.Uri;
  /** Terms of the Terms-and-definitions clauses read so far (Go to Term). */
  terms: TermStore;
  /** Adds more terms before Go to Term lists them (those of pinned standards); a failure there only goes to the log. */
  beforeGoToTerm?(): Promise<unknown>;
}

/** For automation: Find Standard with a query and no UI. */
interface FindArgs {
  query: string;
}

type Handler = (...args: unknown[]) => unknown;

/** A clause has been read, however it was opened (tree, page link, palette): the walkthrough's step is done. */
function clauseOpened(): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', 'standardsExplorer.clauseOpened', true);
}

/** The walkthrough of package.json, as `workbench.action.openWalkthrough` names it: extension id # walkthrough id. */
const WALKTHROUGH = 'standards-explorer.standards-explorer#standardsExplorer.start';

export function registerCommands(deps: CommandDeps): vscode.Disposable {
  const { session, model, view, catalogue, arranged, pages, log, terms, extensionUri } = deps;
  const target = new TargetEditor();
  const choose: Chooser = createChooser(session, catalogue, () => view.selection);

  /** Reveals the record at `position` when it is the URN's (the one the user came from), else the URN's best record. */
  const reveal = async (urn: string, position?: number): Promise<StandardRef | undefined> => {
    const index = await catalogue.get();
    const given = position !== undefined ? index.entries[position] : undefined;
    const entry = given?.urn === urn ? given : index.bestForUrn(urn);
    if (!entry) {
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} is not in the catalogue index. Rebuild it from Find Standard… if the catalogue changed.', urn));
      return undefined;
    }
    // In the organised catalogue when the tree shows it, else in the service's paged list.
    const organised = await arranged.nodeFor(entry.position);
    if (organised === 'hidden') {
      void vscode.window.showInformationMessage(
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

  const insertClause = async (ref: ClauseRef): Promise<string> => {
    let format = session.settings().referenceFormat;
    if (!ref.id) throw new Error(vscode.l10n.t('This clause has no @id to refer to.'));
    // The @id comes from the server: it goes into a document as a link only when it is a safe one.
    const problem = format === 'plain' ? undefined : clauseLinkProblem(ref.id, session.baseUrl);
    if (problem) {
      format = 'plain';
      void vscode.window.showWarningMessage(
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

  const doctor = { session, log, extensionUri, openSetting: (setting: string) => openSetting(settingToEdit(session.settings(), setting)) };

  const commands: Record<string, Handler> = {
    'standardsExplorer.signIn': (arg) => signIn(session, log, arg),
    'standardsExplorer.signOut': () => signOut(session, log),
    'standardsExplorer.switchEnvironment': (arg) => switchEnvironment(session, arg),
    'standardsExplorer.addEnvironment': (arg) => addEnvironment(session, arg),
    'standardsExplorer.renameEnvironment': (arg) => renameEnvironment(session, arg),
    'standardsExplorer.removeEnvironment': (arg) => removeEnvironment(session, arg),
    'standardsExplorer.connectSandbox': () => connectSandbox(session, log),
    'standardsExplorer.refresh': () => model.refresh(),
    'standardsExplorer.showLog': () => log.show(),
    'standardsExplorer.connectionDoctor': () => runConnectionDoctor(doctor),
    'standardsExplorer.copyDoctorReport': () => copyDoctorReport(doctor),
    'standardsExplorer.getStarted': () => vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false),
    'standardsExplorer.connectionMenu': () => connectionMenu(session),
    'standardsExplorer.loadMore': () => vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => model.loadMore()),
    'standardsExplorer.retry': (node) => (node as MessageNode | undefined)?.retry?.(),
    ...catalogueViewCommands(arranged, catalogue),

    'standardsExplorer.findStandard': async (arg) => {
      const query = (arg as FindArgs | undefined)?.query;
      if (typeof query === 'string') {
        const [first] = (await catalogue.get()).search(query, 1);
        return first ? reveal(first.urn, first.position) : undefined;
      }
      const entry = await pickStandard(catalogue, vscode.l10n.t('Find Standard'));
      return entry ? reveal(entry.urn, entry.position) : undefined;
    },
    'standardsExplorer.revealStandard': async (arg) => {
      const ref = asStandardRef(arg);
      return ref ? reveal(ref.urn, ref.position) : undefined;
    },

    'standardsExplorer.openClause': async (arg, options) => {
      const ref = await choose.clause(arg, vscode.l10n.t('Open Clause'));
      if (!ref) return;
      await pages.open(ref, asAnchor(options));
      await clauseOpened();
    },
    'standardsExplorer.toggleCompareFormat': () => toggleCompareFormat(),
    'standardsExplorer.goToTerm': async (arg) => {
      await deps.beforeGoToTerm?.().catch((error: unknown) => log.warn(`Terms of pinned standards: ${error instanceof Error ? error.message : String(error)}`));
      return goToTerm(terms, pages, arg);
    },
    'standardsExplorer.collectTerms': (arg) => collectTerms(terms, choose, session, arg),
    'standardsExplorer.openClauseJson': async (arg) => {
      const ref = await choose.clause(arg, vscode.l10n.t('Open Clause JSON to the Side'));
      if (!ref) return undefined;
      const label = documentLabel(ref, ref.standardReference);
      const uri = StandardsFileSystem.uriFor(ref.urn, ref.clauseId, label);
      await clauseOpened();
      const document = await vscode.workspace.openTextDocument(uri);
      if (document.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(document, 'json');
      await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
      return uri;
    },
    'standardsExplorer.openClauseText': async (arg) => {
      const ref = await clauseOf(choose, arg, vscode.l10n.t('Open Clause as Text to the Side'));
      if (!ref) return undefined;
      const label = documentLabel({ number: ref.number, title: ref.title ?? '', types: ref.types ?? [] }, ref.standardReference);
      const uri = StandardsFileSystem.uriFor(ref.urn, ref.clauseId, label, 'markdown');
      const document = await vscode.workspace.openTextDocument(uri);
      if (document.languageId !== 'markdown') await vscode.languages.setTextDocumentLanguage(document, 'markdown');
      await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
      return uri;
    },
    'standardsExplorer.compareEditions': (arg, options) =>
      compareWithEdition(choose, catalogue, arg, { edition: asCompareOptions(options).edition, format: 'markdown' }),
    'standardsExplorer.compareEditionsJson': (arg, options) =>
      compareWithEdition(choose, catalogue, arg, { edition: asCompareOptions(options).edition, format: 'json' }),
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

  const registrations = Object.entries(commands).map(([id, handler]) => registerCommand(id, handler, log));
  return vscode.Disposable.from(target, ...registrations);
}

/** `{ anchor: "3.1" }` given with Open Clause: a subclause or term number, a term, an identifier (core/document/anchors.ts). */
function asAnchor(arg: unknown): string | undefined {
  const anchor = typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? (arg as { anchor?: unknown }).anchor : undefined;
  return typeof anchor === 'string' && anchor.trim() && anchor.length <= 2048 ? anchor : undefined;
}

/** Options given by automation ({ edition: URN or reference }); a tree's second argument (the selection) is not one. */
function asCompareOptions(arg: unknown): CompareOptions {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return {};
  const edition = (arg as CompareOptions).edition;
  return typeof edition === 'string' ? { edition } : {};
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
