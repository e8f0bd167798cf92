/**
 * The commands on one clause or standard (open, copy, insert a reference): registered at activation, their work
 * loaded with the first of them (clauseCommands.lazy.ts).
 */
import type * as vscode from 'vscode';
import { onFirstUse } from '../../core/lifecycle';
import { registerCommands, type CommandHandler } from '../commands/feedback';
import { TargetEditor } from '../commands/targetEditor';
import { CLAUSE_COMMANDS } from './clauseCommandIds';
import type { ClauseCommandsDeps } from './clauseCommands';
import type * as ClauseCommandsBundle from './clauseCommands.lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const clauseCommandsBundle = onFirstUse(() => require('./clauseCommands.lazy') as typeof ClauseCommandsBundle);

export function registerClauseCommands(context: vscode.ExtensionContext, deps: Omit<ClauseCommandsDeps, 'target'> & { log: vscode.LogOutputChannel }): void {
  const target = new TargetEditor();
  const commands = onFirstUse(() => clauseCommandsBundle().clauseCommands({ ...deps, target }));
  const table: Record<string, CommandHandler> = {};
  for (const id of CLAUSE_COMMANDS) table[id] = (...args) => commands()[id](...args);
  context.subscriptions.push(target, registerCommands(table, deps.log));
}
