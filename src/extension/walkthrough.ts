/**
 * The walkthrough (package.json `walkthroughs`): its command (the steps it marks done are the features' own), and
 * Get Started opened once on the first activation of an editor started with a sandbox of its own (`npm run demo`
 * sets STANDARDS_EXPLORER_SANDBOX): there a newcomer is meant to be guided from the first minute.
 */
import * as vscode from 'vscode';
import { registerCommands } from './commands/feedback';
import { environmentVariable } from '../core/runtime';

/** The walkthrough of package.json, as `workbench.action.openWalkthrough` names it: extension id # walkthrough id. */
const WALKTHROUGH = 'standards-explorer.standards-explorer#standardsExplorer.start';
/** Set once Get Started was opened for the demo, so it is not opened again on the next start of the same profile. */
const OPENED_KEY = 'standardsExplorer.walkthroughOpened';

export function registerWalkthrough(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  const open = (): Thenable<unknown> => vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false);
  context.subscriptions.push(registerCommands({ 'standardsExplorer.getStarted': open }, log));
  if (environmentVariable('STANDARDS_EXPLORER_SANDBOX') && !context.globalState.get<boolean>(OPENED_KEY)) {
    void context.globalState.update(OPENED_KEY, true);
    void Promise.resolve(open()).catch((error: unknown) => log.warn(`Get Started was not opened: ${error instanceof Error ? error.message : String(error)}`));
  }
}
