/**
 * Get Started (package.json `walkthroughs`): step titles a newcomer reads whole, and a first step that is ticked once
 * the extension is connected.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as T;

interface Step {
  id: string;
  title: string;
  completionEvents: string[];
}
const steps = read<{ contributes: { walkthroughs: Array<{ steps: Step[] }> } }>('package.json').contributes.walkthroughs[0].steps;

/**
 * At 1400×900 the walkthrough's step list cut "Pin the standards you work with, and read them offline" after 30
 * characters ("Pin the standards you work wit.."): a title stays below that, in every language.
 */
const MAX_TITLE = 28;

describe('Get Started', () => {
  for (const bundle of ['package.nls.json', 'package.nls.de.json']) {
    it(`has step titles short enough to be read whole (${bundle})`, () => {
      const words = read<Record<string, string>>(bundle);
      for (const step of steps) {
        const key = /^%(.+)%$/.exec(step.title)?.[1];
        assert.ok(key && words[key], `${step.id}: a title in ${bundle}`);
        assert.ok(words[key].length <= MAX_TITLE, `${step.id}: "${words[key]}" is ${words[key].length} characters`);
      }
    });
  }

  it('ticks its first step once connected: a context key the extension sets', () => {
    const connect = steps[0];
    assert.equal(connect.id, 'connect');
    assert.ok(connect.completionEvents.includes('onContext:standardsExplorer.connected'), connect.completionEvents.join(', '));
    const status = fs.readFileSync(path.join(ROOT, 'src', 'extension', 'connection', 'connectionStatus.ts'), 'utf8');
    assert.match(status, /'standardsExplorer\.connected'/);
  });
});
