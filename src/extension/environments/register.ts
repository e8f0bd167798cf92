/** Switch, add, rename and remove environments; the commands are loaded on first use (environments.lazy.ts). */
import type * as vscode from 'vscode';
import { registerCommands } from '../commands/feedback';
import { onFirstUse } from '../../core/lifecycle';
import type { EnvironmentDeps } from './environmentCommands';
import type * as EnvironmentsBundle from './environments.lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
const environmentsBundle = onFirstUse(() => require('./environments.lazy') as typeof EnvironmentsBundle);

export function registerEnvironments(context: vscode.ExtensionContext, deps: EnvironmentDeps & { log: vscode.LogOutputChannel }): void {
  context.subscriptions.push(
    registerCommands(
      {
        'standardsExplorer.switchEnvironment': (arg) => environmentsBundle().switchEnvironment(deps, arg),
        'standardsExplorer.addEnvironment': (arg) => environmentsBundle().addEnvironment(deps, arg),
        'standardsExplorer.renameEnvironment': (arg) => environmentsBundle().renameEnvironment(deps, arg),
        'standardsExplorer.removeEnvironment': (arg) => environmentsBundle().removeEnvironment(deps, arg),
      },
      deps.log,
    ),
  );
}
