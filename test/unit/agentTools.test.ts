/**
 * The agent tools (src/core/agentTools) called as a host calls them, `runAgentTool`, over the real service layer
 * against the sandbox on loopback (real identity provider, real catalogue records: test/fixtures/cli/catalogue.jsonl):
 * good input, every kind of bad input, the cut and its continuation, the edition in every answer, stored copies while
 * offline, and no secret in any answer.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sandboxControl, startSandbox } from '../../sandbox/index';
import type { Occurrence } from '../../src/core/citations/referenceReport';
import type { RunningSandbox } from '../../sandbox/types';
import { AGENT_TOOLS, runAgentTool, toolsFor, ToolProblem, type ToolAnswer, type ToolContext } from '../../src/core/agentTools/index';
import { buildCatalogueIndex } from '../../src/core/catalogue/buildIndex';
import { readCatalogueFile } from '../../src/core/catalogue/catalogueFile';
import type { CatalogueIndex } from '../../src/core/catalogue/catalogueIndex';
import type { ManagedStandardsService } from '../../src/core/service/managedService';
import { createStandardsService } from '../../src/core/service/standardsService';

const CATALOGUE = path.resolve(__dirname, '../../../test/fixtures/cli/catalogue.jsonl');

describe('agent tools against the sandbox', function () {
  this.timeout(30_000);
  let sandbox: RunningSandbox;
  let service: ManagedStandardsService;
  let index: CatalogueIndex;
  let context: ToolContext;
  const answers: ToolAnswer[] = [];

  const call = async (name: string, input: unknown, over: Partial<ToolContext> = {}): Promise<ToolAnswer> => {
    const answer = await runAgentTool(name, input, { ...context, ...over });
    answers.push(answer);
    return answer;
  };
  const ok = (answer: ToolAnswer): ToolAnswer => {
    assert.ok(!answer.isError, answer.text);
    return answer;
  };
  const failed = (answer: ToolAnswer, expected: RegExp): void => {
    assert.equal(answer.isError, true, answer.text);
    assert.match(answer.text, expected);
  };

  before(async () => {
    sandbox = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
    service = createStandardsService({ baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
    index = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 500 });
    context = { catalogue: () => Promise.resolve(index), clauses: service, serviceBaseUrl: sandbox.baseUrl };
  });

  after(async () => {
    // Whatever the tools answered, no credential of the connection is in it.
    const token = await service.accessToken();
    for (const answer of answers) {
      const all = JSON.stringify(answer);
      assert.ok(!all.includes(sandbox.clientSecret) && !all.includes(token), `a secret in ${answer.text.slice(0, 80)}`);
    }
    service.dispose();
    await sandbox.close();
  });

  it('search_standards ranks as Find Standard does, with status, replacement and URN', async () => {
    const answer = ok(await call('search_standards', { query: 'risk management medical devices', limit: 3 }));
    assert.equal(answer.citations[0].reference, 'ISO 14971:2019');
    assert.match(answer.text, /^1\. ISO 14971:2019 \(2019 edition, current\) — Medical devices/m);
    const old = ok(await call('search_standards', { query: 'ISO 9001:2008', limit: 1 }));
    assert.deepEqual(old.citations[0].edition, { year: 2008, status: 'withdrawn', replacedBy: 'ISO 9001:2015', inCatalogue: true });
    assert.match(old.text, /ISO 9001:2008 \(2008 edition, withdrawn; replaced by ISO 9001:2015\)/);
    const current = ok(await call('search_standards', { query: 'ISO 9001', includeWithdrawn: false }));
    assert.ok(current.citations.length > 0 && current.citations.every((c) => !/withdrawn|replaced/.test(c.edition.status)));
    failed(await call('search_standards', { query: 'ISO 9001', limit: 500 }), /input\.limit must be <= 50/);
  });

  it('get_clause reads a clause by number, section, title and clauseId, with its reference line, edition and link', async () => {
    const byNumber = ok(await call('get_clause', { standard: 'ISO 14971:2019', clause: '1' }));
    const [citation] = byNumber.citations;
    assert.equal(citation.label, 'ISO 14971:2019, 1');
    assert.equal(citation.edition.year, 2019);
    assert.equal(citation.edition.status, 'current');
    assert.ok(citation.link?.startsWith(`${sandbox.baseUrl}/v1/standards/`), citation.link);
    assert.equal(citation.clause?.title, 'Scope');
    assert.match(byNumber.text, /^ISO 14971:2019, 1 Scope\nEdition: ISO 14971:2019 \(2019 edition, current\)/);
    assert.match(byNumber.text, /\n# 1 Scope\n/);
    const bySection = ok(await call('get_clause', { standard: 'ISO 14971:2019', section: 'Scope' }));
    assert.equal(bySection.text, byNumber.text);
    const byTitle = ok(await call('get_clause', { standard: 'ISO 14971:2019', title: 'scope' }));
    assert.equal(byTitle.text, byNumber.text);
    const byId = ok(await call('get_clause', { standard: citation.urn, clauseId: citation.clause?.clauseId }));
    assert.equal(byId.citations[0].clause?.id, citation.clause?.id);
    // A term entry the list does not name is shown under its clause's heading, cited by its number.
    const entry = ok(await call('get_clause', { standard: 'ISO 14971:2019', clause: '3.1' }));
    assert.equal(entry.citations[0].label, 'ISO 14971:2019, 3.1');
    assert.match(entry.text, /\n## 3\.1\n/);
    assert.ok(!/\n## 3\.2\n/.test(entry.text), 'only the entry asked for');
  });

  it('lookup_term answers the entry of a defined term, and similar terms when it is not defined', async () => {
    const terms = ok(await call('get_clause', { standard: 'ISO 14971:2019', section: 'Terms and definitions' }));
    const term = /\n\*\*([^*]+)\*\*\n/.exec(terms.text)?.[1];
    assert.ok(term, terms.text);
    const found = ok(await call('lookup_term', { standard: 'ISO 14971:2019', term: term.toUpperCase() }));
    assert.equal(found.citations[0].clause?.term, term);
    assert.match(found.citations[0].label, /^ISO 14971:2019, 3\.\d+$/);
    assert.match(found.text, new RegExp(`\\*\\*${term}\\*\\*`));
    const viaGetClause = ok(await call('get_clause', { standard: 'ISO 14971:2019', term }));
    assert.equal(viaGetClause.citations[0].label, found.citations[0].label);
    const word = term.split(' ').pop() ?? term;
    failed(await call('lookup_term', { standard: 'ISO 14971:2019', term: `${word}x` }), /defines no term/);
    failed(await call('lookup_term', { standard: 'ISO 14971:2019', term: word }), new RegExp(`Similar terms it defines: .*${term}`));
  });

  it('list_clauses gives the outline with clause ids; a cut answer says so and its continuation gives the rest', async () => {
    const whole = ok(await call('list_clauses', { standard: 'IEC 62304:2006' }));
    assert.match(whole.text, /^IEC 62304:2006\nEdition: IEC 62304:2006 \(2006 edition, current\)/);
    assert.match(whole.text, /\n- 1 Scope clauseId=[\w-]+\n/);
    assert.match(whole.text, /\n {2}- 4\.1 \S/);
    assert.equal(whole.cut, undefined);
    const bodyOf = (text: string): string[] => text.slice(text.indexOf(' clauses:\n\n') + ' clauses:\n\n'.length).split('\n');
    // Cut at line ends (each line is far shorter than a fifth of 1000): the pages' lines are the whole list's, once each.
    const lines: string[] = [];
    let offset = 0;
    for (let pages = 0; pages < 20; pages++) {
      const page = ok(await call('list_clauses', { standard: 'IEC 62304:2006', maxChars: 1000, offset }));
      assert.ok(page.cut, 'cut');
      assert.match(page.text, /^IEC 62304:2006\nEdition: IEC 62304:2006 \(2006 edition, current\)/, 'every page names the edition');
      lines.push(...bodyOf(page.text.replace(/\n\n\[(?:Cut|Characters)[^\]]*\]$/, '')));
      if (page.cut.nextOffset >= page.cut.total) {
        assert.match(page.text, /the end\.\]$/);
        break;
      }
      assert.match(page.text, new RegExp(`\\[Cut: characters ${offset}–${page.cut.nextOffset} of ${page.cut.total} shown\\. .*offset ${page.cut.nextOffset}`));
      offset = page.cut.nextOffset;
    }
    assert.deepEqual(lines, bodyOf(whole.text));
  });

  it('check_references reports citations as the check does: status, replacement, unknown, missing clause', async () => {
    const text = 'Per ISO 9001:2008, clause 7.1 and ISO 14971:2019, 7.1; also clause 99 of ISO 14971:2019, ISO 99999:2020 and IEC 62304.';
    const answer = ok(await call('check_references', { text }));
    assert.match(answer.text, /^5 citations of standards in 1 text; 3 findings \(0 errors, 2 warnings, 1 note\)\./);
    assert.match(
      answer.text,
      /text:1:5 "ISO 9001:2008" → ISO 9001:2008 \(2008 edition, withdrawn; replaced by ISO 9001:2015\)\n {4}warning \[withdrawn\] .* Fix: ISO 9001:2015/,
    );
    assert.match(answer.text, /warning \[missing-clause\] ISO 14971:2019 has no clause 99/);
    assert.match(answer.text, /"ISO 99999:2020" → not in the catalogue\n {4}note \[unknown\]/);
    assert.deepEqual(
      answer.citations.map((c) => c.reference),
      ['ISO 9001:2008', 'ISO 14971:2019', 'IEC 62304:2006'],
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-tools-'));
    try {
      fs.writeFileSync(path.join(dir, 'req.md'), 'ISO 13485:2003\n');
      const readFiles = async function* (paths: readonly string[]) {
        for (const file of paths) yield { file, text: fs.readFileSync(path.join(dir, file), 'utf8') };
      };
      const files = ok(await call('check_references', { paths: ['req.md'] }, { readFiles }));
      assert.match(files.text, /req\.md:1:1 "ISO 13485:2003" → .*withdrawn; replaced by ISO 13485:2016/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    failed(await call('check_references', { paths: ['req.md'] }), /cannot read workspace files/);
    failed(await call('check_references', {}), /Give the text to check/);
  });

  it('answers bad input with what to do: schema, unknown, ambiguous, clause not found', async () => {
    failed(await call('get_clause', { standard: 'ISO 14971:2019', clause: 7 }), /input\.clause must be string/);
    failed(await call('get_clause', { standard: 'ISO 14971:2019', clause: '1', number: '1' }), /must NOT have additional properties "number"/);
    failed(await call('get_clause', { clause: '1' }), /must have required property 'standard'/);
    failed(await call('get_clause', { standard: 'ISO 14971:2019', section: 'Preface' }), /input\.section must be equal to one of the allowed values/);
    failed(await call('get_clause', { standard: 'ISO 14971:2019' }), /exactly one of clause, section, title, clauseId, term/);
    failed(await call('get_clause', { standard: 'ISO 14971:2019', clause: '1', title: 'Scope' }), /this call gave clause and title/);
    failed(await call('no_such_tool', {}), /There is no tool "no_such_tool" here; the tools are search_standards, /);
    failed(await call('get_clause', { standard: 'ISO 99999:2020', clause: '1' }), /The catalogue has no ISO 99999:2020\. Use search_standards/);
    const editions = await call('get_clause', { standard: 'ISO 14971', clause: '1' });
    failed(editions, /ISO 14971 has 3 editions in the catalogue: call again with the year/);
    assert.match(editions.text, /- ISO 14971:2007 — .* \(withdrawn\) urn:/);
    failed(await call('list_clauses', { standard: 'ISO 26262' }), /ISO 26262 has several parts: .*\n- ISO 26262-6:2018/);
    failed(
      await call('get_clause', { standard: 'ISO 14971:2018', clause: '1' }),
      /The catalogue has no ISO 14971:2018\. Its editions in the catalogue:\n- ISO 14971:2019/,
    );
    failed(await call('get_clause', { standard: 'ISO 14971:2019', clause: '42' }), /ISO 14971:2019 has no clause 42\. Its clauses .*:\n- Foreword/);
    failed(await call('get_clause', { standard: 'ISO 14971:2019', clause: '9.9' }), /has no clause 9\.9: clause 9 holds none/);
    failed(await call('list_clauses', { standard: 'urn:iso:std:iso:1:nothing' }), /The service has no standard urn:iso:std:iso:1:nothing/);
  });

  it('answers service failures as errors the model can act on: not signed in, rate limited, a host problem, a fault', async () => {
    const wrong = createStandardsService({
      baseUrl: sandbox.baseUrl,
      tokenUrl: sandbox.tokenUrl,
      clientId: sandbox.clientId,
      clientSecret: 'wrong-secret-1234',
    });
    try {
      failed(await call('list_clauses', { standard: 'ISO 14971:2019' }, { clauses: wrong }), /Client ID or secret rejected.*ask the user to sign in/);
      failed(
        await call(
          'list_clauses',
          { standard: 'ISO 14971:2019' },
          { clauses: wrong, remedyText: (r) => (r === 'signIn' ? 'Run Standards: Sign In….' : undefined) },
        ),
        /Run Standards: Sign In…\.$/,
      );
    } finally {
      wrong.dispose();
    }
    const impatient = createStandardsService({ ...serviceOptions(), retry: { maxRetries: 0 } });
    await sandboxControl(sandbox, 'config', { faults: '429:1' });
    try {
      failed(
        await call('list_clauses', { standard: 'IEC 61508-3:2010' }, { clauses: impatient }),
        /too many requests \(429\).* Try again in 1 s\. The service is busy: wait a moment/,
      );
    } finally {
      await sandboxControl(sandbox, 'config', { faults: '' });
      impatient.dispose();
    }
    const notBuilt = () => Promise.reject(new ToolProblem('The catalogue index is not built yet: ask the user to run Build Catalogue Index.'));
    failed(await call('search_standards', { query: 'x' }, { catalogue: notBuilt }), /^The catalogue index is not built yet/);
    failed(
      await call('search_standards', { query: 'x' }, { catalogue: () => Promise.reject(new RangeError('bug')) }),
      /failed unexpectedly \(RangeError: bug\)\. This is a fault of the tool/,
    );
  });

  it('marks an answer from a stored copy as offline, with its date', async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'se-tools-cache-'));
    const own = await startSandbox({ catalogue: readCatalogueFile(CATALOGUE) });
    const options = { baseUrl: own.baseUrl, tokenUrl: own.tokenUrl, clientId: own.clientId, clientSecret: own.clientSecret, cacheDir, cacheFreshMs: 0 };
    const reader = createStandardsService({ ...options, retry: { maxRetries: 0 } });
    const over = { clauses: reader, serviceBaseUrl: own.baseUrl };
    try {
      const live = ok(await call('get_clause', { standard: 'ISO 14971:2019', section: 'Scope' }, over));
      assert.equal(live.citations[0].offlineCopyFrom, undefined);
      await own.close();
      const stored = ok(await call('get_clause', { standard: 'ISO 14971:2019', section: 'Scope' }, over));
      assert.match(stored.text, /\nOFFLINE COPY from \d{4}-\d\d-\d\d: the service cannot be reached/);
      assert.match(stored.citations[0].offlineCopyFrom ?? '', /^\d{4}-\d\d-\d\dT/);
      failed(
        await call('get_clause', { standard: 'ISO 14971:2019', clause: '4' }, over),
        /ECONNREFUSED\)\. No stored copy of it is on this machine\. Check the network/,
      );
    } finally {
      reader.dispose();
      await own.close().catch(() => undefined);
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('offers find_citations only where the host scans the workspace, and answers from its scan: every edition, one edition, one clause', async () => {
    assert.deepEqual(
      toolsFor(context).map((t) => t.name),
      ['search_standards', 'get_clause', 'list_clauses', 'lookup_term', 'check_references'],
    );
    failed(await call('find_citations', { standard: 'ISO 14971' }), /There is no tool "find_citations" here/);
    const at = (file: string, line: number, text: string, standard: string, clause = ''): Occurrence => {
      const entry = Array.from(index.entries).find((e) => e?.reference === standard);
      assert.ok(entry, standard);
      return {
        file,
        line,
        text,
        standard,
        urn: entry.urn,
        position: entry.position,
        title: entry.title,
        clause: clause ? `clause ${clause}` : '',
        ...(clause ? { locator: { kind: 'clause' as const, value: clause } } : {}),
        status: entry.status ?? 'current',
        outdated: entry.status !== 'current',
      };
    };
    const scan = [
      at('docs/risk.md', 3, 'ISO 14971:2019, 7.1', 'ISO 14971:2019', '7.1'),
      at('docs/risk.md', 9, 'ISO 14971:2007', 'ISO 14971:2007'),
      at('src/alarm.c', 12, 'ISO 14971:2019 clause 4.4', 'ISO 14971:2019', '4.4'),
      at('docs/quality.md', 1, 'ISO 9001:2015', 'ISO 9001:2015'),
    ];
    const over = { workspaceCitations: () => Promise.resolve(scan) };
    assert.equal(toolsFor(over).length, AGENT_TOOLS.length);
    const every = ok(await call('find_citations', { standard: 'ISO 14971' }, over));
    assert.match(every.text, /^The workspace cites ISO 14971 3 times\. Editions cited: ISO 14971:2019 \(current\); ISO 14971:2007 \(withdrawn\)\./);
    assert.match(every.text, /- docs\/risk\.md:3: "ISO 14971:2019, 7\.1" → ISO 14971:2019, clause 7\.1 \(current\)/);
    assert.ok(!every.text.includes('quality.md'));
    assert.deepEqual(
      every.citations.map((c) => `${c.reference} ${c.edition.status}`),
      ['ISO 14971:2019 current', 'ISO 14971:2007 withdrawn'],
    );
    const one = ok(await call('find_citations', { standard: 'ISO 14971:2007' }, over));
    assert.match(one.text, /cites ISO 14971:2007 once\./);
    const clause = ok(await call('find_citations', { standard: 'ISO 14971:2019', clause: 'clause 4.4' }, over));
    assert.match(clause.text, /cites ISO 14971:2019, clause 4\.4 once[\s\S]*src\/alarm\.c:12/);
    assert.match(
      ok(await call('find_citations', { standard: 'IEC 62304' }, over)).text,
      /^The workspace does not cite IEC 62304 \(4 citations of standards in all\)\./,
    );
    failed(await call('find_citations', { standard: 'ISO 14971', clause: 7 }, over), /input\.clause must be string/);
    const notSignedIn = { workspaceCitations: () => Promise.reject(new ToolProblem('Not signed in: ask the user to sign in.')) };
    failed(await call('find_citations', { standard: 'ISO 14971' }, notSignedIn), /^Not signed in: ask the user to sign in\./);
  });

  function serviceOptions() {
    return { baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret };
  }
});
