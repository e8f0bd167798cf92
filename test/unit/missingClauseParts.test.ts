/**
 * A citation of several parts ("ISO 14971:2019, clause 6.1 and Annex Z") is checked part by part against the cited
 * edition's clause list: each part the edition lacks is a missing-clause finding, not only the first part read. The
 * clause list is a plain value here (the rule's input); the command line's tests read it from the sandbox.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CatalogueIndex, type IndexEntry } from '../../src/core/catalogue/catalogueIndex';
import { CitationChecker } from '../../src/core/check/checkText';
import type { Clause } from '../../src/core/service/types';

const CATALOGUE = path.resolve(__dirname, '../../../test/fixtures/cli/catalogue.jsonl');

const clause = (number: string, title: string, types: string[] = []): Clause => ({
  id: `https://service.example/clauses/${number}`,
  clauseId: number,
  types,
  title,
  number,
  level: 1,
  raw: {},
});

/** A checker over the command line's fixture catalogue, keeping its citations for the clause checks. */
function fixtureChecker(): CitationChecker {
  const entries = fs
    .readFileSync(CATALOGUE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line, position): IndexEntry => ({ position, ...(JSON.parse(line) as Omit<IndexEntry, 'position'>) }));
  return new CitationChecker(CatalogueIndex.of(entries), { keepCitations: true });
}

describe('missing-clause: every part of a citation of several parts', () => {
  it('reports the part the edition lacks, written after the reference or before it', async () => {
    const checker = fixtureChecker();
    checker.check('Risk control per ISO 14971:2019, clause 6.1 and Annex Z.\nSee clause 6.1 and Annex Z of ISO 14971:2019.\n', 'plan.md');
    const clauses = [clause('1', 'Scope', ['corext:Scope']), clause('6.1', 'Risk control'), clause('A', 'Rationale', ['corext:Annex'])];
    const findings = await checker.checkClauses(() => Promise.resolve(clauses));
    assert.deepEqual(
      findings.map((f) => [f.rule, f.line, f.message]),
      [
        ['missing-clause', 1, 'ISO 14971:2019 has no Annex Z (ISO 14971:2019).'],
        ['missing-clause', 2, 'ISO 14971:2019 has no Annex Z (ISO 14971:2019).'],
      ],
    );
  });

  it('reports a missing clause of a bare list written before "of", not only the last clause\'s', async () => {
    const checker = fixtureChecker();
    checker.check('See 9.9, 6.1 and 1.1 of ISO 14971:2019.\n', 'plan.md');
    const clauses = [clause('1', 'Scope', ['corext:Scope']), clause('1.1', 'Purpose'), clause('6.1', 'Risk control')];
    const findings = await checker.checkClauses(() => Promise.resolve(clauses));
    assert.deepEqual(
      findings.map((f) => [f.rule, f.line, f.message]),
      [['missing-clause', 1, 'ISO 14971:2019 has no clause 9.9 (ISO 14971:2019).']],
    );
  });
});
