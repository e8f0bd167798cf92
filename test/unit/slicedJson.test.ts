/**
 * parseJsonInSlices (src/core/service/slicedJson.ts): the value JSON.parse gives, for bodies large enough to be split
 * and in every shape the split has to follow; JSON.parse's own error for malformed text; the depth limit; and the
 * event loop let in while a large body is parsed.
 */
import * as assert from 'node:assert/strict';
import { JsonTooDeep, parseJsonInSlices } from '../../src/core/service/slicedJson';
import { TurnCounter } from './eventLoopTurns';

/** Rows enough to make `count` × ~650 characters: 2000 are past the size parsed whole, 200 are well past a slice. */
function rows(count: number, extra: (i: number) => Record<string, unknown> = () => ({})): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, i) => ({ '@type': 'corext:Row', n: i, text: `row ${i} ${'x'.repeat(600)}`, ...extra(i) }));
}

/** The longest text JSON.parse was given while `work` ran. */
async function longestParsed<T>(work: () => Promise<T>): Promise<{ result: T; longest: number }> {
  const parse = JSON.parse;
  let longest = 0;
  JSON.parse = (text: string, reviver?: Parameters<typeof parse>[1]): unknown => {
    longest = Math.max(longest, text.length);
    return parse(text, reviver);
  };
  try {
    return { result: await work(), longest };
  } finally {
    JSON.parse = parse;
  }
}

async function sameAsJsonParse(text: string): Promise<void> {
  const { result: value, longest } = await longestParsed(() => parseJsonInSlices(text, 1000));
  // Split, not handed to JSON.parse whole (which would also give the right value).
  assert.ok(longest < text.length / 2, `the longest text parsed at once: ${longest} of ${text.length} characters`);
  assert.deepEqual(value, JSON.parse(text));
  assert.equal(JSON.stringify(value), JSON.stringify(JSON.parse(text)), 'the same members in the same order');
}

describe('slicedJson: large JSON parsed a slice at a time', function () {
  this.timeout(60_000);

  it('gives what JSON.parse gives for a clause holding one large array, compact and indented', async () => {
    const body = { '@id': 'https://h/c/big', '@type': 'corext:Clause', 'corext:content': rows(5000) };
    await sameAsJsonParse(JSON.stringify(body));
    await sameAsJsonParse(JSON.stringify(body, null, 2));
    await sameAsJsonParse(`\n\t ${JSON.stringify(body, null, '\t')} \r\n`);
  });

  it('parses a body of up to a megabyte whole: slicing it would cost more than it spares', async () => {
    const text = JSON.stringify({ '@type': 'hydra:Collection', 'hydra:member': rows(1000) });
    assert.ok(text.length > 600_000 && text.length < 1024 * 1024, `${text.length} characters`);
    const { result, longest } = await longestParsed(() => parseJsonInSlices(text, 1000));
    assert.equal(longest, text.length);
    assert.deepEqual(result, JSON.parse(text));
  });

  it('follows large containers nested in large containers, large strings, and a large root array', async () => {
    const section = (depth: number): Record<string, unknown> =>
      depth === 0 ? { rows: rows(900) } : { title: `level ${depth}`, parts: [section(depth - 1), section(depth - 1)], note: 'n' };
    await sameAsJsonParse(JSON.stringify({ a: 1, body: section(3), z: [] }));
    await sameAsJsonParse(JSON.stringify([{ big: 'y'.repeat(400_000) }, 'x'.repeat(300_000), rows(2000), null, true, -1.5e-7]));
    await sameAsJsonParse(JSON.stringify(rows(3000)));
  });

  it('reads strings as JSON does: escaped quotes and backslashes, brackets and commas inside, \\u escapes and non-ASCII', async () => {
    const tricky = rows(2000, (i) => ({
      quoted: `say "${i}", [then] {stop}`,
      slashes: `C:\\path\\${i}\\`,
      escaped: '\\"',
      unicode: `Schnee \u00e9t\u00e9 ${'\u2603'} \u{1f600} \u0000`,
    }));
    await sameAsJsonParse(JSON.stringify({ 'k,ey"]': tricky, '': 'empty key', 'x\\': [[], {}, [[]]] }));
  });

  it('keeps "__proto__" an own member and the last of duplicate keys, as JSON.parse does', async () => {
    const text = `{"__proto__": {"polluted": true}, "a": 1, "list": ${JSON.stringify(rows(2000))}, "a": 2, "__proto__": ${JSON.stringify(rows(2000))}}`;
    const value = (await parseJsonInSlices(text, 1000)) as Record<string, unknown>;
    assert.deepEqual(value, JSON.parse(text));
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'));
    assert.equal(value.a, 2);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it("rejects malformed text with JSON.parse's own SyntaxError", async () => {
    const good = JSON.stringify({ content: rows(2000) });
    for (const bad of [
      good.slice(0, -1),
      `${good.slice(0, -1)}]`,
      good.replace('"n":7,', '"n":7,,'),
      good.replace('"n":9,', '"n":9 '),
      `[${JSON.stringify(rows(2000)).slice(1, -1)},]`,
      `${good}x`,
      `{"a": ${JSON.stringify(rows(2000))} x}`,
      `[${JSON.stringify(rows(2000))}}`,
    ]) {
      let expected = '';
      try {
        JSON.parse(bad);
      } catch (error) {
        expected = (error as Error).message;
      }
      assert.ok(expected, 'the sample is malformed');
      await assert.rejects(parseJsonInSlices(bad, 1000), (error: unknown) => error instanceof SyntaxError && error.message === expected);
    }
  });

  it('rejects JSON nested deeper than the limit, wherever the depth is; accepts it at the limit', async () => {
    const nest = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const large = (inner: string): string => `{"content": ${JSON.stringify(rows(2000)).slice(0, -1)}, ${inner}]}`;
    await assert.rejects(parseJsonInSlices(large(nest(39)), 40), JsonTooDeep);
    assert.ok(await parseJsonInSlices(large(nest(38)), 40));
    await assert.rejects(parseJsonInSlices(nest(41), 40), JsonTooDeep);
  });

  it('lets the event loop run while a large body is parsed', async () => {
    const text = JSON.stringify({ content: rows(20_000) });
    const turns = new TurnCounter();
    await parseJsonInSlices(text, 1000);
    const ran = turns.stop();
    assert.ok(ran > 1, `other work ran ${ran} times during the parse`);
  });
  it('parses bodies that arrived together one per turn of the event loop, in the order asked, and small ones at once', async () => {
    const page = JSON.stringify({ '@type': 'hydra:Collection', 'hydra:member': rows(200) });
    assert.ok(page.length > 64 * 1024 && page.length < 1024 * 1024, `${page.length} characters`);
    const turns = new TurnCounter();
    const parsedIn: number[] = [];
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (k) => {
        await parseJsonInSlices(page, 1000);
        parsedIn.push(turns.count);
        order.push(k);
      }),
    );
    const small = JSON.stringify({ '@type': 'hydra:Collection', 'hydra:member': rows(2) });
    const before = turns.count;
    await parseJsonInSlices(small, 1000);
    const after = turns.stop();
    assert.equal(new Set(parsedIn).size, 6, `six bodies parsed in turns ${parsedIn.join(', ')}`);
    assert.deepEqual(order, [0, 1, 2, 3, 4, 5]);
    assert.equal(after, before, 'a small body waits for no turn');
  });
});
