/** The connection in the status bar; a click opens the action that fits the state, or the connection's menu. */
import * as vscode from 'vscode';
import { inertText } from '../core/service/displayText';
import { registerCommands } from './commands/feedback';
import type { ConnectionState } from './connection/connectionStatus';
import type { ConnectionFacts } from './connection/serviceAccess';

export function registerStatusBar(context: vscode.ExtensionContext, session: ConnectionFacts, log: vscode.LogOutputChannel): void {
  context.subscriptions.push(
    createStatusBar(session),
    registerCommands({ 'standardsExplorer.connectionMenu': () => connectionMenu(session), 'standardsExplorer.showLog': () => log.show() }, log),
  );
}

/** What the status bar item shows for a state: its text, tooltip (what to do), click and background colour. */
export interface ConnectionLook {
  text: string;
  tooltip: string;
  command: string;
  /** A theme colour id, for the states to notice. */
  background?: 'statusBarItem.warningBackground' | 'statusBarItem.errorBackground';
}

export function connectionLook(state: ConnectionState, environmentName: string): ConnectionLook {
  switch (state.kind) {
    case 'signedOut':
      return {
        text: `$(book) ${vscode.l10n.t('Standards: not signed in')}`,
        tooltip: vscode.l10n.t('Sign in to the Standards Content Service, or connect to the local sandbox'),
        command: 'standardsExplorer.signIn',
      };
    case 'ready':
    case 'connected': {
      const where = state.sandbox ? vscode.l10n.t('{0} (sandbox)', state.host) : vscode.l10n.t('{0}: {1}', environmentName, state.host);
      return {
        text: `$(book) ${inertText(where)}`,
        tooltip: state.kind === 'connected' ? vscode.l10n.t('Connected to {0}', where) : vscode.l10n.t('Configured for {0}', where),
        command: 'standardsExplorer.connectionMenu',
      };
    }
    case 'offline':
      // Not an error: what was pinned is still read. Warning colour, and the tooltip says what brings the service back.
      return {
        text: `$(cloud-offline) ${vscode.l10n.t('Standards: offline — reading saved copies')}`,
        tooltip: state.sandbox
          ? vscode.l10n.t(
              'The local sandbox at {0} has stopped: pinned standards are read from the copies saved on this machine. Click to start the sandbox again.',
              state.host,
            )
          : vscode.l10n.t(
              '{0} cannot be reached: pinned standards are read from the copies saved on this machine. Check your network, VPN or proxy; click to run the Connection Doctor, which finds out why.',
              state.host,
            ),
        command: state.sandbox ? 'standardsExplorer.connectSandbox' : 'standardsExplorer.connectionDoctor',
        background: 'statusBarItem.warningBackground',
      };
    case 'error':
      return {
        text: `$(error) ${vscode.l10n.t('Standards: error')}`,
        tooltip: `${state.message}\n${vscode.l10n.t('Click for the connection menu; "Standards: Connection Doctor" finds out why.')}`,
        command: 'standardsExplorer.connectionMenu',
        background: 'statusBarItem.errorBackground',
      };
  }
}

function createStatusBar(session: ConnectionFacts): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('standardsExplorer.connection', vscode.StatusBarAlignment.Left, 10);
  item.name = vscode.l10n.t('Standards Explorer connection');
  const show = (state: ConnectionState): void => {
    const look = connectionLook(state, session.environment.name);
    item.text = look.text;
    item.tooltip = look.tooltip;
    item.command = look.command;
    item.backgroundColor = look.background ? new vscode.ThemeColor(look.background) : undefined;
    item.show();
  };
  show(session.state);
  const subscription = session.onDidChangeState(show);
  // An environment switch to the same host changes no state but the name shown.
  const environment = session.onDidChange(() => show(session.state));
  return vscode.Disposable.from(item, subscription, environment);
}

/** The menu behind a click on the status bar item. */
async function connectionMenu(session: ConnectionFacts): Promise<void> {
  const state = session.state;
  const items: Array<vscode.QuickPickItem & { command: string }> = [
    {
      label: `$(server-environment) ${vscode.l10n.t('Switch Environment…')}`,
      description: session.isSandbox ? vscode.l10n.t('Local sandbox') : session.environment.name,
      command: 'standardsExplorer.switchEnvironment',
    },
    { label: `$(refresh) ${vscode.l10n.t('Refresh')}`, command: 'standardsExplorer.refresh' },
    { label: `$(search) ${vscode.l10n.t('Find Standard…')}`, command: 'standardsExplorer.findStandard' },
    { label: `$(output) ${vscode.l10n.t('Show Log')}`, command: 'standardsExplorer.showLog' },
    { label: `$(key) ${vscode.l10n.t('Sign In…')}`, command: 'standardsExplorer.signIn' },
    { label: `$(sign-out) ${vscode.l10n.t('Sign Out')}`, command: 'standardsExplorer.signOut' },
  ];
  // A QuickPick title shows $(icon) glyphs: the error's words and the host come from outside, so they are made inert.
  const title = inertText(state.kind === 'error' ? state.message : state.kind === 'signedOut' ? vscode.l10n.t('Not signed in') : state.host);
  const picked = await vscode.window.showQuickPick(items, { title });
  if (picked) await vscode.commands.executeCommand(picked.command);
}
