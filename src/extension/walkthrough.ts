/** The walkthrough (package.json `walkthroughs`): its command (the steps it marks done are the features' own). */
import * as vscode from 'vscode';
import { registerCommands } from './commands/feedback';

/** The walkthrough of package.json, as `workbench.action.openWalkthrough` names it: extension id # walkthrough id. */
const WALKTHROUGH = 'standards-explorer.standards-explorer#standardsExplorer.start';

export function registerWalkthrough(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  context.subscriptions.push(
    registerCommands({ 'standardsExplorer.getStarted': () => vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false) }, log),
  );
}
