/** What the Markdown report and the report's page say alike: when, and how the checks went. Pure. */
import { l10n } from '../l10n';
import type { CheckResult, CheckStatus } from './checks';

/** Where the report was made: the two URLs checked, and whether they are the bundled sandbox's. */
export interface ReportContext {
  baseUrl: string;
  tokenUrl: string;
  when: Date;
  sandbox: boolean;
}

/** `2026-11-25 09:14:03 UTC`: the same in every time zone, as a support ticket wants it. */
export function reportTime(when: Date): string {
  return `${when.toISOString().replace('T', ' ').slice(0, 19)} UTC`;
}

export function countOf(results: readonly CheckResult[], status: CheckStatus): number {
  return results.filter((r) => r.status === status).length;
}

/** "2 failed, 1 warning, 9 passed, 1 skipped", or "Nothing failed: 11 passed"; counts of none are left out. */
export function summaryText(results: readonly CheckResult[]): string {
  const failed = countOf(results, 'fail');
  const warnings = countOf(results, 'warn');
  const skipped = countOf(results, 'skipped');
  const rest = [
    warnings === 1 ? l10n.t('1 warning') : warnings ? l10n.t('{0} warnings', warnings) : '',
    l10n.t('{0} passed', countOf(results, 'pass')),
    skipped ? l10n.t('{0} skipped', skipped) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return failed ? `${l10n.t('{0} failed', failed)}, ${rest}` : l10n.t('Nothing failed: {0}', rest);
}

/** The words for a check's outcome: words, not emoji, since the Markdown is read as source too. */
export const STATUS_WORDS: Record<CheckStatus, () => string> = {
  pass: () => l10n.t('PASS'),
  warn: () => l10n.t('WARNING'),
  fail: () => l10n.t('FAIL'),
  skipped: () => l10n.t('skipped'),
};
