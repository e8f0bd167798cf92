/**
 * A progress notification made inert, as notify.ts makes messages: VS Code renders `[label](command:…)` in a
 * notification's progress title and in each message reported to it as a link that runs the command, and titles
 * quote servers ("Downloading ISO 1](command:…) [x for offline reading"). Pure (vscode types only): notify.ts hands
 * it VS Code's withProgress, the unit tests a recording one.
 */
import type * as vscode from 'vscode';
import { inertText } from '../core/service/displayText';

/** What a progress notification shows besides its location. */
export interface NotificationProgressOptions {
  title: string;
  cancellable?: boolean;
}

export interface ProgressStep {
  message?: string;
  increment?: number;
}

export type ProgressTask<R> = (progress: vscode.Progress<ProgressStep>, token: vscode.CancellationToken) => Thenable<R>;

/** vscode.window.withProgress, or a stand-in with its shape. */
export type WithProgress = <R>(options: vscode.ProgressOptions, task: ProgressTask<R>) => Thenable<R>;

/** Runs `task` under `withProgress` at `location`, its title and every reported message made inert. */
export function withInertProgress<R>(
  withProgress: WithProgress,
  location: vscode.ProgressLocation,
  options: NotificationProgressOptions,
  task: ProgressTask<R>,
): Thenable<R> {
  return withProgress({ ...options, location, title: inertText(options.title) }, (progress, token) =>
    task({ report: (step) => progress.report(step.message === undefined ? step : { ...step, message: inertText(step.message) }) }, token),
  );
}
