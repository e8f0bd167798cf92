/**
 * What the Connection Doctor offers to do about a check, as a closed list: a check names one of these
 * (CheckResult.actions), the report's page shows a button for it that sends back only its id, and the extension
 * decides what runs — a page can never name a command or a setting of its own. Pure.
 */
import { l10n } from '../l10n';

/** The settings a remedy may open: the extension's endpoint settings, and VS Code's proxy and certificate ones. */
export const REMEDY_SETTINGS = [
  'standardsExplorer.baseUrl',
  'standardsExplorer.tokenUrl',
  'standardsExplorer.scope',
  'standardsExplorer.apiKeyHeader',
  'http.proxy',
  'http.systemCertificates',
] as const;
export type RemedySetting = (typeof REMEDY_SETTINGS)[number];

/** A remedy the extension can start for a failed or doubtful check. */
export type DoctorAction =
  | { kind: 'openSetting'; setting: RemedySetting }
  | { kind: 'signIn' }
  | { kind: 'showLog' }
  /** Starts the bundled sandbox again (the doctor checked the sandbox and nothing listened). */
  | { kind: 'connectSandbox' };

/** What the report's page offers whatever the checks found. */
export type PageAction = { kind: 'runAgain' } | { kind: 'copyReport' };

export const RUN_AGAIN: PageAction = { kind: 'runAgain' };
export const COPY_REPORT: PageAction = { kind: 'copyReport' };

/** The id a page's button sends for `action`: its kind, and for a setting which one. */
export function actionId(action: DoctorAction | PageAction): string {
  return action.kind === 'openSetting' ? `openSetting:${action.setting}` : action.kind;
}

/** The button's words. */
export function actionLabel(action: DoctorAction | PageAction): string {
  switch (action.kind) {
    case 'openSetting':
      return action.setting === 'http.proxy'
        ? l10n.t('Open Proxy Settings')
        : action.setting === 'http.systemCertificates'
          ? l10n.t('Open Certificate Settings')
          : l10n.t('Open Settings');
    case 'signIn':
      return l10n.t('Sign In…');
    case 'showLog':
      return l10n.t('Show Log');
    case 'connectSandbox':
      return l10n.t('Connect to Local Sandbox');
    case 'runAgain':
      return l10n.t('Run Again');
    case 'copyReport':
      return l10n.t('Copy Report');
  }
}

/**
 * The action a page asked for by `id`, if it is one the page offers: one of `offered` (the remedies of the report
 * shown) or a page action. Anything else — an id of another report, a command name, a made-up setting — is undefined.
 */
export function offeredAction(id: string, offered: readonly DoctorAction[]): DoctorAction | PageAction | undefined {
  return [RUN_AGAIN, COPY_REPORT, ...offered].find((action) => actionId(action) === id);
}
