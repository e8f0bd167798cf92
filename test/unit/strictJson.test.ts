/**
 * The files the check trusts, read strictly: a key written twice (JSON.parse keeps the last in silence), a key the
 * format does not have, or an entry of the wrong shape stops the reading with the file, the key and the line named.
 */
import * as assert from 'node:assert/strict';
import { ConfigError, configFromText } from '../../src/core/check/checkConfig';
import { duplicateKeys, jsonPathText, type DuplicateKey } from '../../src/core/check/duplicateKeys';
import { LockfileError, parseLockfile, serialiseLockfile, type Lockfile } from '../../src/core/check/lockfile';

const all = (text: string): DuplicateKey[] => {
  JSON.parse(text); // the reader's precondition: valid JSON
  return [...duplicateKeys(text)];
};

const URN = 'urn:iso:std:iso:14971:ed-3';
const FINGERPRINT = `sha256:${'ab'.repeat(32)}`;
const LOCK: Lockfile = {
  version: 1,
  standards: {
    [URN]: {
      reference: 'ISO 14971:2019',
      clauses: {
        'clause-7.1': {
          id: 'https://x/clause-7.1',
          number: '7.1',
          title: 'Risk control',
          fingerprint: FINGERPRINT,
          reviewed: { on: '2026-03-01', by: 'Jane' },
        },
        scope: { id: 'https://x/scope', number: '1', fingerprint: FINGERPRINT, reviewed: { on: '2026-03-01' } },
      },
    },
  },
};
const LOCK_TEXT = serialiseLockfile(LOCK);

const lockError = (text: string): string => {
  try {
    parseLockfile(text, 'standards.lock');
  } catch (error) {
    assert.ok(error instanceof LockfileError, String(error));
    return error.message;
  }
  return assert.fail('read without an error');
};

/** The lock text with `edit` applied to its parsed value. */
const edited = (
  edit: (lock: Record<string, unknown> & { standards: Record<string, Record<string, unknown> & { clauses: Record<string, Record<string, unknown>> }> }) => void,
): string => {
  const value = JSON.parse(LOCK_TEXT) as Parameters<typeof edit>[0];
  edit(value);
  return JSON.stringify(value, null, 2);
};

describe('strict JSON: keys written twice', () => {
  it('finds a repeated key at the top, in nested objects and in the objects of a list, with its path and lines', () => {
    assert.deepEqual(all('{"a": 1,\n"b": 2,\n"a": 3}'), [{ path: [], key: 'a', firstLine: 1, line: 3 }]);
    assert.deepEqual(all('{"s": {"x": {"k": 1, "k": 2}}}'), [{ path: ['s', 'x'], key: 'k', firstLine: 1, line: 1 }]);
    assert.deepEqual(all('{"n": [{"a": 1}, {"a": 1, "b": [1, {"c": 0, "c": 0}]}]}'), [{ path: ['n', 1, 'b', 1], key: 'c', firstLine: 1, line: 1 }]);
    assert.deepEqual(
      all('{"a": 1, "a": 2, "a": 3}').map((d) => d.key),
      ['a', 'a'],
      'each repetition',
    );
  });

  it('compares keys as JSON.parse reads them: escapes name their characters', () => {
    assert.deepEqual(all('{"a": 1, "\\u0061": 2}'), [{ path: [], key: 'a', firstLine: 1, line: 1 }]);
    assert.deepEqual(all('{"\\"": 1, "\\u0022": 2}')[0]?.key, '"');
    assert.deepEqual(all('{"a\\\\": {"a\\\\": 1, "a\\\\": 2}}'), [{ path: ['a\\'], key: 'a\\', firstLine: 1, line: 1 }]);
    assert.deepEqual(all('{"": 1, "": 2}')[0]?.key, '');
  });

  it('finds none where there is none: the same key in other objects, keys quoted inside strings, JSON.stringify of anything', () => {
    assert.deepEqual(all('{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}], "c": "{\\"a\\": 1, \\"a\\": 2}", "d": "\\\\", "e": ["a", "a"]}'), []);
    assert.deepEqual(all(LOCK_TEXT), []);
    // Random values, as JSON.stringify writes them (never a key twice), in both layouts.
    let seed = 7;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 0) % n;
    const text = (): string =>
      String.fromCharCode(...Array.from({ length: random(6) }, () => [0x22, 0x5c, 0x7b, 0x7d, 0x2c, 0x3a, 0x5b, 0x61, 0x62, 0x0a][random(10)]));
    const value = (depth: number): unknown => {
      const kind = depth > 4 ? random(3) : random(5);
      if (kind === 0) return random(1000) - 500;
      if (kind === 1) return text();
      if (kind === 2) return [null, true, false][random(3)];
      if (kind === 3) return Array.from({ length: random(4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: random(5) }, () => [text(), value(depth + 1)]));
    };
    for (let i = 0; i < 300; i++) {
      const v = value(0);
      assert.deepEqual(all(JSON.stringify(v)), [], JSON.stringify(v));
      assert.deepEqual(all(JSON.stringify(v, null, 2)), []);
    }
  });

  it('names a path as a reader writes it', () => {
    assert.equal(jsonPathText(['standards', URN, 'clauses', '5.1']), `standards.${URN}.clauses.5.1`);
    assert.equal(jsonPathText(['notApplicable', 0, 'reason']), 'notApplicable[0].reason');
    assert.equal(jsonPathText([]), '');
  });

  it('reads a deep nesting without a stack of its own', () => {
    const depth = 50_000;
    const deep = `${'['.repeat(depth)}{"a": 1, "a": 2}${']'.repeat(depth)}`;
    const [found] = [...duplicateKeys(deep)];
    assert.equal(found?.key, 'a');
    assert.equal(found?.path.length, depth);
  });
});

