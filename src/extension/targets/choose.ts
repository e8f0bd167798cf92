/**
 * Which standard or clause a command acts on: its argument (a ref or a tree node), else the tree's selection, else
 * the user's choice in a QuickPick.
 */
import * as vscode from 'vscode';
import type { CatalogueStore } from '../catalogue/catalogueStore';
import { clauseHeading, standardLabel } from '../../core/labels';
import { pickStandard } from '../catalogue/standardPicker';
import { clauseRefOf, type ClauseRef, type StandardRef } from '../../core/model';
import { SECTION_LIST, sectionLabel, type SectionType } from '../../core/service/sections';
import type { Clause } from '../../core/service/types';
import type { ServiceAccess } from '../connection/serviceAccess';
import type { TreeNode } from './nodes';
import { withDelayedProgress } from '../commands/progress';
import { displayText, inertText } from '../../core/service/displayText';
import { STANDARDS_SCHEME, parseStandardsUri } from '../documents/standardsUri';
import { asClauseRef, asStandardRef } from './refs';

export interface Chooser {
  standard(arg: unknown, title: string): Promise<StandardRef | undefined>;
  clause(arg: unknown, title: string): Promise<ClauseRef | undefined>;
  section(title: string): Promise<SectionType | undefined>;
  /** The clauses of a standard, with progress when slow. */
  clausesOf(standard: StandardRef): Promise<Clause[]>;
}

export function createChooser(session: ServiceAccess, catalogue: CatalogueStore, selection: () => readonly TreeNode[]): Chooser {
  const chooser: Chooser = {
    async standard(arg, title) {
      const given = asStandardRef(arg) ?? asStandardRef(selection()[0]);
      if (given) return given;
      const entry = await pickStandard(catalogue, title);
      return entry && { urn: entry.urn, reference: entry.reference, title: entry.title, position: entry.position };
    },

    async clause(arg, title) {
      const given = asClauseRef(arg) ?? asClauseRef(selection()[0]);
      if (given) return given;
      const standard = await chooser.standard(undefined, title);
      if (!standard) return undefined;
      const clauses = await chooser.clausesOf(standard);
      const picked = await vscode.window.showQuickPick(
        clauses.map((clause) => ({
          label: inertText(clauseHeading(clause)),
          description: sectionLabel(clause.types),
          clause,
        })),
        { title, placeHolder: vscode.l10n.t('Choose a clause of {0}', standardLabel(standard)), matchOnDescription: true },
      );
      return picked && clauseRefOf(standard, picked.clause);
    },

    async section(title) {
      const picked = await vscode.window.showQuickPick(
        SECTION_LIST.filter((s) => s.type !== 'corext:Clause').map((section) => ({ label: section.label, description: section.type, section })),
        { title, placeHolder: vscode.l10n.t('Which section?') },
      );
      return picked?.section;
    },

    clausesOf(standard) {
      return withDelayedProgress(vscode.l10n.t('Loading the clauses of {0}', standardLabel(standard)), async (signal) =>
        (await session.service()).listClauses(standard.urn, signal),
      );
    },
  };
  return chooser;
}

/** The clause of a command's argument: a `standards:` document's URI (editor title buttons), else as Chooser reads it. */
export function clauseOf(choose: Chooser, arg: unknown, title: string): Promise<ClauseRef | undefined> {
  return arg instanceof vscode.Uri ? clauseOfDocument(choose, arg) : choose.clause(arg, title);
}

/** The clause a `standards:` document shows. */
async function clauseOfDocument(choose: Chooser, uri: vscode.Uri): Promise<ClauseRef> {
  const path = uri.scheme === STANDARDS_SCHEME ? parseStandardsUri(uri) : undefined;
  if (path?.kind !== 'clause') throw new Error(vscode.l10n.t('Compare with Another Edition works on a clause: open one from the Standards view first.'));
  const standard = { urn: path.urn };
  const clause = (await choose.clausesOf(standard)).find((c) => c.clauseId === path.clauseId);
  if (!clause) throw new Error(vscode.l10n.t('The clause {0} is no longer listed by {1}.', displayText(path.clauseId), displayText(path.urn)));
  return clauseRefOf(standard, clause);
}
