/** Sign In…, Sign Out and Connect to Local Sandbox. */
import * as vscode from 'vscode';
import { displayText } from '../../core/service/displayText';
import type { CallerConfirmation } from '../callerConfirmation';
import { showFailure, showInformation, withNotificationProgress } from '../notify';
import { SECTION, urlProblem, type Config } from '../config';
import { SecretStoreError, type CredentialStore, type Credentials } from '../credentials';
import { isHeaderName } from '../../core/service/index';
import { hostOf } from '../../core/labels';
import type { ConnectionControl } from '../connection/serviceAccess';
import { withDelayedProgress } from '../commands/feedback';

/** For automation (tests, scripts): everything Sign In would ask for. */
export interface SignInArgs {
  clientId: string;
  clientSecret: string;
  apiKey?: string;
  baseUrl?: string;
  tokenUrl?: string;
}

/** What the account commands use: the connection they change, where credentials and settings are kept, the log. */
export interface AccountDeps {
  session: ConnectionControl;
  credentials: CredentialStore;
  config: Config;
  log: vscode.LogOutputChannel;
  /** Asks before credentials a caller passed are sent anywhere. */
  confirmation: CallerConfirmation;
}

function isSignInArgs(arg: unknown): arg is SignInArgs {
  const a = arg as Partial<SignInArgs> | undefined;
  return typeof a?.clientId === 'string' && typeof a.clientSecret === 'string';
}

export async function signIn(deps: AccountDeps, arg?: unknown): Promise<boolean> {
  const { session, log } = deps;
  const given = isSignInArgs(arg) ? arg : await askCredentials(deps);
  if (!given) return false;
  if (isSignInArgs(arg) && !(await confirmCallerSignIn(deps, arg))) return false;
  const { baseUrl, tokenUrl, ...rest } = given;
  const credentials: Credentials = { clientId: rest.clientId.trim(), clientSecret: rest.clientSecret, apiKey: rest.apiKey || undefined };
  try {
    await session.signIn(credentials, { baseUrl, tokenUrl });
  } catch (error) {
    if (!(error instanceof SecretStoreError)) throw error;
    // The keychain failed: the session still uses what was typed; say how to make it stick.
    const retry = vscode.l10n.t('Retry Saving');
    void showFailure(error.message, retry).then(async (choice) => {
      const pending = deps.credentials.pending;
      if (choice === retry && pending) await signIn(deps, pending);
    });
  }
  // Check the credentials at once, so a typo shows now and not in the tree.
  await withDelayedProgress(
    vscode.l10n.t('Signing in to {0}', hostOf(session.settings().baseUrl)),
    async (signal) => {
      const service = await session.service();
      await service.listStandards({ limit: 1, offset: 0 }, signal);
    },
    300,
  );
  log.info(`Signed in to ${hostOf(session.settings().baseUrl)} as client ${credentials.clientId}`);
  void showInformation(vscode.l10n.t('Signed in to {0}.', hostOf(session.settings().baseUrl)));
  return true;
}

/** Credentials from a caller: sent only when the user agrees, knowing to which hosts. */
function confirmCallerSignIn({ session, confirmation }: AccountDeps, arg: SignInArgs): Promise<boolean> {
  const settings = session.settings();
  const tokenHost = hostOf(arg.tokenUrl?.trim() || settings.tokenUrl) || vscode.l10n.t('(no token URL set)');
  const serviceHost = hostOf(arg.baseUrl?.trim() || settings.baseUrl) || vscode.l10n.t('(no base URL set)');
  return confirmation.confirm(
    vscode.l10n.t(
      'A link or another extension asks to sign in as client "{0}": its secret would be sent to {1}, and requests to {2}. Sign in?',
      displayText(arg.clientId).slice(0, 80),
      tokenHost,
      serviceHost,
    ),
    vscode.l10n.t('Sign In'),
  );
}

