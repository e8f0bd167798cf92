/** Accounts: Sign In…, Sign Out, Connect to Local Sandbox, and the service in VS Code's Accounts menu. */
import * as vscode from 'vscode';
import { registerCommands } from '../commands/feedback';
import { AUTH_PROVIDER_ID, StandardsAuthProvider } from './authProvider';
import { connectSandbox, signIn, signOut, type AccountDeps } from './signIn';

export function registerAccounts(context: vscode.ExtensionContext, deps: AccountDeps): StandardsAuthProvider {
  const auth = new StandardsAuthProvider(deps.session, deps.credentials, () => signIn(deps));
  context.subscriptions.push(
    auth,
    vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, vscode.l10n.t('Standards Content Service'), auth, {
      supportsMultipleAccounts: false,
    }),
    registerCommands(
      {
        'standardsExplorer.signIn': (arg) => signIn(deps, arg),
        'standardsExplorer.signOut': () => signOut(deps),
        'standardsExplorer.connectSandbox': () => connectSandbox(deps),
      },
      deps.log,
    ),
  );
  return auth;
}
