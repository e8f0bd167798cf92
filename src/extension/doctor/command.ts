/**
 * "Standards: Connection Doctor": gathers what the connection is made of (settings, the stored credentials for this
 * endpoint, the proxy settings, the secret store's state), runs the checks and shows the report on its page
 * (panel.ts) — never a secret in it. The progress is on the page and in the status bar, both gone with the run.
 * "Copy Connection Doctor Report" and the page's Copy Report put the report's Markdown on the clipboard.
 */
import * as vscode from 'vscode';
import type { ConnectionFacts } from '../connection/serviceAccess';
import type { CredentialStore } from '../credentials';
import type { DoctorAction, PageAction, RemedySetting } from '../../core/doctor/actions';
import { runChecks, type CheckResult, type DoctorInput } from '../../core/doctor/checks';
import { platformDoctorProbes } from '../../core/doctor/platformProbes';
import { createDefaultTransport } from '../../core/service/defaultTransport';
import { DoctorPage, type DoctorPageHost } from './panel';
import { doctorReport } from '../../core/doctor/report';
import { environmentVariable } from '../../core/runtime';

export { DOCTOR_KINDS } from '../../core/doctor/kinds';

export interface DoctorDeps {
  session: ConnectionFacts;
  /** Where this endpoint's credentials are kept: read to check them, never shown. */
  credentials: CredentialStore;
  log: vscode.LogOutputChannel;
  extensionUri: vscode.Uri;
  /** Opens the Settings editor where `setting` is edited (for a named environment, the environments list). */
  openSetting(setting: RemedySetting): Thenable<unknown>;
}

/**
 * What the Connection Doctor command returns (for tests and automation): each check's result in the order they
 * ran, and the report as Markdown — what Copy Report copies, secrets redacted.
 */
export interface DoctorRun {
  results: CheckResult[];
  markdown: string;
}

/** The run in progress: asking again meanwhile (Run Again, the palette) waits for it rather than start another. */
let running: Promise<DoctorRun> | undefined;
/** The report shown last: what Copy Report copies. */
let last: DoctorRun | undefined;

export function runConnectionDoctor(deps: DoctorDeps): Promise<DoctorRun> {
  running ??= run(deps).finally(() => (running = undefined));
  return running;
}

/** Copies the last report (after running the doctor when there is none yet); resolves with the Markdown copied. */
export async function copyDoctorReport(deps: DoctorDeps): Promise<string> {
  const markdown = await copyLast(deps);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the Connection Doctor report (Markdown, without secrets).'), 4000);
  return markdown;
}

async function copyLast(deps: DoctorDeps): Promise<string> {
  const { markdown } = last ?? (await runConnectionDoctor(deps));
  await vscode.env.clipboard.writeText(markdown);
  return markdown;
}

async function run(deps: DoctorDeps): Promise<DoctorRun> {
  const { session, log } = deps;
  const input = await doctorInput(session, deps.credentials);
  const context = { baseUrl: input.baseUrl, tokenUrl: input.tokenUrl, sandbox: session.isSandbox };
  const page = DoctorPage.open(pageHost(deps));
  page.running(context);
  let done = 0;
  let results: CheckResult[];
  try {
    // In the status bar, not a notification: it ends with the run, and the page says the same meanwhile.
    results = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Connection Doctor') }, (progress) =>
      runChecks(input, platformDoctorProbes(createDefaultTransport('standards-explorer connection-doctor')), (result) => {
        progress.report({ message: result.title });
        page.progress(vscode.l10n.t('Checking the connection… ({0} done, last: {1})', ++done, result.title));
      }),
    );
  } catch (error) {
    // No page left saying "Checking…" forever: the command shows the error with its actions.
    page.panel.dispose();
    throw error;
  }
  log.info(
    `Connection Doctor: ${results.filter((r) => r.status === 'fail').length} failed, ${results.filter((r) => r.status === 'warn').length} warnings, ${results.length} checks`,
  );
  const report = { ...context, when: new Date() };
  last = { results, markdown: doctorReport(results, report) };
  // The page may have been closed during the run: then a new one shows the report.
  DoctorPage.current(pageHost(deps)).report(results, report);
  return last;
}

function pageHost(deps: DoctorDeps): DoctorPageHost {
  const act = async (action: DoctorAction | PageAction): Promise<unknown> => {
    switch (action.kind) {
      case 'openSetting':
        return deps.openSetting(action.setting);
      case 'signIn':
        return vscode.commands.executeCommand('standardsExplorer.signIn');
      case 'connectSandbox':
        return vscode.commands.executeCommand('standardsExplorer.connectSandbox');
      case 'showLog':
        return deps.log.show();
      case 'runAgain':
        return runConnectionDoctor(deps);
      case 'copyReport':
        await copyLast(deps);
        return DoctorPage.current(pageHost(deps)).copied();
    }
  };
  return { extensionUri: deps.extensionUri, log: deps.log, act };
}

async function doctorInput(session: ConnectionFacts, store: CredentialStore): Promise<DoctorInput> {
  const settings = session.settings();
  const http = vscode.workspace.getConfiguration('http');
  const proxy = {
    setting: http.get<string>('proxy') || undefined,
    env: ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].map(environmentVariable).find(Boolean),
    strictSSL: http.get<boolean>('proxyStrictSSL') ?? true,
  };
  const common = { proxy, timeoutMs: Math.min(settings.timeoutSeconds, 15) * 1000 };
  const sandbox = session.sandboxConnection;
  if (sandbox) {
    const apiKey = sandbox.apiKeyHeader && sandbox.apiKey ? { header: sandbox.apiKeyHeader, value: sandbox.apiKey } : undefined;
    return {
      ...common,
      baseUrl: sandbox.baseUrl,
      tokenUrl: sandbox.tokenUrl,
      scope: 'openid',
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      apiKey,
      secretStorage: { ok: true },
      sandbox: true,
    };
  }
  const endpoint = session.endpoint;
  let secretStorage: DoctorInput['secretStorage'] = { ok: true };
  let credentials: Awaited<ReturnType<CredentialStore['read']>>;
  try {
    credentials = await store.read(endpoint);
  } catch (error) {
    secretStorage = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  return {
    ...common,
    baseUrl: settings.baseUrl,
    tokenUrl: settings.tokenUrl,
    scope: settings.scope,
    clientId: credentials?.clientId ?? store.clientId(endpoint),
    clientSecret: credentials?.clientSecret,
    apiKey: settings.apiKeyHeader ? { header: settings.apiKeyHeader, value: credentials?.apiKey } : undefined,
    secretStorage,
  };
}
