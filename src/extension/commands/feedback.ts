/** How commands report progress and failures to the user. */
import * as vscode from 'vscode';
import { showFailure } from '../notify';
import { SettingError, openSetting } from '../config';
import { SecretStoreError } from '../credentials';
import { errorText, noticeText } from '../errorText';
import { isServiceError } from '../../core/service/errors';
import { DOCTOR_KINDS } from '../../core/doctor/kinds';
import { NotConnectedError } from '../session';

// Kept apart (progress.ts) so that lazy features use it without this module's error classes.
export { withDelayedProgress } from './progress';

/** True for failures that need no message: the user cancelled. */
function isCancellation(error: unknown): boolean {
  return (isServiceError(error) && error.kind === 'cancelled') || (error instanceof Error && (error.name === 'Cancelled' || error.name === 'Canceled'));
}

/** Shows `error` with the actions that fix it. */
export async function showError(error: unknown, log: vscode.LogOutputChannel): Promise<void> {
  if (isCancellation(error)) return;
  // The log gets the whole message, with what the server said; the notification our words only.
  log.error(errorText(error));
  const message = noticeText(error);
  const signIn = vscode.l10n.t('Sign In…');
  const sandbox = vscode.l10n.t('Connect to Local Sandbox');
  const settings = vscode.l10n.t('Open Settings');
  const showLog = vscode.l10n.t('Show Log');
  const doctor = vscode.l10n.t('Connection Doctor');
  let actions: string[] = [showLog];
  if (error instanceof SettingError) actions = [settings];
  else if (error instanceof NotConnectedError) actions = [signIn, sandbox];
  else if (error instanceof SecretStoreError) actions = [showLog];
  else if (isServiceError(error) && error.kind === 'auth') actions = [signIn, doctor, showLog];
  else if (isServiceError(error) && DOCTOR_KINDS.has(error.kind)) actions = [doctor, showLog];
  const choice = await showFailure(message, ...actions);
  if (choice === settings && error instanceof SettingError) await openSetting(error.setting);
  else if (choice === signIn) await vscode.commands.executeCommand('standardsExplorer.signIn');
  else if (choice === sandbox) await vscode.commands.executeCommand('standardsExplorer.connectSandbox');
  else if (choice === doctor) await vscode.commands.executeCommand('standardsExplorer.connectionDoctor');
  else if (choice === showLog) log.show();
}

/** Registers a command whose failures are shown with the actions that fix them, never as a stack trace. */
export function registerCommand(id: string, handler: (...args: unknown[]) => unknown, log: vscode.LogOutputChannel): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await handler(...args);
    } catch (error) {
      // Not awaited: the command is over; the message waits for the user on its own.
      void showError(error, log);
      return undefined;
    }
  });
}

/** A command's handler; what it returns is for automation and tests. */
export type CommandHandler = (...args: unknown[]) => unknown;

/** A feature's table of commands (command id → handler), each registered as registerCommand does. */
export function registerCommands(commands: Record<string, CommandHandler>, log: vscode.LogOutputChannel): vscode.Disposable {
  return vscode.Disposable.from(...Object.entries(commands).map(([id, handler]) => registerCommand(id, handler, log)));
}
