/**
 * Every notification of the extension goes through here, progress notifications included (lint rules forbid
 * vscode.window.show…Message and a withProgress in a notification elsewhere). VS Code renders `[label](command:…)`
 * in a notification — its message, and a progress notification's title and reported messages — as a link that runs
 * the command: a message that quotes a server (an error detail, a title) or the workspace (a citation's text) could
 * hand the user a one-click command with the attacker's arguments. So all of that text is made inert (inertText):
 * brackets show as brackets, never as a link. Our own messages carry no links.
 */
import * as vscode from 'vscode';
import { inertText } from '../core/service/displayText';
import { withInertProgress, type NotificationProgressOptions, type ProgressTask } from './inertProgress';

type Rest = string[] | [vscode.MessageOptions, ...string[]];

const SHOWN = Symbol.for('standardsExplorer.shownMessages');

/**
 * The messages shown, newest last (bounded), so the extension's tests can read what a user saw. On globalThis:
 * lazily loaded bundles carry their own copy of this module, and all of them must fill the one list.
 */
export const shownMessages: string[] = ((globalThis as { [SHOWN]?: string[] })[SHOWN] ??= []);
const KEPT = 50;

function inert(message: string, rest: Rest): [string, ...Rest] {
  const text = inertText(message);
  shownMessages.push(text);
  if (shownMessages.length > KEPT) shownMessages.shift();
  const [first, ...items] = rest;
  if (first !== undefined && typeof first !== 'string') {
    const options: vscode.MessageOptions = first.detail === undefined ? first : { ...first, detail: inertText(first.detail) };
    return [text, options, ...(items as string[])];
  }
  return [text, ...(rest as string[])];
}

export function showInformation(message: string, ...rest: Rest): Thenable<string | undefined> {
  const [text, ...args] = inert(message, rest);
  return vscode.window.showInformationMessage(text, ...(args as [vscode.MessageOptions, ...string[]]));
}

export function showWarning(message: string, ...rest: Rest): Thenable<string | undefined> {
  const [text, ...args] = inert(message, rest);
  return vscode.window.showWarningMessage(text, ...(args as [vscode.MessageOptions, ...string[]]));
}

export function showFailure(message: string, ...rest: Rest): Thenable<string | undefined> {
  const [text, ...args] = inert(message, rest);
  return vscode.window.showErrorMessage(text, ...(args as [vscode.MessageOptions, ...string[]]));
}

/** vscode.window.withProgress in a notification, its title and every message reported to it made inert. */
export function withNotificationProgress<R>(options: NotificationProgressOptions, task: ProgressTask<R>): Thenable<R> {
  return withInertProgress(vscode.window.withProgress, vscode.ProgressLocation.Notification, options, task);
}
