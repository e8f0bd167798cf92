/**
 * Where the connection comes from: a sandbox (the bundled one, or one named by STANDARDS_EXPLORER_SANDBOX) or the
 * configured service with the credentials entered for its endpoint. Reads no secret.
 */
import type * as vscode from 'vscode';
import type { Config } from '../config';
import type { CredentialStore, Endpoint } from '../credentials';
import { hostOf } from '../../core/labels';
import { Disposable } from '../../core/lifecycle';
import { parseConnectionInfo, type ConnectionInfo } from '../../core/service/index';
import { storageKey } from '../../core/storageKeys';
import { DEFAULT_ENVIRONMENT_ID } from '../environmentSettings';
import { hostAndPort } from '../../core/doctor/networkCause';
import { probeTcp } from '../../core/doctor/platformProbes';
import { SandboxProcess } from './localSandbox';
import { environmentVariable } from '../../core/runtime';

const SANDBOX_ENV = 'STANDARDS_EXPLORER_SANDBOX';
/** How long the named sandbox may take to accept a connection on this machine before it counts as gone. */
const PROBE_TIMEOUT_MS = 2000;

export class ConnectionSource extends Disposable {
  private sandboxInfo: ConnectionInfo | undefined;
  private readonly sandboxProcess: SandboxProcess;

  constructor(
    private readonly config: Config,
    readonly credentials: CredentialStore,
    extensionPath: string,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this.sandboxProcess = this.register(new SandboxProcess(extensionPath, log));
    const fromEnv = environmentVariable(SANDBOX_ENV);
    if (fromEnv) {
      try {
        this.sandboxInfo = parseConnectionInfo(fromEnv, SANDBOX_ENV);
        log.info(`Using the sandbox given by ${SANDBOX_ENV} at ${hostOf(this.sandboxInfo.baseUrl)}`);
      } catch (error) {
        log.error(`${SANDBOX_ENV} ignored: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** The sandbox in use, if any. */
  get sandbox(): ConnectionInfo | undefined {
    return this.sandboxInfo;
  }

  /** The configured endpoint (from user settings only). */
  get endpoint(): Endpoint {
    const { baseUrl, tokenUrl, environment } = this.config.settings;
    return { baseUrl, tokenUrl, environment: environment.id };
  }

  /**
   * Names this connection's own storage (see Session.storageScope). The sandbox and the default environment keep
   * the key of before environments (the base URL alone), so an existing cache and index are found again; a named
   * environment adds its identity, so two environments never share a store even for the same URL.
   */
  get storageScope(): string | undefined {
    if (this.sandboxInfo) return storageKey([this.sandboxInfo.baseUrl], 16);
    const { baseUrl, environment } = this.endpoint;
    if (!baseUrl) return undefined;
    return environment === DEFAULT_ENVIRONMENT_ID ? storageKey([baseUrl], 16) : storageKey(['environment', environment ?? '', baseUrl], 16);
  }

  /**
   * A sandbox, or the configured service with credentials entered (reads no secret). Credentials entered for
   * another endpoint count too, so the view shows why they are not used instead of the bare welcome.
   */
  get isConfigured(): boolean {
    if (this.sandboxInfo) return true;
    const { baseUrl, tokenUrl } = this.endpoint;
    return Boolean(baseUrl && tokenUrl && this.credentials.hasAny);
  }

  /** The base URL of the current connection, e.g. for keying the catalogue index. */
  get baseUrl(): string | undefined {
    return this.sandboxInfo?.baseUrl ?? (this.endpoint.baseUrl || undefined);
  }

  /** The host shown for the current connection. */
  get host(): string {
    return hostOf(this.baseUrl ?? '');
  }

  /**
   * Uses the sandbox named by STANDARDS_EXPLORER_SANDBOX (the demo's) while it answers, else starts the bundled one —
   * also when that sandbox has gone (the demo's stopped): connecting to a port nothing listens on would only retry
   * for the whole request timeout and then fail. `replaced` hears why the named one was not used.
   */
  async useSandbox(signal?: AbortSignal, replaced?: (why: string) => void): Promise<ConnectionInfo> {
    const fromEnv = environmentVariable(SANDBOX_ENV);
    if (fromEnv) {
      const named = parseConnectionInfo(fromEnv, SANDBOX_ENV);
      const { host, port } = hostAndPort(new URL(named.baseUrl));
      const gone = await probeTcp(host, port, PROBE_TIMEOUT_MS);
      if (!gone) {
        this.sandboxInfo = named;
        return named;
      }
      this.log.warn(`The sandbox given by ${SANDBOX_ENV} does not answer (${gone.text}): starting the bundled sandbox instead`);
      replaced?.(gone.text);
    }
    this.sandboxInfo = await this.sandboxProcess.start(signal);
    return this.sandboxInfo;
  }

  /** Uses the configured service: stops a sandbox this extension started. */
  useConfigured(): void {
    this.sandboxProcess.stop();
    this.sandboxInfo = undefined;
  }
}
