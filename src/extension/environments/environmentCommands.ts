/**
 * Add, rename, remove and switch environments (src/extension/environmentSettings.ts); loaded on first use
 * (environments.lazy.ts); tree/environmentInView.ts names the active one at activation. Each command takes its answers as an argument too, for automation (tests, scripts).
 */
import * as vscode from 'vscode';
import type { CallerConfirmation } from '../callerConfirmation';
import { displayText, inertText } from '../../core/service/displayText';
import { showInformation, showWarning } from '../notify';
import { urlProblem } from '../config';
import { DEFAULT_ENVIRONMENT_ID, type Environment, type EnvironmentSettings } from '../environmentSettings';
import { hostOf } from '../../core/labels';
import { isHeaderName } from '../../core/service/addresses';
import type { ConnectionControl } from '../connection/serviceAccess';
import type { CredentialStore } from '../credentials';

/** What the environment commands change: the connection, the environments in the settings, their credentials. */
export interface EnvironmentDeps {
  session: ConnectionControl;
  environments: EnvironmentSettings;
  credentials: CredentialStore;
  /** Asks before a caller's arguments change where the extension connects. */
  confirmation: CallerConfirmation;
}

export interface AddEnvironmentArgs {
  name: string;
  baseUrl: string;
  tokenUrl: string;
  scope?: string;
  apiKeyHeader?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

function isAddArgs(arg: unknown): arg is AddEnvironmentArgs {
  const a = arg as Partial<AddEnvironmentArgs> | undefined;
  return Boolean(text(a?.name) && text(a?.baseUrl) && text(a?.tokenUrl));
}

/** Adds an environment and switches to it; returns its id (undefined when cancelled). */
export async function addEnvironment(deps: EnvironmentDeps, arg?: unknown): Promise<string | undefined> {
  const given = isAddArgs(arg) ? arg : await askEnvironment(deps);
  if (!given) return undefined;
  for (const key of ['baseUrl', 'tokenUrl'] as const) {
    const problem = urlProblem(key, given[key].trim());
    if (problem) throw new Error(problem);
  }
  const header = given.apiKeyHeader?.trim() ?? '';
  if (header && !isHeaderName(header)) throw new Error(vscode.l10n.t('"{0}" is not a valid HTTP header name.', header));
  if (
    isAddArgs(arg) &&
    !(await deps.confirmation.confirm(
      vscode.l10n.t(
        'A link or another extension asks to add the environment "{0}" and switch to it: requests would go to {1} and credentials to {2}. Add it?',
        displayText(given.name).slice(0, 80),
        hostOf(given.baseUrl.trim()),
        hostOf(given.tokenUrl.trim()),
      ),
      vscode.l10n.t('Add and Switch'),
    ))
  )
    return undefined;
  const added = await deps.environments.add(given.name, {
    baseUrl: given.baseUrl.trim(),
    tokenUrl: given.tokenUrl.trim(),
    scope: given.scope?.trim() || 'openid',
    apiKeyHeader: header,
  });
  await deps.environments.switchTo(added.id);
  if (!isAddArgs(arg)) {
    const signIn = vscode.l10n.t('Sign In…');
    const choice = await showInformation(vscode.l10n.t('Environment "{0}" added and active. Sign in to it now?', added.name), signIn);
    if (choice === signIn) await vscode.commands.executeCommand('standardsExplorer.signIn');
  }
  return added.id;
}

async function askEnvironment(deps: EnvironmentDeps): Promise<AddEnvironmentArgs | undefined> {
  const title = vscode.l10n.t('Add an environment');
  const taken = new Set(deps.environments.all.map((e) => e.name));
  const ask = (step: number, options: vscode.InputBoxOptions): Thenable<string | undefined> =>
    vscode.window.showInputBox({ title: `${title} (${step}/5)`, ignoreFocusOut: true, ...options });
  const name = await ask(1, {
    prompt: vscode.l10n.t('Name of the environment, e.g. Production'),
    validateInput: (v) =>
      !v.trim() ? vscode.l10n.t('Enter a name.') : taken.has(v.trim()) ? vscode.l10n.t('An environment has this name already.') : undefined,
  });
  if (name === undefined) return undefined;
  const baseUrl = await ask(2, {
    prompt: vscode.l10n.t('Base URL of the service, up to (not including) /v1'),
    placeHolder: 'https://api.example.com/prod',
    validateInput: (v) => (v.trim() ? urlProblem('baseUrl', v.trim()) : vscode.l10n.t('Enter the base URL.')),
  });
  if (baseUrl === undefined) return undefined;
  const tokenUrl = await ask(3, {
    prompt: vscode.l10n.t('Token URL of the identity provider'),
    placeHolder: 'https://login.example.com/oauth2/token',
    validateInput: (v) => (v.trim() ? urlProblem('tokenUrl', v.trim()) : vscode.l10n.t('Enter the token URL.')),
  });
  if (tokenUrl === undefined) return undefined;
  const scope = await ask(4, { prompt: vscode.l10n.t('Scope requested with the access token'), value: 'openid' });
  if (scope === undefined) return undefined;
  const apiKeyHeader = await ask(5, {
    prompt: vscode.l10n.t('Header that carries the API key (empty when the subscription needs none)'),
    validateInput: (v) => (!v.trim() || isHeaderName(v.trim()) ? undefined : vscode.l10n.t('Not a valid header name.')),
  });
  if (apiKeyHeader === undefined) return undefined;
  return { name, baseUrl, tokenUrl, scope, apiKeyHeader };
}

/** The environment named by `arg` ({ id } or an id), else the one the user picks. */
async function chosen(
  deps: EnvironmentDeps,
  arg: unknown,
  placeHolder: string,
  filter: (e: Environment) => boolean = () => true,
): Promise<Environment | undefined> {
  const all = deps.environments.all.filter(filter);
  const id = typeof arg === 'string' ? arg : text((arg as { id?: unknown } | undefined)?.id);
  if (id) {
    const found = all.find((e) => e.id === id);
    if (!found) throw new Error(vscode.l10n.t('There is no environment "{0}" to use here.', id));
    return found;
  }
  const active = deps.environments.active.id;
  const picked = await vscode.window.showQuickPick(
    all.map((e) => ({
      label: inertText(e.name),
      description: e.id === active ? vscode.l10n.t('active') : undefined,
      detail: hostOf(e.baseUrl) || undefined,
      environment: e,
    })),
    { placeHolder },
  );
  return picked?.environment;
}

/** Switches to another environment: the tree, cache, index and credentials follow (status bar, view title). */
export async function switchEnvironment(deps: EnvironmentDeps, arg?: unknown): Promise<string | undefined> {
  const add = { label: `$(add) ${vscode.l10n.t('Add Environment…')}`, add: true as const };
  if (arg === undefined) {
    const active = deps.environments.active.id;
    const items = [
      ...deps.environments.all.map((e) => ({
        label: `${e.id === active ? '$(check) ' : ''}${inertText(e.name)}`,
        description: hostOf(e.baseUrl) || vscode.l10n.t('not set up'),
        environment: e,
      })),
      add,
    ];
    const picked = await vscode.window.showQuickPick<(typeof items)[number]>(items, { placeHolder: vscode.l10n.t('Switch to an environment') });
    if (!picked) return undefined;
    if ('add' in picked) return addEnvironment(deps);
    await deps.session.useEnvironment(picked.environment.id);
    return picked.environment.id;
  }
  const target = await chosen(deps, arg, '');
  if (!target) return undefined;
  const question = vscode.l10n.t(
    'A link or another extension asks to switch to the environment "{0}": requests and credentials would go to {1}. Switch?',
    displayText(target.name).slice(0, 80),
    hostOf(target.baseUrl) || vscode.l10n.t('(no base URL set)'),
  );
  if (!(await deps.confirmation.confirm(question, vscode.l10n.t('Switch')))) return undefined;
  await deps.session.useEnvironment(target.id);
  return target.id;
}

export async function renameEnvironment(deps: EnvironmentDeps, arg?: unknown): Promise<void> {
  const target = await chosen(deps, arg, vscode.l10n.t('Environment to rename'));
  if (!target) return;
  const given = text((arg as { name?: unknown } | undefined)?.name);
  const name =
    given ??
    (await vscode.window.showInputBox({
      prompt: vscode.l10n.t('New name of "{0}"', target.name),
      value: target.name,
      validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter a name.')),
    }));
  if (!name) return;
  if (
    given !== undefined &&
    !(await deps.confirmation.confirm(
      vscode.l10n.t(
        'A link or another extension asks to rename the environment "{0}" to "{1}". Rename it?',
        displayText(target.name).slice(0, 80),
        displayText(name).slice(0, 80),
      ),
      vscode.l10n.t('Rename'),
    ))
  )
    return;
  await deps.environments.rename(target.id, name);
}

/** Removes an environment and forgets its stored credentials (the default one stays). */
export async function removeEnvironment(deps: EnvironmentDeps, arg?: unknown): Promise<void> {
  const target = await chosen(deps, arg, vscode.l10n.t('Environment to remove'), (e) => e.id !== DEFAULT_ENVIRONMENT_ID);
  if (!target) return;
  // Asked whoever asks: the user from the palette, or a caller's arguments (a link, another extension).
  const question = vscode.l10n.t('Remove the environment "{0}" and forget its stored credentials?', displayText(target.name).slice(0, 80));
  const remove = vscode.l10n.t('Remove');
  if (arg === undefined ? (await showWarning(question, { modal: true }, remove)) !== remove : !(await deps.confirmation.confirm(question, remove))) return;
  await deps.credentials.forget({ baseUrl: target.baseUrl, tokenUrl: target.tokenUrl, environment: target.id });
  await deps.environments.remove(target.id);
}
