import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BACKGROUND_PROCESS_NICENESS, sessionOf } from '../../src/core/scan/backgroundPriority';
import { execFileSync, spawn } from 'node:child_process';
import { MAX_FILE_BYTES, scanText } from '../../src/core/scan/fileText';
import { ScanThread } from '../../src/core/scan/scanThread';
import { textCitations, type TextCitations } from '../../src/core/scan/textCitations';
import type { NotReadFile } from '../../src/core/scan/fileBytes';
import { GENERATED_MARKDOWN } from '../../src/core/generatedReports';

/** Scan worker processes whose parent is `parent` (/proc: a process's parent is the 2nd field of its stat after its name). */
function workerProcesses(parent: number, script = 'scanWorker.js'): number[] {
  return fs
    .readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        const parentOf = Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
        return parentOf === parent && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script);
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

/** Ended, not yet reaped by its parent (the state is the 1st field of its stat after its name). */
function isZombie(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
  } catch {
    return false;
  }
}

describe('References scan: files read by a worker', () => {
  let dir: string;
  const file = (name: string, content: string | Buffer): { path: string; name: string } => {
    fs.writeFileSync(path.join(dir, name), content);
    return { path: path.join(dir, name), name };
  };

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-thread-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads neither a folder nor a named pipe listed as a file (a pipe would hold the scan until written to)', function () {
    assert.equal(scanText(file('plain.md', 'ISO 9001:2015\n').path), 'ISO 9001:2015\n');
    fs.mkdirSync(path.join(dir, 'folder.md'));
    assert.equal(scanText(path.join(dir, 'folder.md')), undefined);
    if (process.platform === 'win32') return;
    execFileSync('mkfifo', [path.join(dir, 'pipe.md')]);
    assert.equal(scanText(path.join(dir, 'pipe.md')), undefined);
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

  it('reads in a process of its own on Linux, in a session whose scheduling group it lowers; the host keeps its priority', async function () {
    if (process.platform !== 'linux') this.skip();
    const ownGroup = fs.readFileSync('/proc/self/autogroup', 'utf8');
    const thread = new ScanThread();
    try {
      // A job answered: the worker has started and lowered its group.
      await thread.read([file('d.txt', 'ISO 9001:2015\n')], undefined);
      const [worker] = workerProcesses(process.pid);
      assert.ok(worker, 'a worker process, child of this one');
      assert.equal(sessionOf(worker), worker, 'it leads a session of its own');
      assert.notEqual(sessionOf(worker), sessionOf('self'));
      assert.match(fs.readFileSync(`/proc/${worker}/autogroup`, 'utf8'), new RegExp(`nice ${BACKGROUND_PROCESS_NICENESS}\\b`));
      assert.equal(fs.readFileSync('/proc/self/autogroup', 'utf8'), ownGroup, 'the host’s own group is as it was');
      assert.equal(os.getPriority(), 0, 'the host process keeps its priority');
    } finally {
      thread.dispose();
    }
  });

  it('gives its worker process nothing of the host’s environment or flags, and the worker ends with its host', async function () {
    if (process.platform !== 'linux') this.skip();
    this.timeout(20_000);
    const secret = 'se-test-secret-4f1c9';
    // A host of its own, with a flag and a secret in its environment, that ends abruptly when its stdin closes.
    const hostScript = `
      const { ScanThread } = require(${JSON.stringify(path.join(__dirname, '../../src/core/scan/scanThread.js'))});
      const thread = new ScanThread();
      thread.read([{ path: ${JSON.stringify(file('e.txt', 'ISO 9001:2015\n').path)}, name: 'e.txt' }], undefined).then(() => console.log('read'));
      process.stdin.on('end', () => process.exit(0)).resume();`;
    const host = spawn(process.execPath, ['--max-old-space-size=123', '-e', hostScript], {
      env: { ...process.env, SE_TEST_SECRET: secret },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        host.stdout.on('data', (data: Buffer) => String(data).includes('read') && resolve());
        host.on('exit', () => reject(new Error('The host ended before its worker read.')));
      });
      const [worker] = workerProcesses(host.pid ?? -1);
      assert.ok(worker, 'the host’s worker process');
      assert.ok(!fs.readFileSync(`/proc/${worker}/environ`, 'utf8').includes(secret), 'the host’s environment stays with it');
      assert.ok(!fs.readFileSync(`/proc/${worker}/cmdline`, 'utf8').includes('max-old-space-size'), 'the host’s flags stay with it');
      host.stdin.end();
      // Bounded: the worker sees its channel close and ends.
      for (let i = 0; i < 100 && fs.existsSync(`/proc/${worker}`) && !isZombie(worker); i++) await new Promise((r) => setTimeout(r, 50));
      assert.ok(!fs.existsSync(`/proc/${worker}`) || isZombie(worker), 'the worker ended with its host');
    } finally {
      host.kill();
    }
  });

  it('reads in a worker thread when its process cannot run (it ends before its first answer), with the jobs it had', async function () {
    if (process.platform !== 'linux') this.skip();
    // A worker that will not run as a process of its own, and runs as a thread.
    const worker = path.join(dir, 'threadOnlyWorker.js');
    fs.writeFileSync(
      worker,
      `if (!require('node:worker_threads').parentPort) process.exit(3);\nrequire(${JSON.stringify(path.join(__dirname, '../../src/core/scan/scanWorker.js'))});\n`,
    );
    const thread = new ScanThread(worker);
    try {
      const [first, second] = await Promise.all([
        thread.read([file('f.txt', 'See ISO 14971:2019.\n')], undefined),
        thread.read([file('g.txt', 'ISO 9001:2015\n')], undefined),
      ]);
      assert.equal(first[0] && 'citations' in first[0] ? first[0].citations.length : 0, 1);
      assert.equal(second[0] && 'citations' in second[0] ? second[0].citations.length : 0, 1);
      assert.deepEqual(
        workerProcesses(process.pid, 'threadOnlyWorker.js').filter((pid) => !isZombie(pid)),
        [],
        'no process left behind',
      );
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
