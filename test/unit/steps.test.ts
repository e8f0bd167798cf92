import * as assert from 'node:assert/strict';
import { runSteps, sortInSteps } from '../../src/core/steps';

describe('sortInSteps', () => {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  const natural = (a: string, b: string): number => collator.compare(a, b);

  it('sorts as a stable Array.prototype.sort does, names the collator holds equal in the order given', () => {
    // Names in no order, with numbers, cases the collator holds equal ("Module1/f2.md", "module1/f2.md") and repeats.
    const names: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const n = (i * 7919) % 5003;
      names.push(`${(n >> 4) % 2 ? 'Module' : 'module'}${n % 7}/f${n % 50}.${['ts', 'md', 'py'][n % 3]}`);
    }
    const expected = names.slice().sort(natural);
    const sorted = runSteps(sortInSteps(names, natural));
    assert.deepEqual(sorted, expected);
    // The same strings, but which of two equal ones comes first is what stability decides: compare by identity
    // of place, with each name tagged by where it was given.
    const tagged = names.map((name, place) => ({ name, place }));
    const byName = (a: { name: string }, b: { name: string }): number => natural(a.name, b.name);
    assert.deepEqual(
      runSteps(sortInSteps(tagged, byName)).map((t) => t.place),
      tagged
        .slice()
        .sort(byName)
        .map((t) => t.place),
    );
  });

  it('yields between steps of a few thousand comparisons, and not for a list that needs none', () => {
    const numbers = Array.from({ length: 20_000 }, (_, i) => (i * 104_729) % 20_011);
    const steps = sortInSteps(numbers, (a, b) => a - b);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    assert.deepEqual(
      step.value,
      numbers.slice().sort((a, b) => a - b),
    );
    // 40 runs of 512, then merges of about 20 000 × 6 comparisons in steps of 8 000.
    assert.ok(yields >= 40 + 10, `yielded ${yields} times`);
    const small = sortInSteps([3, 1, 2], (a, b) => a - b);
    const first = small.next();
    assert.equal(first.done, true);
    assert.deepEqual(first.value, [1, 2, 3]);
    assert.deepEqual(runSteps(sortInSteps([], (a: number, b: number) => a - b)), []);
  });
});
