import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BACKGROUND_NICENESS } from '../../src/core/scan/backgroundPriority';
import { execFileSync } from 'node:child_process';
import { MAX_FILE_BYTES, scanText } from '../../src/core/scan/fileText';
import { ScanThread } from '../../src/core/scan/scanThread';
import { textCitations, type TextCitations } from '../../src/core/scan/textCitations';
import type { NotReadFile } from '../../src/core/scan/fileBytes';
import { GENERATED_MARKDOWN } from '../../src/core/generatedReports';

describe('References scan: files read in a worker thread', () => {
  let dir: string;
  const file = (name: string, content: string | Buffer): { path: string; name: string } => {
    fs.writeFileSync(path.join(dir, name), content);
    return { path: path.join(dir, name), name };
  };

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-thread-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads neither a folder nor a named pipe listed as a file (a pipe would hold the scan until written to)', async function () {
    assert.equal(await scanText(file('plain.md', 'ISO 9001:2015\n').path), 'ISO 9001:2015\n');
    fs.mkdirSync(path.join(dir, 'folder.md'));
    assert.equal(await scanText(path.join(dir, 'folder.md')), undefined);
    if (process.platform === 'win32') return;
    execFileSync('mkfifo', [path.join(dir, 'pipe.md')]);
    assert.equal(await scanText(path.join(dir, 'pipe.md')), undefined);
  });

  it('finds in each file what the host would, in the files’ order; why binary and too large files were not read; nothing in generated or missing files', async () => {
    const cites = 'The design follows ISO 9001:2015, clause 7.5, and IEC 62304:2006 5.1.\n';
    const marks = 'standards: not-applicable IEC 62304:2006 5.1.12 — no SOUP in this product\nstandards: not-applicable ISO 9001:2015 8.3\n';
    const files = [
      file('plan.md', cites),
      file('binary.bin', Buffer.from([0x49, 0x53, 0x4f, 0x00, 0x39])),
      file('large.txt', `${cites}${'x'.repeat(MAX_FILE_BYTES)}`),
      file('report.md', `${GENERATED_MARKDOWN}\n${cites}`),
      { path: path.join(dir, 'gone.md'), name: 'gone.md' },
      file('nothing.txt', 'No standard here.\n'),
      file('marks.txt', marks),
    ];
    const thread = new ScanThread();
    try {
      const found = await thread.read(files, 'https://standards.example/api');
      assert.equal(found.length, files.length);
      assert.deepEqual(found[0], textCitations(cites, 'plan.md', 'https://standards.example/api'));
      assert.ok(found[0] && found[0].citations.length >= 2, 'the citations of plan.md');
      // Binary and too large: not read, and said why (the view counts them); the others have nothing to cite.
      assert.deepEqual(found.slice(1, 6), [{ notRead: 'binary' }, { notRead: 'too-large' }, undefined, undefined, undefined]);
      assert.deepEqual(found[6], textCitations(marks, 'marks.txt', 'https://standards.example/api'));
      assert.equal(found[6]?.marks?.problems[0]?.file, 'marks.txt', 'the marks name the file as the workspace does');
    } finally {
      thread.dispose();
    }
  });

  it('answers several jobs sent at once, each with its own files', async () => {
    const a = file('a.txt', 'See ISO 14971:2019.\n');
    const b = file('b.txt', 'See IEC 60601-1:2005 and IEC 62366-1:2015.\n');
    const thread = new ScanThread();
    try {
      const [first, second] = await Promise.all([thread.read([a], undefined), thread.read([b, a], undefined)]);
      const cited = (file: TextCitations | NotReadFile | undefined) => (file && 'citations' in file ? file.citations.length : undefined);
      assert.equal(cited(first[0]), 1);
      assert.equal(cited(second[0]), 2);
      assert.equal(cited(second[1]), 1);
    } finally {
      thread.dispose();
    }
  });

  it('reads as a background thread on Linux: the extension host gets a contended core first, and the worker rests less', async function () {
    if (process.platform !== 'linux') this.skip();
    /** Threads of this process at the background niceness (/proc: the 19th field of a task's stat, the 17th after its name). */
    const background = (): string[] =>
      fs.readdirSync('/proc/self/task').filter((tid) => {
        try {
          return Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]) === BACKGROUND_NICENESS;
        } catch {
          return false; // a thread that ended meanwhile (an earlier test's worker)
        }
      });
    const before = new Set(background());
    const thread = new ScanThread();
    try {
      // A job answered: the worker has started and set its priority.
      await thread.read([file('d.txt', 'ISO 9001:2015\n')], undefined);
      assert.equal(background().filter((tid) => !before.has(tid)).length, 1, 'a new thread at the background niceness: the worker');
      assert.equal(os.getPriority(), 0, 'the process itself (its main thread) keeps its priority');
    } finally {
      thread.dispose();
    }
  });

  it('rejects when no worker can run, or once it was stopped (the scan then reads on its own thread)', async () => {
    const one = [file('c.txt', 'ISO 9001:2015\n')];
    await assert.rejects(new ScanThread('/nonexistent/scanWorker.js').read(one, undefined), /No scan worker/);
    const thread = new ScanThread();
    const waiting = thread.read(one, undefined);
    thread.dispose();
    await assert.rejects(waiting, /stopped/);
    await assert.rejects(thread.read(one, undefined), /stopped/);
  });
});
