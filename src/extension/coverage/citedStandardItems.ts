/**
 * The standards the workspace cites, as Show Coverage of a Standard… offers them. A QuickPick renders `$(name)` in
 * a label, description or detail as an icon, and the reference and title quote the workspace and the server: they
 * go in inert (inertText), as in the other pickers. Pure (vscode types only), so the items are tested in Node.
 */
import type * as vscode from 'vscode';
import { displayText, inertText } from '../../core/service/displayText';
import type { CitedStandard, CoveredStandard } from './workspaceCoverage';

export type CitedStandardItem = vscode.QuickPickItem & { standard: CoveredStandard };

/** The item of one cited standard; `description` is the caller's words for its count ("3 references"). */
export function citedStandardItem(standard: CitedStandard, description: string): CitedStandardItem {
  return {
    label: inertText(displayText(standard.reference)),
    description,
    detail: inertText(displayText(standard.title)),
    standard: { urn: standard.urn, reference: standard.reference },
  };
}
