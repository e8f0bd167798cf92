import * as assert from 'node:assert/strict';
import { sandboxControl, startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { serviceOptionsFrom } from '../../src/core/service/index';
import { accessToken } from './sandboxHttp';
import { describeEachTransport } from './transports';

describeEachTransport('service: secrets stay out of messages and logs', ({ createStandardsService }) => {
  let sandbox: RunningSandbox;
  before(async () => (sandbox = await startSandbox({ standards: 50, apiKey: 'api-key-0123456789', clientSecret: 'client-secret-0123456789' })));
  after(() => sandbox.close());

  it('never puts the client secret, a token or the API key in an error message or a log line', async () => {
    const lines: string[] = [];
    const logger = { request: (e: unknown) => lines.push(JSON.stringify(e)), debug: (m: string) => lines.push(m) };
    const messages: string[] = [];
    const capture = async (work: Promise<unknown>): Promise<void> => {
      try {
        await work;
      } catch (error) {
        messages.push(error instanceof Error ? `${error.message}\n${error.stack ?? ''}\n${JSON.stringify(error)}` : String(error));
      }
    };
    const options = { ...serviceOptionsFrom(sandbox), logger, retry: { baseDelayMs: 10 } };
    const good = createStandardsService(options);
    const { items } = await good.listStandards({ limit: 2, offset: 0 });
    const clauses = await good.listClauses(items[0].urn);
    await good.getClause(items[0].urn, clauses[0].clauseId);
    await capture(createStandardsService({ ...options, clientSecret: 'wrong-secret-0123456789' }).listStandards({ limit: 1, offset: 0 }));
    await capture(
      createStandardsService({ ...options, apiKey: { header: 'X-Api-Key', value: 'wrong-api-key-0123456789' } }).listStandards({ limit: 1, offset: 0 }),
    );
    await sandboxControl(sandbox, 'revoke-tokens');
    await good.listStandards({ limit: 1, offset: 0 });
    for (const faults of ['503:1', 'drop:1', 'malformed:1', '429:1']) {
      await sandboxControl(sandbox, 'config', { faults, retryAfterSeconds: 0 });
      await capture(good.listClauses(items[1].urn));
    }
    await sandboxControl(sandbox, 'config', { faults: '' });
    await capture(good.getClause(items[0].urn, '00000000-0000-4000-8000-000000000000'));
    await capture(good.getClause(items[0].urn, '../x'));

    const token = await accessToken(sandbox);
    const secrets = ['client-secret-0123456789', 'api-key-0123456789', 'wrong-secret-0123456789', 'wrong-api-key-0123456789', token.split('.')[2]];
    assert.ok(lines.length > 10 && messages.length >= 7, `captured ${lines.length} lines and ${messages.length} messages`);
    for (const text of [...lines, ...messages]) {
      for (const secret of secrets) assert.ok(!text.includes(secret), `a secret leaked into: ${text.slice(0, 200)}`);
      assert.doesNotMatch(text, /Bearer\s+ey/);
    }
  });
});
