/**
 * The browser's src/extension/connection/localSandbox.ts. The local sandbox is a Node program the extension starts as a
 * child process, which a browser cannot do: its command is hidden there (package.json `when`: !isWeb), and anything
 * that still asks for it is told why and what to do instead.
 */
import { l10n } from '../../core/l10n';
import type { ConnectionInfo } from '../../core/service/index';
import type * as NodeLocalSandbox from '../../extension/connection/localSandbox';

export type LocalSandbox = NodeLocalSandbox.LocalSandbox;

export class SandboxProcess {
  constructor(_extensionPath: string, _log: { info(message: string): void }) {}

  start(_signal?: AbortSignal): Promise<ConnectionInfo> {
    return Promise.reject(
      new Error(
        l10n.t(
          'The local sandbox cannot start in the browser: it is a program the desktop editor runs on your machine. Run "Standards: Sign In…" to connect to a Standards Content Service, or start the sandbox on a machine and connect to it.',
        ),
      ),
    );
  }

  stop(): void {}

  dispose(): void {}
}
