/**
 * The Connection Doctor's report as the body of its page (src/extension/doctor/panel.ts puts it in the webview's HTML shell):
 * a header saying when and what was checked, a summary line, then the checks — failures first, then warnings, then
 * the rest in the order they ran — each with what was found, what to try and a button per remedy. Every text is
 * escaped: a detail echoing a server's `<img onerror>` or `[x](command:…)` shows as those characters. Pure.
 */
import { l10n } from '../../core/l10n';
import { escapeAttribute, escapeText } from '../../webview/htmlText';
import { COPY_REPORT, RUN_AGAIN, actionId, actionLabel, type DoctorAction, type PageAction } from '../../core/doctor/actions';
import type { CheckResult } from '../../core/doctor/checks';
import { STATUS_WORDS, countOf, reportTime, summaryText, type ReportContext } from '../../core/doctor/summary';

/** The page while the checks run: the header, and a line the page updates as each check ends. */
export function runningPageBody(context: Omit<ReportContext, 'when'>): string {
  return `${header(context, undefined)}
<p id="progress" class="progress" role="status">${escapeText(l10n.t('Checking the connection…'))}</p>`;
}

/** The page of a finished report. */
export function reportPageBody(results: readonly CheckResult[], context: ReportContext): string {
  const failed = countOf(results, 'fail');
  const groups: Array<{ id: string; heading: string; checks: CheckResult[] }> = [
    { id: 'failed', heading: l10n.t('Failed ({0})', failed), checks: results.filter((r) => r.status === 'fail') },
    { id: 'warnings', heading: l10n.t('Warnings ({0})', countOf(results, 'warn')), checks: results.filter((r) => r.status === 'warn') },
    {
      id: 'passed',
      heading: l10n.t('Passed and skipped ({0})', countOf(results, 'pass') + countOf(results, 'skipped')),
      checks: results.filter((r) => r.status === 'pass' || r.status === 'skipped'),
    },
  ];
  return `${header(context, context.when)}
<p class="summary ${failed ? 'has-failures' : countOf(results, 'warn') ? 'has-warnings' : 'all-passed'}">${escapeText(summaryText(results))}</p>
<p class="privacy">${escapeText(l10n.t('No secret, token or API key is shown in this report.'))}</p>
${groups
  .filter((group) => group.checks.length)
  .map(
    (group) => `<section class="group" aria-labelledby="${group.id}">
<h2 id="${group.id}">${escapeText(group.heading)}</h2>
<ol class="checks">
${group.checks.map(checkItem).join('\n')}
</ol>
</section>`,
  )
  .join('\n')}`;
}

/** The remedies a report's page offers: the only actions, with Run Again and Copy Report, it may ask for. */
export function offeredActions(results: readonly CheckResult[]): DoctorAction[] {
  return results.filter(hasRemedy).flatMap((r) => r.actions ?? []);
}

function hasRemedy(result: CheckResult): boolean {
  return result.status === 'fail' || result.status === 'warn';
}

/** What was checked, and once the report is made (`when`), when, with Run Again and Copy Report. */
function header(context: Omit<ReportContext, 'when'>, when: Date | undefined): string {
  const facts = [
    when ? reportTime(when) : '',
    l10n.t('service {0}', context.baseUrl || l10n.t('(not set)')),
    l10n.t('identity provider {0}', context.tokenUrl || l10n.t('(not set)')),
    context.sandbox ? l10n.t('the local sandbox') : '',
  ].filter(Boolean);
  // Run Again and Copy Report only once there is a report: while checks run there is nothing to copy or restart.
  const actions = when
    ? `
<div class="page-actions" role="toolbar" aria-label="${escapeAttribute(l10n.t('Report actions'))}">
${button(RUN_AGAIN, 'secondary')}
${button(COPY_REPORT, 'secondary')}
<span id="copied" class="copied" role="status" hidden>${escapeText(l10n.t('Copied: the report as Markdown, without secrets.'))}</span>
</div>`
    : '';
  return `<header>
<h1>${escapeText(l10n.t('Connection Doctor'))}</h1>
<p class="facts">${facts.map((fact) => `<span>${escapeText(fact)}</span>`).join(' · ')}</p>${actions}
</header>`;
}

function checkItem(result: CheckResult): string {
  const remedy =
    hasRemedy(result) && (result.fix || result.actions?.length)
      ? `
<div class="remedy">${result.fix ? `<p><span class="remedy-label">${escapeText(l10n.t('What to try:'))}</span> ${escapeText(result.fix)}</p>` : ''}${
          result.actions?.length ? `\n<div class="remedy-actions">${result.actions.map((action) => button(action, 'primary')).join('')}</div>` : ''
        }
</div>`
      : '';
  return `<li class="check ${result.status}">
<p class="check-head"><span class="badge ${result.status}">${escapeText(STATUS_WORDS[result.status]())}</span> <span class="check-title">${escapeText(result.title)}</span></p>
<p class="detail">${escapeText(result.detail)}</p>${remedy}
</li>`;
}

/** A button that asks the extension for `action` by its id, and for nothing else. */
function button(action: DoctorAction | PageAction, appearance: 'primary' | 'secondary'): string {
  const setting = action.kind === 'openSetting' ? ` title="${escapeAttribute(action.setting)}"` : '';
  return `<button type="button" class="${appearance}" data-action="${escapeAttribute(actionId(action))}"${setting}>${escapeText(actionLabel(action))}</button>`;
}
