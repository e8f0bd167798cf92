/**
 * yieldNow (src/core/service/yieldNow.ts) in Node, as the extension host and the command line run the core: a yield lets
 * waiting I/O and timers run, so work done in slices never starves the host's messages.
 */
import * as assert from 'node:assert/strict';
import { stat } from 'node:fs';
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
    // I/O in turn, each read waited for by yielding: a count of yields, not a time, and far apart either way. The
    // median read: on a machine busy with other tests, a read or two waits for a thread of libuv's pool that long.
    const yields: number[] = [];
    for (let read = 0; read < 21; read++) yields.push(await yieldsUntil((done) => stat(__filename, () => done())));
    const median = yields.sort((a, b) => a - b)[10];
    assert.ok(median < 1000, `${median} yields for the median read (${yields.join(', ')})`);
  });
});
