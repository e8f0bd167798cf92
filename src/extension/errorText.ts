/**
 * Failures in the user's words. The service layer says what happened and, as a `remedy`, what would fix it; the
 * words for the remedy are written here, where the commands and settings they name live. Pure: no vscode value.
 */
import { l10n } from '../core/l10n';
import { isServiceError, messageWithoutServerText, type Remedy } from '../core/service/errors';

const REMEDY_WORDS: Record<Remedy, () => string> = {
  signIn: () => l10n.t('Check the client ID and secret (Standards: Sign In…).'),
  baseUrl: () => l10n.t('Check the base URL setting.'),
  tokenUrl: () => l10n.t('Check the token URL setting.'),
  scope: () => l10n.t('Check the standardsExplorer.scope setting.'),
  apiKeyHeader: () => l10n.t('Check the standardsExplorer.apiKeyHeader setting.'),
  network: () => l10n.t('Check the base URL and token URL settings and your network or proxy.'),
  timeout: () => l10n.t('The service did not answer in time; try again, or raise the timeout if your connection is slow.'),
  askAdministrator: () => l10n.t('Your credentials or subscription do not give access to this resource; check them with your administrator.'),
  refresh: () => l10n.t('It may have been withdrawn or renamed; refresh the list.'),
  wait: () => l10n.t('The service is limiting requests; wait a moment and try again.'),
  tryLater: () => l10n.t('The service is having trouble; try again later.'),
  unknownAnswer: () => l10n.t('The service answered in a way this extension does not understand; check the base URL setting.'),
  clock: () => l10n.t("This machine's clock and the identity provider's disagree: set the system clock to synchronise with a time server."),
  timeLimit: () => l10n.t('The time allowed for this ran out, or the service asked for a longer wait than is left of it; try again later.'),
};

/** What to do about a remedy, in words. */
function remedyText(remedy: Remedy): string {
  return REMEDY_WORDS[remedy]();
}

/** The message to show for any failure: a ServiceError's facts followed by its remedy in words. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!isServiceError(error) || !error.remedy) return message;
  return `${message} ${remedyText(error.remedy)}`;
}

/**
 * The message for a notification: as errorText, without the words the server said (an error detail, a
 * description) — those go to the log, where nothing turns them into a link and the user can still read them.
 */
export function noticeText(error: unknown): string {
  if (!isServiceError(error) || !error.details.serverSaid) return errorText(error);
  const message = messageWithoutServerText(error);
  return error.remedy ? `${message} ${remedyText(error.remedy)}` : message;
}
