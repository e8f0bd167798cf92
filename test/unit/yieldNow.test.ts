/**
 * yieldNow (src/core/service/yieldNow.ts) in Node, as the extension host and the command line run the core: a yield lets
 * waiting I/O and timers run, so work done in slices never starves the host's messages.
 */
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { yieldNow } from '../../src/core/service/yieldNow';

/** How many yields pass before `started` reports back (bounded). */
async function yieldsUntil(started: (done: () => void) => void): Promise<number> {
  let done = false;
  started(() => (done = true));
  let yields = 0;
  while (!done && yields < 10_000) {
    await yieldNow();
    yields++;
  }
  return yields;
}

describe('yieldNow in Node', () => {
  it("lets the event loop's waiting work run at the next yield (a MessageChannel's port let a thousand yields pass first)", async () => {
    // Work queued for the loop's next turn: I/O callbacks run in that turn too, before it.
    assert.ok((await yieldsUntil((done) => setImmediate(done))) <= 2);
    // I/O already waiting when the yields start (bytes written to a loopback socket, then the thread held until they
    // are there): counted from then, the yields do not depend on how busy the machine is.
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    assert.ok(address && typeof address === 'object');
    const client = connect(address.port, '127.0.0.1');
    const [accepted] = (await once(server, 'connection')) as [Socket];
    try {
      const counts: number[] = [];
      for (let read = 0; read < 20; read++) {
        counts.push(
          await yieldsUntil((done) => {
            accepted.once('data', done);
            client.write('x');
            const until = Date.now() + 5;
            while (Date.now() < until); // the bytes reach the other end meanwhile
          }),
        );
      }
      assert.ok(Math.max(...counts) <= 10, `yields before the waiting read: ${counts.join(', ')}`);
    } finally {
      client.destroy();
      accepted.destroy();
      server.close();
    }
  });
});