async function askCredentials({ session, credentials, config }: AccountDeps): Promise<SignInArgs | undefined> {
  const settings = session.settings();
  const total = 3 + (settings.baseUrl ? 0 : 1) + (settings.tokenUrl ? 0 : 1);
  let step = 1;
  const title = vscode.l10n.t('Sign in to the Standards Content Service');
  const ask = (options: vscode.InputBoxOptions): Thenable<string | undefined> =>
    vscode.window.showInputBox({ title: `${title} (${step++}/${total})`, ignoreFocusOut: true, ...options });

  let baseUrl: string | undefined;
  if (!settings.baseUrl) {
    baseUrl = await ask({
      prompt: vscode.l10n.t('Base URL of the service, up to (not including) /v1'),
      placeHolder: 'https://api.example.com/preprod',
      validateInput: (v) => (v.trim() ? urlProblem('baseUrl', v.trim()) : vscode.l10n.t('Enter the base URL.')),
    });
    if (baseUrl === undefined) return undefined;
  }
  let tokenUrl: string | undefined;
  if (!settings.tokenUrl) {
    tokenUrl = await ask({
      prompt: vscode.l10n.t('Token URL of the identity provider'),
      placeHolder: 'https://login.example.com/oauth2/token',
      validateInput: (v) => (v.trim() ? urlProblem('tokenUrl', v.trim()) : vscode.l10n.t('Enter the token URL.')),
    });
    if (tokenUrl === undefined) return undefined;
  }
  const clientId = await ask({
    prompt: vscode.l10n.t('Client ID (CLIENT_ID)'),
    // Only the ID entered for this token URL: another endpoint's client is no default.
    value: credentials.clientId(session.endpoint) ?? '',
    validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter the client ID.')),
  });
  if (clientId === undefined) return undefined;
  const clientSecret = await ask({
    prompt: vscode.l10n.t(
      'Client secret (CLIENT_SECRET), sent only to {0}. It is kept in the system keychain, never in settings.',
      hostOf(tokenUrl?.trim() || settings.tokenUrl) || vscode.l10n.t('the token URL'),
    ),
    password: true,
    validateInput: (v) => (v ? undefined : vscode.l10n.t('Enter the client secret.')),
  });
  if (clientSecret === undefined) return undefined;
  const apiKey = await ask({
    prompt: settings.apiKeyHeader
      ? vscode.l10n.t('API key sent in the {0} header (leave empty if your subscription needs none)', settings.apiKeyHeader)
      : vscode.l10n.t('API key, if your subscription needs one (leave empty otherwise)'),
    password: true,
  });
  if (apiKey === undefined) return undefined;
  if (apiKey && !settings.apiKeyHeader) {
    const header = await vscode.window.showInputBox({
      title,
      ignoreFocusOut: true,
      prompt: vscode.l10n.t('Name of the header that carries the API key (saved in the setting {0}.apiKeyHeader)', SECTION),
      value: 'Ocp-Apim-Subscription-Key',
      validateInput: (v) => (isHeaderName(v.trim()) ? undefined : vscode.l10n.t('Not a valid header name.')),
    });
    if (header === undefined) return undefined;
    await config.setUserValue('apiKeyHeader', header.trim());
  }
  return { clientId, clientSecret, apiKey: apiKey || undefined, baseUrl: baseUrl?.trim(), tokenUrl: tokenUrl?.trim() };
}

export async function signOut({ session, log }: AccountDeps): Promise<void> {
  await session.signOut();
  log.info('Signed out');
  void showInformation(vscode.l10n.t('Signed out of the Standards Content Service.'));
}

export async function connectSandbox({ session, log }: AccountDeps): Promise<string> {
  let gone: string | undefined;
  const info = await withNotificationProgress({ title: vscode.l10n.t('Starting the local sandbox'), cancellable: true }, (progress, token) => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    return session.connectSandbox(controller.signal, (why) => {
      gone = why;
      progress.report({ message: vscode.l10n.t('the sandbox this editor was started with has stopped ({0}); starting a new one…', why) });
    });
  });
  log.info(`Connected to the local sandbox at ${hostOf(info.baseUrl)}`);
  if (gone)
    void showInformation(
      vscode.l10n.t('The sandbox this editor was started with has stopped ({0}). A new local sandbox is running at {1}.', gone, hostOf(info.baseUrl)),
    );
  return info.baseUrl;
}
