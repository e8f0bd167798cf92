/** The Connection Doctor's report as Markdown: a line per check, then what to try for each failure. Pure. */
import { l10n } from '../l10n';
import type { CheckResult, CheckStatus } from './checks';

// Words, not emoji: the report is read as Markdown source too, and not every font has the emoji.
const MARK: Record<CheckStatus, () => string> = {
  pass: () => l10n.t('PASS'),
  warn: () => l10n.t('WARNING'),
  fail: () => `**${l10n.t('FAIL')}**`,
  skipped: () => l10n.t('skipped'),
};

export function doctorReport(results: readonly CheckResult[], context: { baseUrl: string; tokenUrl: string; when: Date; sandbox: boolean }): string {
  const count = (status: CheckStatus): number => results.filter((r) => r.status === status).length;
  const lines = [
    `# Standards Explorer — ${l10n.t('Connection Doctor')}`,
    '',
    `${context.when.toISOString().replace('T', ' ').slice(0, 19)} UTC · ${l10n.t('service {0}', cell(context.baseUrl || l10n.t('(not set)')))} · ${l10n.t('identity provider {0}', cell(context.tokenUrl || l10n.t('(not set)')))}${context.sandbox ? ` · ${l10n.t('the local sandbox')}` : ''}`,
    '',
    `**${count('fail') ? l10n.t('{0} failed', count('fail')) : l10n.t('Nothing failed')}**, ${l10n.t('{0} warnings, {1} passed, {2} skipped. No secret, token or API key is shown in this report.', count('warn'), count('pass'), count('skipped'))}`,
    '',
    `| ${l10n.t('result')} | ${l10n.t('check')} | ${l10n.t('what was found')} |`,
    '|---|---|---|',
    ...results.map((r) => `| ${MARK[r.status]()} | ${cell(r.title)} | ${cell(r.detail)} |`),
  ];
  const toTry = results.filter((r) => r.fix && (r.status === 'fail' || r.status === 'warn'));
  if (toTry.length) lines.push('', `## ${l10n.t('What to try')}`, '', ...toTry.map((r, i) => `${i + 1}. **${cell(r.title)}** — ${cell(r.fix ?? '')}`));
  lines.push('', l10n.t('Run "Standards: Connection Doctor" again after a change; "Standards: Show Log" has one line per request.'), '');
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
