import * as assert from 'node:assert/strict';
import { sandboxControl, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { runChecks, type CheckResult, type DoctorInput } from '../../src/core/doctor/checks';
import { fetchDoctorProbes } from '../../src/core/doctor/fetchProbes';
import { nodeNetworkProbes } from '../../src/core/doctor/nodeProbes';
import { createAxiosTransport } from '../../src/core/service/transport';
import { doctorReport } from '../../src/core/doctor/report';
import { reportPageBody } from '../../src/extension/doctor/reportPage';
import { json, startOddServer } from './oddServer';

/** The desktop's probes: axios and Node's sockets. */
const nodeProbes = { http: createAxiosTransport('test'), network: nodeNetworkProbes };

/** The doctor against the sandbox: each situation has its failing line and its fix. */
describe('Connection Doctor', () => {
  let sandbox: RunningSandbox;
  const API_KEY = 'doctor-api-key-0123456789';
  before(async () => (sandbox = await startSandbox({ standards: 50, apiKey: API_KEY, apiKeyHeader: 'Ocp-Apim-Subscription-Key' })));
  after(() => sandbox?.close());

  const input = (over: Partial<DoctorInput> = {}): DoctorInput => ({
    baseUrl: sandbox.baseUrl,
    tokenUrl: sandbox.tokenUrl,
    scope: 'openid',
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    apiKey: { header: 'Ocp-Apim-Subscription-Key', value: API_KEY },
    secretStorage: { ok: true },
    proxy: { strictSSL: true },
    timeoutMs: 5000,
    ...over,
  });
  const line = (results: CheckResult[], title: RegExp): CheckResult => {
    const found = results.find((r) => title.test(r.title));
    assert.ok(found, `a check named ${title}: ${results.map((r) => r.title).join(', ')}`);
    return found;
  };
  const context = () => ({ baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl, when: new Date(), sandbox: true });
  /** The Markdown report (Copy Report) and the page's body: both are shown to people, neither may hold a secret. */
  const report = (results: CheckResult[]): string => `${doctorReport(results, context())}\n${reportPageBody(results, context())}`;
  const noSecrets = (text: string): void => {
    for (const secret of [sandbox.clientSecret, API_KEY]) assert.ok(!text.includes(secret), 'no secret or key in the report');
    assert.ok(!/eyJ[\w-]{8,}\./.test(text), 'no token in the report');
  };

  it('passes everything against a healthy service, and says so without a secret', async () => {
    const results = await runChecks(input(), nodeProbes);
    assert.deepEqual(
      results.filter((r) => r.status === 'fail' || r.status === 'warn'),
      [],
    );
    assert.equal(line(results, /^Token request/).status, 'pass');
    assert.match(line(results, /^Token$/).detail, /A JWT: iss .*Valid for \d+ s more/);
    assert.equal(line(results, /OIDC discovery/).status, 'pass');
    assert.match(line(results, /Service call/).detail, /200 with the token and the API key\. Without the API key: 401/);
    const text = report(results);
    assert.match(text, /Nothing failed/);
    noSecrets(text);
  });

  it('names a wrong secret as invalid_client, with the fix', async () => {
    const results = await runChecks(input({ clientSecret: 'wrong-secret-value-123' }), nodeProbes);
    const token = line(results, /^Token request/);
    assert.equal(token.status, 'fail');
    assert.match(token.detail, /401 invalid_client: the identity provider does not accept this client ID and secret/);
    assert.match(token.fix ?? '', /Sign In/);
    assert.deepEqual(token.actions, [{ kind: 'signIn' }]);
    assert.equal(line(results, /Service call/).status, 'skipped');
    const text = report(results);
    assert.match(text, /## What to try/);
    assert.ok(!text.includes('wrong-secret-value-123'));
  });

  it('tells a missing API key from a bad token', async () => {
    const results = await runChecks(input({ apiKey: { header: 'Ocp-Apim-Subscription-Key' } }), nodeProbes);
    assert.equal(line(results, /^API key/).status, 'warn');
    const call = line(results, /Service call/);
    assert.equal(call.status, 'fail');
    assert.match(call.detail, /^401 with the token\./);
    assert.match(call.fix ?? '', /API or subscription key/);
    assert.deepEqual(call.actions, [{ kind: 'openSetting', setting: 'standardsExplorer.apiKeyHeader' }, { kind: 'signIn' }]);
    assert.deepEqual(line(results, /^API key/).actions, [{ kind: 'signIn' }, { kind: 'openSetting', setting: 'standardsExplorer.apiKeyHeader' }]);
    noSecrets(report(results));
  });

  it('says the clock is off when the provider issues a token 10 minutes in the future', async () => {
    // The sandbox's identity provider stamps iat (and exp) 600 s ahead; the doctor uses this machine's real clock.
    await sandboxControl(sandbox, 'config', { tokenClockSkewSeconds: 600 });
    let results: CheckResult[];
    try {
      results = await runChecks(input(), nodeProbes);
    } finally {
      await sandboxControl(sandbox, 'config', { tokenClockSkewSeconds: 0 });
    }
    const token = line(results, /^Token$/);
    assert.equal(token.status, 'fail');
    assert.match(token.detail, /in the future/);
    assert.match(token.fix ?? '', /clock/);
    assert.match(reportPageBody(results, context()), /<span class="badge fail">FAIL<\/span> <span class="check-title">Token<\/span>/);
  });

  it('says nothing listens when the service is down, and skips what needs it', async () => {
    const down = await startSandbox({ standards: 5 });
    const info = { baseUrl: down.baseUrl, tokenUrl: down.tokenUrl, clientId: down.clientId, clientSecret: down.clientSecret };
    await down.close();
    const results = await runChecks(input({ ...info, apiKey: undefined, sandbox: true }), nodeProbes);
    const connection = line(results, /^Connection 127\.0\.0\.1:/);
    assert.equal(connection.status, 'fail');
    assert.match(connection.detail, /ECONNREFUSED/);
    assert.match(connection.fix ?? '', /start the service/);
    // The sandbox is started again by connecting to it; any other service on this machine is for its owner to start.
    assert.deepEqual(connection.actions, [{ kind: 'connectSandbox' }]);
    assert.deepEqual(line(await runChecks(input({ ...info, apiKey: undefined }), nodeProbes), /^Connection 127\.0\.0\.1:/).actions, []);
    assert.equal(line(results, /^Token request/).status, 'skipped');
  });

  it('masks what a server echoes back: the secret in a token error, the token and key in a service error', async () => {
    // A loopback server that echoes every request (the sandbox never does): the worst case for a report.
    const echo = await startOddServer((req, res) => {
      if (req.url.startsWith('/token')) return json(res, 200, { access_token: 'echo-token-abcdefghijklmnop', token_type: 'Bearer', expires_in: 60 });
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`You sent ${JSON.stringify(req.headers)} and ${req.body}`);
    });
    const badToken = await startOddServer((req, res) => json(res, 400, { error: 'invalid_request', error_description: `bad form: ${req.body}` }));
    try {
      const secret = 'echoed-secret-value-0123456789';
      const results = [
        ...(await runChecks(input({ baseUrl: `${echo.origin}/p`, tokenUrl: `${echo.origin}/token`, clientSecret: secret }), nodeProbes)),
        ...(await runChecks(input({ tokenUrl: `${badToken.origin}/token`, clientSecret: secret }), nodeProbes)),
      ];
      assert.match(results.map((r) => r.detail).join(' '), /bad form/);
      const text = report(results);
      for (const value of [secret, API_KEY, 'echo-token-abcdefghijklmnop']) assert.ok(!text.includes(value), `${value} must not be in the report`);
    } finally {
      await echo.close();
      await badToken.close();
    }
  });

  it('fails the settings line for a plain-http URL elsewhere and for a missing secret, and reports the keychain', async () => {
    const results = await runChecks(
      input({
        baseUrl: 'http://standards.example.com/preprod',
        clientSecret: undefined,
        secretStorage: { ok: false, message: 'The keychain could not be opened' },
      }),
      nodeProbes,
    );
    assert.equal(line(results, /standardsExplorer\.baseUrl/).status, 'fail');
    assert.deepEqual(line(results, /standardsExplorer\.baseUrl/).actions, [{ kind: 'openSetting', setting: 'standardsExplorer.baseUrl' }]);
    assert.equal(line(results, /Client credentials/).status, 'fail');
    assert.equal(line(results, /Secret storage/).status, 'fail');
    assert.match(line(results, /Secret storage/).fix ?? '', /keyring/);
  });

  describe('where fetch is all there is (the web build)', () => {
    // Node's global fetch stands in for the browser's here; test/unit/sandboxCors.test.ts runs the same list in Chromium.
    const webProbes = () => fetchDoctorProbes({ origin: 'https://vscode.dev' });

    it('runs discovery, the token and the service call over fetch, and lists DNS, TCP and TLS as not available', async () => {
      const results = await runChecks(input(), webProbes());
      assert.deepEqual(
        results.filter((r) => r.status === 'fail' || r.status === 'warn'),
        [],
      );
      const port = new URL(sandbox.baseUrl).port;
      for (const title of [new RegExp(`^Connection 127\\.0\\.0\\.1:${port}$`), new RegExp(`^TLS 127\\.0\\.0\\.1:${port}$`)]) {
        assert.equal(line(results, title).status, 'skipped');
        assert.match(line(results, title).detail, /^Not available in the browser: a web page cannot look up names, open connections or see certificates\./);
      }
      assert.match(line(results, /^Proxy$/).detail, /^Not available in the browser: requests go through the browser's own proxy settings/);
      assert.equal(line(results, /OIDC discovery/).status, 'pass');
      assert.equal(line(results, /^Token request/).status, 'pass');
      assert.match(line(results, /^Token$/).detail, /A JWT: iss .*Valid for \d+ s more/);
      assert.match(line(results, /Service call/).detail, /200 with the token and the API key\. Without the API key: 401/);
      noSecrets(report(results));
    });

    it('names a name to look up too, and says nothing of a proxy it cannot use', async () => {
      const results = await runChecks(
        input({ baseUrl: 'https://standards.example.com/preprod', proxy: { setting: 'http://proxy:3128', strictSSL: true } }),
        webProbes(),
      );
      assert.equal(line(results, /^DNS standards\.example\.com$/).status, 'skipped');
      assert.equal(line(results, /^Connection standards\.example\.com:443$/).status, 'skipped');
      assert.doesNotMatch(JSON.stringify(results), /proxy:3128/);
    });

    it('says a service that is down where discovery first tries it, and does not try the token there again', async () => {
      const down = await startSandbox({ standards: 5 });
      const info = { baseUrl: down.baseUrl, tokenUrl: down.tokenUrl };
      await down.close();
      const results = await runChecks(input({ ...info, apiKey: undefined }), webProbes());
      const discovery = line(results, /OIDC discovery/);
      assert.equal(discovery.status, 'fail');
      assert.match(discovery.detail, /^No answer: connection refused at 127\.0\.0\.1:\d+ — is the service running\?\.$/);
      assert.deepEqual(discovery.actions, [{ kind: 'openSetting', setting: 'standardsExplorer.tokenUrl' }], 'no proxy setting: it does not apply in a browser');
      assert.match(line(results, /^Token request/).detail, /^Not tried: connection refused at/);
      assert.match(line(results, /Service call/).detail, /^Not tried: connection refused at/);
    });

    /** A fetch that fails as a browser's does where CORS does not allow the page (a TypeError, no cause) for `blocked` URLs. */
    const browserFetch =
      (blocked: RegExp): typeof fetch =>
      (url, init) =>
        blocked.test(String(url)) ? Promise.reject(new TypeError('Failed to fetch')) : fetch(url, init);

    it('tries the token where the browser cannot read discovery, and then calls discovery not needed', async () => {
      const results = await runChecks(input(), fetchDoctorProbes({ fetch: browserFetch(/\/\.well-known\//), origin: 'https://vscode.dev' }));
      const discovery = line(results, /OIDC discovery/);
      assert.equal(discovery.status, 'skipped');
      assert.match(discovery.detail, /^The browser could not read the discovery document: its CORS answer may not allow this origin/);
      assert.equal(line(results, /^Token request/).status, 'pass');
      assert.equal(line(results, /Service call/).status, 'pass');
      assert.deepEqual(
        results.map((r) => r.title).filter((t) => /OIDC|^Token/.test(t)),
        ['OIDC discovery', 'Token request', 'Token'],
        'in their usual order',
      );
    });

    it('says what a browser cannot tell apart — CORS or down — with the origin to allow, where nothing answers the page', async () => {
      const results = await runChecks(input({ apiKey: undefined }), fetchDoctorProbes({ fetch: browserFetch(/./), origin: 'https://vscode.dev' }));
      const where = new URL(sandbox.origin).host;
      const discovery = line(results, /OIDC discovery/);
      assert.equal(
        discovery.detail,
        `No answer: the browser could not reach ${where}: the service may not allow this origin, https://vscode.dev (CORS), or be down.`,
      );
      assert.match(discovery.fix ?? '', /its operator must allow this origin, https:\/\/vscode\.dev, in its CORS answer/);
      assert.deepEqual(discovery.actions, [{ kind: 'openSetting', setting: 'standardsExplorer.tokenUrl' }]);
      assert.equal(line(results, /^Token request/).status, 'fail');
      assert.match(line(results, /Service call/).detail, /^Not tried: the browser could not reach/);
      assert.equal(results.filter((r) => r.status === 'fail').length, 2, results.map((r) => `${r.status} ${r.title}`).join('; '));
    });
  });
});
