/** The Connection Doctor's report as Markdown: a line per check, then what to try for each failure. Pure. */
import type { CheckResult, CheckStatus } from './checks';

// Words, not emoji: the report is read as Markdown source too, and not every font has the emoji.
const MARK: Record<CheckStatus, string> = { pass: 'PASS', warn: 'WARNING', fail: '**FAIL**', skipped: 'skipped' };

export function doctorReport(results: readonly CheckResult[], context: { baseUrl: string; tokenUrl: string; when: Date; sandbox: boolean }): string {
  const count = (status: CheckStatus): number => results.filter((r) => r.status === status).length;
  const lines = [
    '# Standards Explorer — Connection Doctor',
    '',
    `${context.when.toISOString().replace('T', ' ').slice(0, 19)} UTC · service ${cell(context.baseUrl || '(not set)')} · identity provider ${cell(context.tokenUrl || '(not set)')}${context.sandbox ? ' · the local sandbox' : ''}`,
    '',
    `**${count('fail') ? `${count('fail')} failed` : 'Nothing failed'}**, ${count('warn')} warnings, ${count('pass')} passed, ${count('skipped')} skipped. No secret, token or API key is shown in this report.`,
    '',
    '| result | check | what was found |',
    '|---|---|---|',
    ...results.map((r) => `| ${MARK[r.status]} | ${cell(r.title)} | ${cell(r.detail)} |`),
  ];
  const toTry = results.filter((r) => r.fix && (r.status === 'fail' || r.status === 'warn'));
  if (toTry.length) lines.push('', '## What to try', '', ...toTry.map((r, i) => `${i + 1}. **${cell(r.title)}** — ${cell(r.fix ?? '')}`));
  lines.push('', 'Run "Standards: Connection Doctor" again after a change; "Standards: Show Log" has one line per request.', '');
  return lines.join('\n');
}

/**
 * Text for one Markdown table cell: no line breaks, pipes escaped, nothing read as markup or HTML. Underscores inside
 * words (HTTPS_PROXY, client_id) are no emphasis in CommonMark and stay as they are, so the source reads plainly.
 */
function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/([\\|`*[\]<>])/g, '\\$1')
    .replace(/(^|\s)_|_(\s|$)/g, (m) => m.replace('_', '\\_'));
}
