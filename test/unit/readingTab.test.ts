import * as assert from 'node:assert/strict';
import { ReadingHistory, readingTabTitle } from '../../src/core/readingTab';

describe('the clause reading tab', () => {
  it('goes back and forward through the places it showed, as a browser does', () => {
    const history = new ReadingHistory('4.5');
    assert.equal(history.canGoBack, false);
    assert.equal(history.back(), undefined, 'nothing before the first place');
    history.visit('6.1');
    history.visit('A');
    assert.equal(history.back(), '6.1');
    assert.equal(history.back(), '4.5');
    assert.equal(history.canGoBack, false);
    assert.equal(history.forward(), '6.1');
    assert.equal(history.canGoForward, true);
    // A new place after going back drops the ones Forward would have reached.
    history.visit('7');
    assert.equal(history.canGoForward, false);
    assert.equal(history.forward(), undefined);
    assert.equal(history.current, '7');
    assert.equal(history.back(), '6.1');
  });

  it('does not add the place it shows again, and keeps at most its limit', () => {
    const history = new ReadingHistory({ id: 'a', title: '' }, 3);
    const same = (x: { id: string }, y: { id: string }) => x.id === y.id;
    history.visit({ id: 'a', title: 'Scope' }, same);
    assert.equal(history.canGoBack, false, 'the same clause again is no new place');
    assert.equal(history.current.title, 'Scope', 'but what was read of it is kept');
    for (const id of ['b', 'c', 'd', 'e']) history.visit({ id, title: '' }, same);
    assert.deepEqual([history.back()?.id, history.back()?.id, history.back()?.id], ['d', 'c', undefined]);
  });

  it('names the standard and the clause in its title', () => {
    assert.equal(readingTabTitle({ standardReference: 'ISO 19437:1985', number: '4.5', title: 'Marking' }), 'ISO 19437:1985 · 4.5 Marking');
    assert.equal(readingTabTitle({ number: '4.5', title: 'Marking' }), '4.5 Marking', 'the heading alone until the standard is known');
    assert.equal(readingTabTitle({ standardReference: 'ISO\u202E 1', number: 'A', title: 'Examples', types: ['corext:Annex'] }), 'ISO 1 · Annex A Examples');
  });
});
