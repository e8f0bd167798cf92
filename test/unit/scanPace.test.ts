import * as assert from 'node:assert/strict';
import { Pacer, inPacedBatches, type Pace } from '../../src/core/scan/scanPace';

/** A clock that moves only when told, and a sleep that notes how long it was asked for: no test waits or times anything. */
function fakePace(restShare: number): Pace & { clock: number; slept: number[] } {
  const pace = {
    restShare,
    clock: 0,
    slept: [] as number[],
    now: () => pace.clock,
    sleep: async (ms: number) => {
      pace.slept.push(ms);
      pace.clock += ms;
    },
  };
  return pace;
}

describe('scan pace (how background scans share a small machine)', () => {
  it('rests as long as it worked since the last rest, once that adds up to a few milliseconds', async () => {
    const pace = fakePace(1);
    const pacer = new Pacer(pace);
    pace.clock += 12;
    await pacer.rest();
    pace.clock += 5;
    await pacer.rest(); // 5 ms: the event loop given back, no rest yet
    pace.clock += 4;
    await pacer.rest(); // 9 ms since the last rest (the rest itself not counted)
    assert.deepEqual(pace.slept, [12, 0, 9]);
  });

  it('only gives the event loop back with a share of 0 (a machine with a core to spare)', async () => {
    const pace = fakePace(0);
    const pacer = new Pacer(pace);
    pace.clock += 12;
    await pacer.rest();
    assert.deepEqual(pace.slept, [0]);
  });

  it('does every item in batches, reports after each, and stops when asked before a batch', async () => {
    const seen: number[] = [];
    const reported: number[] = [];
    const done = await inPacedBatches([1, 2, 3, 4, 5], 2, async (n) => void seen.push(n), { after: (count) => reported.push(count) });
    assert.equal(done, 5);
    assert.deepEqual(seen, [1, 2, 3, 4, 5]);
    assert.deepEqual(reported, [2, 4, 5]);
    const stoppedAt = await inPacedBatches([1, 2, 3, 4, 5], 2, async () => undefined, {
      stopped: () => reported.length >= 4,
      after: (count) => reported.push(count),
    });
    assert.equal(stoppedAt, 2, 'a batch was read after the stop');
  });
});
