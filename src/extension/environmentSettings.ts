/**
 * Named connections ("Pre-production", "Production"): each with its base URL, token URL, scope and API-key header,
 * and its own secrets and storage. The default environment is the single-connection settings of before
 * (`standardsExplorer.baseUrl`, `tokenUrl`, `scope`, `apiKeyHeader`), unchanged, so nothing configured is lost; the
 * others live in `standardsExplorer.environments`. Which one is active is `standardsExplorer.activeEnvironment`.
 *
 * Every one of these settings says where credentials go, so all are read from the user level only (userLevel:
 * `inspect().globalValue`, the User settings and, in a remote window, the Remote settings; the manifest scopes them
 * `window` so that User settings count in remote windows too): a workspace can neither add an environment nor
 * switch to one, nor redirect one.
 */
import * as vscode from 'vscode';

export const DEFAULT_ENVIRONMENT_ID = 'default';
const SECTION = 'standardsExplorer';
/** The settings of this module (besides the default environment's endpoint settings). */
export const ENVIRONMENT_SETTINGS = ['environments', 'activeEnvironment', 'defaultEnvironmentName'] as const;

export interface EnvironmentEndpoint {
  baseUrl: string;
  tokenUrl: string;
  scope: string;
  apiKeyHeader: string;
}

export interface Environment extends EnvironmentEndpoint {
  /** Stable identity: storage and secrets key on it, so a rename keeps both. */
  id: string;
  name: string;
}

/** One entry of `standardsExplorer.environments` as stored. */
interface StoredEnvironment {
  id?: string;
  name?: string;
  baseUrl?: string;
  tokenUrl?: string;
  scope?: string;
  apiKeyHeader?: string;
}

type Source = Pick<vscode.WorkspaceConfiguration, 'inspect'>;

/** The user-level value of a setting (or its default): workspace values are never read here. */
function userLevel<T>(config: Source, key: string): T | undefined {
  const values = config.inspect<T>(key);
  return values?.globalValue ?? values?.defaultValue;
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value.trim() : fallback;
}

/** The identity of a stored entry: its id, else (hand-written entries) its name. */
function idOf(entry: StoredEnvironment): string | undefined {
  const id = text(entry.id);
  if (id) return id === DEFAULT_ENVIRONMENT_ID ? undefined : id;
  const name = text(entry.name);
  return name ? `name:${name}` : undefined;
}

function storedList(config: Source): StoredEnvironment[] {
  const value = userLevel<unknown>(config, 'environments');
  return Array.isArray(value) ? value.filter((e): e is StoredEnvironment => typeof e === 'object' && e !== null) : [];
}

/** Every environment: the default one first, then the named ones (entries without an id or name are skipped). */
export function readEnvironments(config: Source): Environment[] {
  const defaultName = text(userLevel(config, 'defaultEnvironmentName')) || vscode.l10n.t('Default');
  const environments: Environment[] = [
    {
      id: DEFAULT_ENVIRONMENT_ID,
      name: defaultName,
      baseUrl: text(userLevel(config, 'baseUrl')),
      tokenUrl: text(userLevel(config, 'tokenUrl')),
      scope: text(userLevel(config, 'scope')) || 'openid',
      apiKeyHeader: text(userLevel(config, 'apiKeyHeader')),
    },
  ];
  for (const entry of storedList(config)) {
    const id = idOf(entry);
    if (!id || environments.some((e) => e.id === id)) continue;
    environments.push({
      id,
      name: text(entry.name) || id,
      baseUrl: text(entry.baseUrl),
      tokenUrl: text(entry.tokenUrl),
      scope: text(entry.scope) || 'openid',
      apiKeyHeader: text(entry.apiKeyHeader),
    });
  }
  return environments;
}

/** The active environment: the one named by `activeEnvironment`, else the default one. */
export function activeEnvironment(config: Source): Environment {
  const all = readEnvironments(config);
  const id = text(userLevel(config, 'activeEnvironment'));
  return all.find((e) => e.id === id) ?? all[0];
}

/** Adds, renames, removes and switches environments, writing user settings only. */
export class EnvironmentSettings {
  private config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  }

  get all(): Environment[] {
    return readEnvironments(this.config());
  }

  get active(): Environment {
    return activeEnvironment(this.config());
  }

  /** Adds a named environment and returns it (not switched to). */
  async add(name: string, endpoint: EnvironmentEndpoint): Promise<Environment> {
    const id = `env-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
    const entry: StoredEnvironment = { id, name: name.trim(), ...endpoint };
    await this.write([...storedList(this.config()), entry]);
    return { id, name: name.trim(), ...endpoint };
  }

  async rename(id: string, name: string): Promise<void> {
    if (id === DEFAULT_ENVIRONMENT_ID) {
      await this.config().update('defaultEnvironmentName', name.trim(), vscode.ConfigurationTarget.Global);
      return;
    }
    await this.write(storedList(this.config()).map((e) => (idOf(e) === id ? { ...e, id, name: name.trim() } : e)));
  }

  /** Removes a named environment (the default one is made of the plain settings and stays). */
  async remove(id: string): Promise<void> {
    if (id === DEFAULT_ENVIRONMENT_ID) throw new Error(vscode.l10n.t('The default environment cannot be removed; clear its settings instead.'));
    if (this.active.id === id) await this.switchTo(DEFAULT_ENVIRONMENT_ID);
    await this.write(storedList(this.config()).filter((e) => idOf(e) !== id));
  }

  async switchTo(id: string): Promise<void> {
    await this.config().update('activeEnvironment', id === DEFAULT_ENVIRONMENT_ID ? undefined : id, vscode.ConfigurationTarget.Global);
  }

  /** Writes an endpoint value of the active environment (Sign In saves what was typed there). */
  async setEndpointValue(key: keyof EnvironmentEndpoint, value: string): Promise<void> {
    const id = this.active.id;
    if (id === DEFAULT_ENVIRONMENT_ID) {
      await this.config().update(key, value, vscode.ConfigurationTarget.Global);
      return;
    }
    await this.write(storedList(this.config()).map((e) => (idOf(e) === id ? { ...e, [key]: value } : e)));
  }

  private async write(list: StoredEnvironment[]): Promise<void> {
    await this.config().update('environments', list.length ? list : undefined, vscode.ConfigurationTarget.Global);
  }
}
