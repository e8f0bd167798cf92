/**
 * The Connection Doctor's report as Markdown, for pasting into a support ticket (Copy Report): a line per check in
 * the order they ran, then what to try for each failure. Pure.
 */
import { l10n } from '../l10n';
import type { CheckResult } from './checks';
import { STATUS_WORDS, reportTime, summaryText, type ReportContext } from './summary';

export function doctorReport(results: readonly CheckResult[], context: ReportContext): string {
  const mark = (r: CheckResult): string => (r.status === 'fail' ? `**${STATUS_WORDS.fail()}**` : STATUS_WORDS[r.status]());
  const lines = [
    `# Standards Explorer — ${l10n.t('Connection Doctor')}`,
    '',
    `${reportTime(context.when)} · ${l10n.t('service {0}', cell(context.baseUrl || l10n.t('(not set)')))} · ${l10n.t('identity provider {0}', cell(context.tokenUrl || l10n.t('(not set)')))}${context.sandbox ? ` · ${l10n.t('the local sandbox')}` : ''}`,
    '',
    `**${cell(summaryText(results))}.** ${l10n.t('No secret, token or API key is shown in this report.')}`,
    '',
    `| ${l10n.t('result')} | ${l10n.t('check')} | ${l10n.t('what was found')} |`,
    '|---|---|---|',
    ...results.map((r) => `| ${mark(r)} | ${cell(r.title)} | ${cell(r.detail)} |`),
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
    .replace(/(?:^|\s)_|_(?:\s|$)/g, (m) => m.replace('_', '\\_'));
}
