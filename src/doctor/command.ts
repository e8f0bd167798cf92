/**
 * "Standards: Connection Doctor": gathers what the connection is made of (settings, the stored credentials for this
 * endpoint, the proxy settings, the secret store's state), runs the checks with progress and opens the report as a
 * Markdown document beside nothing else — never a secret in it.
 */
import * as vscode from 'vscode';
import type { Session } from '../session';
import { runChecks, type DoctorInput } from './checks';
import { doctorReport } from './report';

export { DOCTOR_KINDS } from './kinds';

export async function runConnectionDoctor(session: Session, log: vscode.LogOutputChannel): Promise<vscode.TextDocument> {
  const input = await doctorInput(session);
  const results = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Connection Doctor') }, (progress) =>
    runChecks(input, (result) => progress.report({ message: result.title })),
  );
  const failed = results.filter((r) => r.status === 'fail').length;
  log.info(`Connection Doctor: ${failed} failed, ${results.filter((r) => r.status === 'warn').length} warnings, ${results.length} checks`);
  const content = doctorReport(results, { baseUrl: input.baseUrl, tokenUrl: input.tokenUrl, when: new Date(), sandbox: session.isSandbox });
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content });
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

async function doctorInput(session: Session): Promise<DoctorInput> {
  const settings = session.settings();
  const http = vscode.workspace.getConfiguration('http');
  const env = process.env;
  const proxy = {
    setting: http.get<string>('proxy') || undefined,
    env: env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy || undefined,
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
    };
  }
  const endpoint = session.endpoint;
  let secretStorage: DoctorInput['secretStorage'] = { ok: true };
  let credentials: Awaited<ReturnType<Session['credentials']['read']>>;
  try {
    credentials = await session.credentials.read(endpoint);
  } catch (error) {
    secretStorage = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  return {
    ...common,
    baseUrl: settings.baseUrl,
    tokenUrl: settings.tokenUrl,
    scope: settings.scope,
    clientId: credentials?.clientId ?? session.credentials.clientId(endpoint),
    clientSecret: credentials?.clientSecret,
    apiKey: settings.apiKeyHeader ? { header: settings.apiKeyHeader, value: credentials?.apiKey } : undefined,
    secretStorage,
  };
}
