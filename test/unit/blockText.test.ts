/**
 * A large body's text as blocks (src/core/service/blockText.ts) reads as the string it stands for, is parsed as
 * JSON.parse parses that string, and is stored in and read back from the disk cache byte for byte, with characters
 * and escapes cut by block boundaries.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BLOCK_CHARS, BlockFiller, BlockText, encodablePieces, sameText, textBytes } from '../../src/core/service/blockText';
import { DiskCache } from '../../src/core/service/cache';
import { parseJsonInSlices } from '../../src/core/service/slicedJson';
import { ReceivedParts, jsonParts } from '../../src/webview/protocol';

/** Blocks made as the transport makes them: from pieces of uneven sizes. */
function blocksOf(text: string, piece = 65_537): BlockText {
  const filler = new BlockFiller();
  for (let at = 0; at < text.length; at += piece) filler.add(text.slice(at, at + piece));
  return filler.done();
}

/** A text of `length` characters with `marker` placed so that it straddles the first block boundary. */
function straddling(length: number, marker: string, fill = 'a'): string {
  const before = fill.repeat(BLOCK_CHARS - Math.floor(marker.length / 2));
  return (before + marker).padEnd(length, fill);
}

describe('block text', function () {
  this.timeout(60_000);

  it('reads as its string: characters, one character found, slices within and across blocks', () => {
    const text = straddling(2 * BLOCK_CHARS + 1234, 'x"y😀z');
    const blocks = blocksOf(text);
    assert.equal(blocks.blocks.length, 3);
    assert.ok(blocks.blocks.slice(0, 2).every((block) => block.length === BLOCK_CHARS));
    assert.equal(blocks.length, text.length);
    for (const at of [0, 1, BLOCK_CHARS - 3, BLOCK_CHARS - 1, BLOCK_CHARS, BLOCK_CHARS + 2, text.length - 1, text.length, -1])
      assert.equal(blocks.charCodeAt(at), text.charCodeAt(at), `charCodeAt(${at})`);
    for (const [char, from] of [
      ['"', 0],
      ['"', BLOCK_CHARS - 2],
      ['"', BLOCK_CHARS + 5],
      ['z', BLOCK_CHARS - 10],
      ['q', 0],
    ] as const)
      assert.equal(blocks.indexOf(char, from), text.indexOf(char, from), `indexOf(${char}, ${from})`);
    for (const [start, end] of [
      [0, 10],
      [BLOCK_CHARS - 5, BLOCK_CHARS + 5],
      [10, 2 * BLOCK_CHARS + 10],
      [BLOCK_CHARS, BLOCK_CHARS],
      [text.length - 3, text.length + 10],
    ])
      assert.equal(blocks.slice(start, end), text.slice(start, end), `slice(${start}, ${end})`);
    assert.equal(String(blocks), text);
    assert.throws(() => new BlockText(['short', 'last']), /block 0 holds 5 characters/);
  });

  it('is filled into whole blocks from pieces of any size, a byte order mark dropped only at the start', () => {
    const text = '\ufeff' + straddling(BLOCK_CHARS + 10, '\ufeff');
    for (const size of [1, 7, 3001, 1_000_000, 5_000_000]) {
      const filler = new BlockFiller(0xfeff);
      // One character at a time only for the first 5 000: the rest in one piece.
      const cut = size === 1 ? 5000 : text.length;
      for (let at = 0; at < cut; at += size) filler.add(text.slice(at, Math.min(cut, at + size)));
      filler.add(text.slice(cut));
      const filled = filler.done();
      assert.equal(String(filled), text.slice(1), `pieces of ${size}`);
      assert.equal(filled.blocks[0].length, BLOCK_CHARS);
    }
  });

  it('is encoded in pieces as UTF-8 encodes it whole, a surrogate pair cut by a block boundary kept together', () => {
    const text = straddling(BLOCK_CHARS + 50, '😀', 'é');
    const blocks = blocksOf(text);
    assert.ok(blocks.blocks[0].endsWith('\ud83d'), 'the emoji is cut by the boundary');
    const encoded = Buffer.concat(encodablePieces(blocks).map((piece) => Buffer.from(piece, 'utf8')));
    assert.ok(encoded.equals(Buffer.from(text, 'utf8')));
    assert.equal(textBytes(blocks), 2 * text.length, 'text past Latin-1 is two bytes a character');
    assert.equal(textBytes(blocksOf('a'.repeat(BLOCK_CHARS + 1))), BLOCK_CHARS + 1);
    assert.ok(sameText(blocks, text) && sameText(text, blocks) && sameText(blocks, blocksOf(text, 999_999)));
    assert.ok(!sameText(blocks, blocksOf(text.slice(0, -1) + 'x')));
  });

  it('is parsed as JSON.parse parses the string, with strings, escapes and members cut by block boundaries', async () => {
    const items: string[] = [];
    for (let length = 1; length < BLOCK_CHARS - 400; length += items[items.length - 1].length + 1)
      items.push(JSON.stringify(`row ${items.length} ${'x'.repeat(300)}`));
    const head = `[${items.join(',')},`;
    for (const value of ['a\\', 'say "so"', '\\"\\\\', 'é\u00e9\n', { k: [1, 2], 'k"': 'v' }, '😀']) {
      const marker = JSON.stringify(value);
      // The marker starts 1 to 4 characters before the first block boundary: the boundary cuts it at each place.
      for (let before = 1; before <= Math.min(4, marker.length - 1); before++) {
        const pad = JSON.stringify('p'.repeat(BLOCK_CHARS - head.length - 3 - before));
        const text = `${head}${pad},${marker},${items.join(',')}]`;
        assert.equal(text.slice(BLOCK_CHARS - before, BLOCK_CHARS - before + marker.length), marker);
        const expected: unknown = JSON.parse(text);
        assert.deepEqual(await parseJsonInSlices(blocksOf(text), 100), expected, `${marker}, ${before} before the boundary`);
      }
    }
    await assert.rejects(parseJsonInSlices(blocksOf(`[${'1,'.repeat(BLOCK_CHARS)}]`), 100), SyntaxError);
  });

  it('is written to the disk cache a block at a time and read back as the same text, byte for byte', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'block-text-'));
    try {
      const text = straddling(3 * BLOCK_CHARS, '情報😀', 'é');
      const cache = new DiskCache(dir);
      await cache.write('https://h/big', '"e1"', blocksOf(text));
      const [file] = readdirSync(dir);
      const bytes = readFileSync(path.join(dir, file));
      assert.ok(bytes.subarray(bytes.indexOf(0x0a) + 1).equals(Buffer.from(text, 'utf8')));
      assert.equal(await cache.sizeOf('https://h/big'), bytes.length);
      assert.equal(DiskCache.sizeFor('https://h/big', '"e1"', blocksOf(text)), bytes.length);
      const read = await new DiskCache(dir).read('https://h/big');
      assert.ok(read && read.body instanceof BlockText, 'a large body is read back as blocks');
      assert.equal(read.header.etag, '"e1"');
      assert.equal(String(read.body), text);
      await cache.write('https://h/small', undefined, '{"a":"é"}');
      assert.deepEqual((await new DiskCache(dir).read('https://h/small'))?.body, '{"a":"é"}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is posted to the clause page in its blocks, a message each, and read there as blocks; a part missing is said, not parsed', async () => {
    const text = `{"@id":"c","rows":[${Array.from({ length: 9000 }, (_, i) => JSON.stringify(`row ${i} é ${'x'.repeat(250)}`)).join(',')}]}`;
    const sent = jsonParts(blocksOf(text));
    assert.ok(sent.length > 2, `${sent.length} parts`);
    const last = sent.pop() ?? '';
    const page = new ReceivedParts();
    for (const part of sent) page.add(part);
    const received = page.take(last, sent.length);
    assert.ok(received instanceof BlockText, 'read as blocks, not joined');
    assert.deepEqual(await parseJsonInSlices(received, 100), JSON.parse(text));
    // A small clause is one string, as before; a part lost on the way is not taken for the clause.
    assert.deepEqual(jsonParts('{"a":1}'), ['{"a":1}']);
    assert.equal(page.take('{"a":1}'), '{"a":1}');
    page.add(sent[0]);
    assert.equal(page.take(last, sent.length), undefined);
    assert.equal(page.take(last, 0), last, 'nothing left over from the part that came alone');
  });
});
