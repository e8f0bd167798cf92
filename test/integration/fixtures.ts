/** Shared by the integration tests: one in-process sandbox and the extension's API. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandboxControl, sandboxStats, startSandbox, type SandboxStats } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import type { CatalogueRecord } from '../../src/core/catalogue/catalogueFile';
import type { StandardsExplorerApi } from '../../src/extension/activate';

export const EXTENSION_ID = 'standards-explorer.standards-explorer';
let running: Promise<RunningSandbox> | undefined;

/** A sandbox with a small catalogue, started once for the whole suite. */
export function sandbox(): Promise<RunningSandbox> {
  running ??= startSandbox({ standards: 300, seed: 11 });
  return running;
}

/**
 * Stops the suite's sandbox, runs `whileDown`, then starts it again on the same port with the same client secret
 * (same URLs and credentials: "service down and back").
 */
export async function restartSandbox<T>(whileDown: () => Promise<T>): Promise<T> {
  const old = await sandbox();
  const port = Number(new URL(old.origin).port);
  await old.close();
  let result: T;
  try {
    result = await whileDown();
  } finally {
    running = startSandbox({ standards: 300, seed: 11, port, clientSecret: old.clientSecret });
    await running;
  }
  return result;
}

export async function stopSandbox(): Promise<void> {
  const started = running;
  running = undefined;
  if (started) await (await started).close();
}

export type SandboxConfig = NonNullable<Parameters<typeof sandboxControl>[2]>;

/**
 * The one place the integration tests call the sandbox's test routes (`/__sandbox/*`): when those routes need a
 * control token, only this function changes.
 */
export async function sandboxRoute(route: 'stats'): Promise<SandboxStats>;
export async function sandboxRoute(route: 'reset' | 'revoke-tokens' | 'config', body?: SandboxConfig): Promise<void>;
export async function sandboxRoute(route: 'stats' | 'reset' | 'revoke-tokens' | 'config', body?: SandboxConfig): Promise<SandboxStats | void> {
  const s = await sandbox();
  if (route === 'stats') return sandboxStats(s);
  return sandboxControl(s, route, body);
}

export async function resetSandbox(): Promise<RunningSandbox> {
  const s = await sandbox();
  await sandboxRoute('config', { faults: '', latencyMs: 0, retryAfterSeconds: 1, hostileText: false });
  await sandboxRoute('reset');
  return s;
}

let answering = false;

export async function api(): Promise<StandardsExplorerApi> {
  const extension = vscode.extensions.getExtension<StandardsExplorerApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed in this VS Code`);
  const hooks = await extension.activate();
  // Given to the extension's own tests only (ExtensionMode.Test); other extensions get nothing (test/e2e/exportsProbe.ts).
  if (!hooks) throw new Error(`${EXTENSION_ID} gave no test hooks: is this run in ExtensionMode.Test?`);
  // The tests call commands with arguments, as a link or another extension would: those ask first (a modal the
  // extension host cannot click). The suite agrees, except where a test answers otherwise (callerArguments.test.ts).
  if (!answering) {
    hooks.confirmation.answerForTests(() => true);
    answering = true;
  }
  return hooks;
}

/** Signs in to the suite's sandbox through the Sign In command (SecretStorage and settings for real). */
export async function signInToSandbox(): Promise<RunningSandbox> {
  return signInTo(await sandbox());
}

/** Signs in to `s` with its own client (a sandbox a test started for its own records). */
export async function signInTo(s: RunningSandbox): Promise<RunningSandbox> {
  await api(); // active, with the suite's answer to "a caller asks to sign in…" in place
  await vscode.commands.executeCommand('standardsExplorer.signIn', {
    clientId: s.clientId,
    clientSecret: s.clientSecret,
    baseUrl: s.baseUrl,
    tokenUrl: s.tokenUrl,
  });
  return s;
}

/**
 * The test workbench's folder and a sandbox of the suite's own (real references: `catalogue`), signed in to: for
 * suites that write files citing those references.
 */
export async function ownSandboxInFolder(catalogue: CatalogueRecord[]): Promise<{ own: RunningSandbox; folder: vscode.WorkspaceFolder }> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workbench opens a folder');
  const own = await signInTo(await startSandbox({ catalogue }));
  return { own, folder };
}

/** Waits until `check` returns a value (bounded). */
export async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The next value of `event` that `accept` takes, or a failure naming `what` after `timeoutMs` — well inside the
 * test's own time, so a stall says which step stalled instead of ending in a bare timeout.
 */
export function nextEvent<T>(event: vscode.Event<T>, what: string, accept: (value: T) => boolean = () => true, timeoutMs = 40_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const subscription = event((value) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(value);
    });
  });
}

/** A clause of ISO 9001:2015 (Scope) as the commands receive it, with the `@id` a test gives. */
export function scopeRef(id: string): Record<string, unknown> {
  return { urn: 'urn:iso:std:iso:9001:ed-5', clauseId: 'abc', id, title: 'Scope', number: '1', types: ['corext:Scope'], standardReference: 'ISO 9001:2015' };
}

/** Runs Insert Reference with `referenceFormat` set to `format` into a new untitled editor; the text inserted. */
export async function insertedReference(format: string, ref: unknown): Promise<string> {
  const config = vscode.workspace.getConfiguration('standardsExplorer');
  await config.update('referenceFormat', format, vscode.ConfigurationTarget.Global);
  try {
    const document = await vscode.workspace.openTextDocument({ content: '' });
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('standardsExplorer.insertReference', ref);
    const text = document.getText();
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    return text;
  } finally {
    await config.update('referenceFormat', undefined, vscode.ConfigurationTarget.Global);
  }
}
