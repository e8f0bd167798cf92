/**
 * Issue 50 points 5 and 6: Markdown that quotes servers and agents shows their text as text. The agent tools'
 * "Sources" (a crafted reference or clause link adds no command link of its own), the agent's input in the chat's
 * confirmation and progress line, and the citation hover's link labels (one builder in core, src/core/markdownLinks.ts).
 */
import * as assert from 'node:assert/strict';
import { describeInput, inputMarkdown, sourcesText } from '../../src/core/agentTools/chatText';
import type { Citation } from '../../src/core/agentTools/types';
import { OPEN_CITATION } from '../../src/core/citations/ids';
import { commandLink, linkLabel, urlText } from '../../src/core/markdownLinks';

/** The crafted reference of the issue: it closes the label and opens a link of its own. */
const CRAFTED = 'ISO 1](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D) [x';

/**
 * The destinations of the links a CommonMark renderer would make of `markdown`: inline links `[text](target)`
 * (backslash escapes honoured, brackets nested, a `]` with no `[` open is text) and autolinks `<scheme:…>`.
 */
function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  let open = 0;
  for (let i = 0; i < markdown.length; i++) {
    const c = markdown[i];
    if (c === '\\') i++;
    else if (c === '[') open++;
    else if (c === ']' && open > 0) {
      open--;
      if (markdown[i + 1] !== '(') continue;
      let end = i + 2;
      for (let depth = 0; end < markdown.length; end++) {
        const d = markdown[end];
        if (d === '\\') end++;
        else if (d === '(') depth++;
        else if (d === ')' && depth-- === 0) break;
        else if (/\s/.test(d)) break;
      }
      targets.push(markdown.slice(i + 2, end));
    } else if (c === '<') {
      const auto = /^<([a-z][\w+.-]{1,31}:[^\s<>]*)>/i.exec(markdown.slice(i));
      if (auto) targets.push(auto[1]);
    }
  }
  return targets;
}

/** The text a renderer shows for Markdown whose every special character is backslash-escaped. */
const unescaped = (markdown: string): string => markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');

function citation(over: Partial<Citation> = {}): Citation {
  return {
    label: 'ISO 9001:2015, 1',
    reference: 'ISO 9001:2015',
    urn: 'urn:iso:std:iso:9001:ed-5',
    edition: { year: 2015, status: 'current', inCatalogue: true },
    clause: { id: 'https://api.example.com/v1/standards/urn:iso:std:iso:9001:ed-5/clauses/c1', clauseId: 'c1', number: '1', title: 'Scope' },
    link: 'https://api.example.com/v1/standards/urn:iso:std:iso:9001:ed-5/clauses/c1',
    ...over,
  };
}

describe('links and agent input in Markdown (markdownLinks.ts, agentTools/chatText.ts)', () => {
  it('writes one link per source, to Open Citation, whatever the reference says', () => {
    const text = sourcesText([citation({ label: `${CRAFTED}, 1`, reference: CRAFTED }), citation()]);
    const targets = linkTargets(text);
    assert.equal(targets.length, 2, text);
    for (const target of targets) assert.ok(target.startsWith(`command:${OPEN_CITATION}?`), target);
    // The label shows the reference as written, and the link carries it as data.
    assert.ok(text.includes(`- [${linkLabel(`${CRAFTED}, 1`)}](`), text);
    assert.equal(unescaped(linkLabel(CRAFTED)), CRAFTED);
    const [arg] = JSON.parse(decodeURIComponent(targets[0].slice(targets[0].indexOf('?') + 1))) as Array<{ reference: string; clauseId: string }>;
    assert.equal(arg.reference, CRAFTED);
    assert.equal(arg.clauseId, 'c1');
    assert.match(text, /^Sources \(cite these; each link opens the clause in Standards Explorer\):\n- \[ISO 1\\\]\(command:workbench/);
  });

  it('writes a clause link that holds link syntax as a plain URL, and a label on one line', () => {
    const text = sourcesText([citation({ link: 'https://api.example.com/c/a[Run](command:workbench.action.terminal.new)<b>', label: 'ISO 1\n\n# Heading' })]);
    assert.deepEqual(
      linkTargets(text).map((t) => t.split('?')[0]),
      [`command:${OPEN_CITATION}`],
      text,
    );
    assert.ok(text.endsWith(' — https://api.example.com/c/a%5BRun%5D%28command:workbench.action.terminal.new%29%3Cb%3E'), text);
    assert.equal(text.split('\n').length, 2, 'the heading in the label stays on its line');
  });

  it('escapes a hover link label: brackets, backslash and theme icons show as written', () => {
    const link = commandLink('Open ISO 1 $(terminal) \\[x]', 'standardsExplorer.revealStandard', { urn: 'u', note: '(a)' });
    assert.ok(link.startsWith('[Open ISO 1 \\$(terminal) \\\\\\[x\\]](command:standardsExplorer.revealStandard?'), link);
    assert.doesNotMatch(link, /(?<!\\)\$\(/, 'no unescaped $( : the hover renders theme icons');
    assert.deepEqual(linkTargets(link).length, 1);
    assert.doesNotMatch(link.slice(link.indexOf('](') + 2, -1), /[()]/, 'the target holds no parenthesis to end it early');
    assert.equal(urlText('https://x/a (b)[c]<d>'), 'https://x/a%20%28b%29%5Bc%5D%3Cd%3E');
  });

  it('shows the agent’s input in the confirmation as text: no link, emphasis, heading or icon', () => {
    const input = { standard: '[Approve](command:workbench.action.terminal.new) **now**\n# Title', clause: '$(terminal) <img src=x> `code`' };
    const plain = describeInput(input);
    assert.equal(plain, '[Approve](command:workbench.action.terminal.new) **now** # Title, $(terminal) <img src=x> `code`');
    const markdown = inputMarkdown(input);
    assert.deepEqual(linkTargets(markdown), [], markdown);
    assert.doesNotMatch(markdown, /(?<!\\)[[\]()*`<>#$]/, 'every character of Markdown syntax is escaped');
    assert.equal(unescaped(markdown), plain, 'and shows exactly the input');
    assert.equal(describeInput({ standard: 'x'.repeat(200) }).length, 120, 'a long input is cut');
  });
});