describe('standards.lock read strictly', () => {
  it('reads what lock writes', () => {
    assert.deepEqual(parseLockfile(LOCK_TEXT, 'standards.lock'), LOCK);
  });

  it('stops at a key written twice, top-level or nested, naming the file, the key and the lines', () => {
    // The issue's case: `,"standards":{}` before the final brace empties the lock for JSON.parse.
    const emptied = `${LOCK_TEXT.trimEnd().slice(0, -1)},"standards":{}}\n`;
    assert.deepEqual(JSON.parse(emptied), { version: 1, standards: {} }, 'what JSON.parse alone makes of it');
    const last = LOCK_TEXT.trimEnd().split('\n').length;
    assert.match(
      lockError(emptied),
      new RegExp(`^standards\\.lock, line ${last}: "standards" is written twice \\(first on line 3\\); JSON would keep only the last\\. Restore it`),
    );
    const lines = LOCK_TEXT.split('\n');
    // A second entry for the same standard, and for the same clause, each emptier than the first.
    const twiceUrn = LOCK_TEXT.replace(`  "standards": {\n`, `  "standards": {\n    "${URN}": {"clauses": {}},\n`);
    assert.match(
      lockError(twiceUrn),
      new RegExp(`^standards\\.lock, line ${lines.indexOf(`    "${URN}": {`) + 2}: "standards\\.${URN}" is written twice \\(first on line 4\\)`),
    );
    const twiceClause = LOCK_TEXT.replace(
      `      "clauses": {\n`,
      `      "clauses": {\n        "scope": {"id": "s", "fingerprint": "${FINGERPRINT}", "reviewed": {"on": "2020-01-01"}},\n`,
    );
    assert.match(lockError(twiceClause), new RegExp(`"standards\\.${URN}\\.clauses\\.scope" is written twice`));
    const twiceField = LOCK_TEXT.replace(`"fingerprint": "${FINGERPRINT}",`, `"fingerprint": "sha256:${'00'.repeat(32)}", "fingerprint": "${FINGERPRINT}",`);
    assert.match(lockError(twiceField), new RegExp(`"standards\\.${URN}\\.clauses\\.clause-7\\.1\\.fingerprint" is written twice`));
  });

  it('stops at a key the format does not have, at any level', () => {
    assert.match(
      lockError(edited((lock) => (lock.generated = 'today'))),
      /^standards\.lock: "generated" is not a key of the lockfile \(its keys are version, standards\)\. Restore it from version control/,
    );
    assert.match(
      lockError(edited((lock) => (lock.standards[URN].edition = 3))),
      new RegExp(`"standards\\.${URN}\\.edition" is not a key of a locked standard`),
    );
    assert.match(
      lockError(edited((lock) => (lock.standards[URN].clauses.scope.fingerprnt = FINGERPRINT))),
      new RegExp(
        `"standards\\.${URN}\\.clauses\\.scope\\.fingerprnt" is not a key of a locked clause \\(its keys are id, number, title, fingerprint, reviewed\\)`,
      ),
    );
    assert.match(
      lockError(edited((lock) => (lock.standards[URN].clauses.scope.reviewed = { on: '2026-03-01', at: 'noon' }))),
      new RegExp(`"standards\\.${URN}\\.clauses\\.scope\\.reviewed\\.at" is not a key of "reviewed"`),
    );
  });

  it('stops at an entry of the wrong shape', () => {
    assert.match(
      lockError(edited((lock) => (lock.standards[URN].reference = 14971))),
      new RegExp(`"standards\\.${URN}\\.reference" must be a non-empty string`),
    );
    assert.match(lockError(edited((lock) => (lock.standards[URN].clauses.scope.number = 1))), /clauses\.scope\.number" must be a non-empty string/);
    assert.match(lockError(edited((lock) => (lock.standards[URN].clauses.scope.title = ['Scope']))), /clauses\.scope\.title" must be a non-empty string/);
    assert.match(
      lockError(edited((lock) => (lock.standards[URN].clauses.scope.reviewed = { on: '2026-03-01', by: 7 }))),
      /clauses\.scope\.reviewed\.by" must be a non-empty string/,
    );
    assert.match(
      // A list where the clauses' record belongs.
      lockError(edited((lock) => (lock.standards[URN].clauses = [] as unknown as Record<string, Record<string, unknown>>))),
      new RegExp(`"standards\\.${URN}" must have "clauses": \\{…\\}`),
    );
    assert.match(lockError(edited((lock) => (lock.version = 2))), /the file must be \{"version": 1, "standards": \{…\}\}/);
  });
});

describe('standards.config.json and package.json read strictly', () => {
  const configError = (text: string, source = 'standards.config.json', fromPackageJson = false): ConfigError => {
    try {
      configFromText(text, source, fromPackageJson);
    } catch (error) {
      assert.ok(error instanceof ConfigError, String(error));
      return error;
    }
    return assert.fail('read without an error');
  };

  it('stops at a key written twice, naming the file, the key and the lines', () => {
    const twice = configError('{\n  "failOn": ["changed"],\n  "include": ["docs/**"],\n  "failOn": []\n}');
    assert.equal(twice.message, 'standards.config.json, line 4: "failOn" is written twice (first on line 2); JSON would keep only the last. Keep one of them.');
    assert.equal(twice.key, 'failOn');
    const nested = configError('{"rules": {"changed": "error", "changed": "off"}}');
    assert.match(nested.message, /^standards\.config\.json, line 1: "rules\.changed" is written twice/);
    assert.equal(nested.key, 'rules.changed');
    const entry = configError('{"notApplicable": [{"standard": "ISO 14971:2019", "clause": "10", "reason": "none", "reason": ""}]}');
    assert.match(entry.message, /"notApplicable\[0\]\.reason" is written twice/);
  });

  it('of package.json, judges the "standards" key alone', () => {
    const pkg = (standards: string, rest = ''): string => `{\n  "name": "app",${rest}\n  ${standards}\n}`;
    const twice = configError(pkg('"standards": {"failOn": ["changed"]},\n  "standards": {}'), 'package.json', true);
    assert.equal(twice.message, 'package.json, line 4: "standards" is written twice (first on line 3); JSON would keep only the last. Keep one of them.');
    assert.equal(twice.key, 'standards');
    const inside = configError(pkg('"standards": {"failOn": ["changed"], "failOn": []}'), 'package.json', true);
    assert.match(inside.message, /^package\.json, line 3: "standards\.failOn" is written twice/);
    assert.equal(inside.key, 'failOn');
    // npm's own keys are npm's to judge.
    assert.deepEqual(configFromText(pkg('"standards": {"failOn": ["changed"]}', '\n  "scripts": {"test": "a", "test": "b"},'), 'package.json', true)?.failOn, [
      'changed',
    ]);
  });

  it('stops at a key an entry does not have', () => {
    const extra = configError('{"notApplicable": [{"standard": "ISO 14971:2019", "clause": "10", "reason": "none", "until": "2027"}]}');
    assert.equal(extra.key, 'notApplicable[0].until');
    assert.match(extra.message, /"notApplicable\[0\]\.until" is not a key of an entry/);
  });
});
