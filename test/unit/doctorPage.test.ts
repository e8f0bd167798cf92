import * as assert from 'node:assert/strict';
import { COPY_REPORT, RUN_AGAIN, actionId, offeredAction, type DoctorAction } from '../../src/core/doctor/actions';
import type { CheckResult } from '../../src/core/doctor/checks';
import { readDoctorPageMessage } from '../../src/webview/doctorProtocol';
import { doctorReport } from '../../src/core/doctor/report';
import { offeredActions, reportPageBody, runningPageBody } from '../../src/extension/doctor/reportPage';
import { summaryText } from '../../src/core/doctor/summary';
import { webviewPageHtml } from '../../src/extension/webview/html';

/** The Connection Doctor's page, built from check results: order, escaping, remedies and the messages it may send. */
describe('Connection Doctor page', () => {
  const context = { baseUrl: 'http://127.0.0.1:4000/preprod', tokenUrl: 'http://127.0.0.1:4000/token', when: new Date('2026-11-25T09:14:03Z'), sandbox: true };
  const SIGN_IN: DoctorAction = { kind: 'signIn' };
  const BASE_URL: DoctorAction = { kind: 'openSetting', setting: 'standardsExplorer.baseUrl' };
  const results: CheckResult[] = [
    { title: 'Setting standardsExplorer.baseUrl', status: 'pass', detail: 'http://127.0.0.1:4000/preprod' },
    {
      title: 'Client credentials',
      status: 'fail',
      detail: 'No client secret is stored for this token URL.',
      fix: 'Run "Standards: Sign In…".',
      actions: [SIGN_IN],
    },
    {
      title: 'API key',
      status: 'warn',
      detail: 'No key is stored.',
      fix: 'Sign in again.',
      actions: [{ kind: 'openSetting', setting: 'standardsExplorer.apiKeyHeader' }],
    },
    { title: 'Token request', status: 'skipped', detail: 'Needs a token URL, a client ID and a secret.' },
    { title: 'Service call GET /v1/standards?limit=1', status: 'fail', detail: '404 with the token.', fix: 'The base URL seems wrong.', actions: [BASE_URL] },
  ];
  const body = reportPageBody(results, context);
  /** The check titles in the order the page lists them. */
  const order = (html: string): string[] => [...html.matchAll(/<span class="check-title">([^<]*)<\/span>/g)].map((m) => m[1]);

  it('lists failures first, then warnings, then passed and skipped checks in the order they ran', () => {
    assert.deepEqual(order(body), [
      'Client credentials',
      'Service call GET /v1/standards?limit=1',
      'API key',
      'Setting standardsExplorer.baseUrl',
      'Token request',
    ]);
    assert.match(body, /<h1>Connection Doctor<\/h1>/);
    assert.match(body, /<h2 id="failed">Failed \(2\)<\/h2>/);
    assert.match(body, /<h2 id="warnings">Warnings \(1\)<\/h2>/);
    assert.match(body, /<h2 id="passed">Passed and skipped \(2\)<\/h2>/);
    assert.match(body, /<span class="badge fail">FAIL<\/span>/);
    assert.match(body, /<span class="badge pass">PASS<\/span>/);
    assert.ok(!body.includes('| PASS |'), 'rendered, not a Markdown table');
  });

  it('says when and what was checked, and sums up the results in one line', () => {
    assert.equal(summaryText(results), '2 failed, 1 warning, 1 passed, 1 skipped');
    assert.match(body, /<p class="summary has-failures">2 failed, 1 warning, 1 passed, 1 skipped<\/p>/);
    assert.match(body, /2026-11-25 09:14:03 UTC/);
    assert.ok(body.includes('service http://127.0.0.1:4000/preprod') && body.includes('identity provider http://127.0.0.1:4000/token'));
    assert.match(body, /the local sandbox/);
    assert.equal(summaryText(results.filter((r) => r.status === 'pass')), 'Nothing failed: 1 passed');
    assert.match(runningPageBody(context), /id="progress"[^>]*>Checking the connection…</);
    assert.doesNotMatch(runningPageBody(context), /data-action/, 'nothing to copy or run again while the checks run');
  });

  it('gives each failure and warning its remedy with a button per action, and the page its own two', () => {
    const buttons = [...body.matchAll(/<button [^>]*data-action="([^"]+)"[^>]*>([^<]*)<\/button>/g)].map((m) => `${m[1]} ${m[2]}`);
    assert.deepEqual(buttons, [
      'runAgain Run Again',
      'copyReport Copy Report',
      'signIn Sign In…',
      'openSetting:standardsExplorer.baseUrl Open Settings',
      'openSetting:standardsExplorer.apiKeyHeader Open Settings',
    ]);
    assert.match(body, /<span class="remedy-label">What to try:<\/span> The base URL seems wrong\./);
    // A passed check offers nothing, even with actions (a check never should set them, but the page does not rely on it).
    const passed = reportPageBody([{ title: 'x', status: 'pass', detail: 'y', fix: 'z', actions: [SIGN_IN] }], context);
    assert.doesNotMatch(passed, /class="remedy"|data-action="signIn"/);
    assert.deepEqual(offeredActions([{ title: 'x', status: 'pass', detail: 'y', actions: [SIGN_IN] }]), []);
  });

  it('escapes hostile text from a server: markup, event handlers and command links show as characters', () => {
    const hostile: CheckResult[] = [
      {
        title: '<script>alert(1)</script>',
        status: 'fail',
        detail: '500: <img src=x onerror=alert(1)> and [x](command:workbench.action.terminal.new) "quoted" & more',
        fix: '<a href="command:workbench.action.terminal.new">click</a>',
        actions: [SIGN_IN],
      },
    ];
    const page = reportPageBody(hostile, { ...context, baseUrl: 'http://"><svg onload=alert(1)>' });
    assert.ok(page.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the img tag shows as text');
    assert.ok(page.includes('[x](command:workbench.action.terminal.new)'), 'a Markdown link is only text on an HTML page');
    assert.ok(page.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(page.includes('&lt;svg onload=alert(1)&gt;'));
    for (const tag of ['<img', '<script', '<a ', '<svg']) assert.ok(!page.includes(tag), `no ${tag} element`);
    // Every `<` of the text was escaped: what is left between < and > are the page's own tags.
    for (const [tag] of page.matchAll(/<[^>]*>/g)) assert.doesNotMatch(tag, /\shref=|\son\w+=|command:/, `a tag of the page's own: ${tag}`);
    // The whole page: the CSP allows only the nonce's script and our own styles.
    const html = webviewPageHtml(
      { cspSource: 'vscode-webview://abc', scriptUri: 'https://file/doctor.js', styleUri: 'https://file/doctor.css', nonce: 'NONCE1' },
      {
        title: 'Connection Doctor',
        body: page,
      },
    );
    assert.match(
      html,
      /default-src 'none'; style-src vscode-webview:\/\/abc 'nonce-NONCE1'; font-src vscode-webview:\/\/abc; img-src vscode-webview:\/\/abc data:; script-src 'nonce-NONCE1'/,
    );
    assert.equal([...html.matchAll(/<script/g)].length, 1, 'one script element: ours, with the nonce');
  });

  it('accepts from the page only an action id of the report shown, never a command or a setting of its own', () => {
    const offered = offeredActions(results);
    assert.deepEqual(offered.map(actionId), ['signIn', 'openSetting:standardsExplorer.apiKeyHeader', 'openSetting:standardsExplorer.baseUrl']);
    assert.deepEqual(offeredAction('signIn', offered), SIGN_IN);
    assert.deepEqual(offeredAction('openSetting:standardsExplorer.baseUrl', offered), BASE_URL);
    assert.deepEqual(offeredAction('runAgain', offered), RUN_AGAIN);
    assert.deepEqual(offeredAction('copyReport', []), COPY_REPORT);
    for (const id of [
      'showLog', // a real action, but not one this report offers
      'openSetting:standardsExplorer.tokenUrl',
      'openSetting:workbench.action.terminal.new',
      'workbench.action.terminal.new',
      'standardsExplorer.signOut',
      'openSetting',
      '',
    ])
      assert.equal(offeredAction(id, offered), undefined, id);
    assert.deepEqual(readDoctorPageMessage({ type: 'action', id: 'signIn' }), { type: 'action', id: 'signIn' });
    for (const bad of [
      null,
      'signIn',
      { type: 'command', id: 'signIn' },
      { type: 'action' },
      { type: 'action', id: 7 },
      { type: 'action', id: 'x'.repeat(101) },
    ])
      assert.equal(readDoctorPageMessage(bad), undefined, JSON.stringify(bad));
  });

  it('copies the same checks as Markdown, in the order they ran', () => {
    const markdown = doctorReport(results, context);
    assert.match(markdown, /^# Standards Explorer — Connection Doctor/);
    assert.match(markdown, /\*\*2 failed, 1 warning, 1 passed, 1 skipped\.\*\* No secret, token or API key is shown in this report\./);
    const rows = markdown.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| result'));
    assert.deepEqual(
      rows.map((l) => l.split(' | ')[1]),
      results.map((r) => r.title),
    );
  });
});
