/** The Connection Doctor's report as Markdown: a line per check, then what to try for each failure. Pure. */
import type { CheckResult, CheckStatus } from './checks';

const MARK: Record<CheckStatus, string> = { pass: '✅ pass', warn: '⚠️ warning', fail: '❌ fail', skipped: '⏭️ skipped' };

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

/** Text for one Markdown table cell: no line breaks, pipes escaped, nothing read as markup. */
function cell(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/([\\|`*_[\]<>#])/g, '\\$1');
}
