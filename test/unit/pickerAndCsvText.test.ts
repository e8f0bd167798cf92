/**
 * Issue 50 point 6: server and workspace text in a QuickPick (Show Coverage of a Standard…) shows `$(name)` as
 * written, not as an icon; and a CSV cell a spreadsheet would read as a formula is defused even when it starts
 * with whitespace, a full-width =, +, - or @, a tab or a carriage return (OWASP "CSV Injection").
 */
import * as assert from 'node:assert/strict';
import { csvField } from '../../src/core/generatedReports';
import { citedStandardItem } from '../../src/extension/coverage/citedStandardItems';

describe('the Coverage picker’s items (citedStandardItems.ts)', () => {
  it('shows a reference and a title with $(icon) and link syntax as text', () => {
    const item = citedStandardItem(
      { urn: 'urn:iso:std:iso:1', reference: 'ISO 1 $(warning) Withdrawn', title: '$(terminal)\u202Eevil](command:x)', count: 3 },
      '3 references',
    );
    assert.equal(item.label, 'ISO 1 $ (warning) Withdrawn');
    assert.equal(item.detail, '$ (terminal)evil] (command:x)');
    assert.equal(item.description, '3 references');
    assert.deepEqual(item.standard, { urn: 'urn:iso:std:iso:1', reference: 'ISO 1 $(warning) Withdrawn' }, 'the choice keeps the reference as it is');
  });
});

describe('CSV cells a spreadsheet would run (generatedReports.ts csvField)', () => {
  it('prefixes an apostrophe to a formula after leading whitespace, in full-width forms, and after a tab or CR', () => {
    for (const cell of [' =1+1', '\u3000=1+1', '\u00A0@SUM(A1)', '＝HYPERLINK("http://x")', '＋1', '－1', '＠SUM(A1)', ' ＝1', '\tx', '\rx', '\n=1']) {
      assert.ok(csvField(cell).replace(/^"/, '').startsWith("'"), JSON.stringify(cell));
    }
    for (const cell of ['ISO 9001:2015', '5.1', ' ISO 1', 'a=b', 'x-y', '']) assert.equal(csvField(cell), cell, JSON.stringify(cell));
  });
});
