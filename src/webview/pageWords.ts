/**
 * Every message the clause page shows (src/webview/page, `t('…')`), translated here in the host, where l10n works,
 * and handed to the page in the HTML (`data-words`). The l10n check fails when the page uses a message this list
 * lacks. Pure (src/core/l10n.ts).
 */
import { l10n } from '../core/l10n';

/** English message → its text in the display language. */
export function pageWords(): Record<string, string> {
  return Object.fromEntries([
    ['Contents ({0})', l10n.t('Contents ({0})')],
    ['Contents', l10n.t('Contents')],
    ['Find {0} in the catalogue', l10n.t('Find {0} in the catalogue')],
    ['Footnote {0}', l10n.t('Footnote {0}')],
    ['Footnotes', l10n.t('Footnotes')],
    ['Loading…', l10n.t('Loading…')],
    ['Reading…', l10n.t('Reading…')],
    ['Rendering… {0} %', l10n.t('Rendering… {0} %')],
    ['Retry', l10n.t('Retry')],
    ['Show {0} more rows ({1} not shown)', l10n.t('Show {0} more rows ({1} not shown)')],
    ['The clause content is not valid JSON.', l10n.t('The clause content is not valid JSON.')],
    ['The clause did not arrive whole. Try again.', l10n.t('The clause did not arrive whole. Try again.')],
    [
      'The further rows could not be read. Close the clause and open it again to see them.',
      l10n.t('The further rows could not be read. Close the clause and open it again to see them.'),
    ],
    [
      'This clause has no content to show. Open the JSON to the side to see what the service sent.',
      l10n.t('This clause has no content to show. Open the JSON to the side to see what the service sent.'),
    ],
    [
      'This clause is very large ({0} MB): it is shown in parts as it is read, long tables first show their first rows.',
      l10n.t('This clause is very large ({0} MB): it is shown in parts as it is read, long tables first show their first rows.'),
    ],
    [
      'This part is nested too deeply to show here — open the JSON to the side to read it.',
      l10n.t('This part is nested too deeply to show here — open the JSON to the side to read it.'),
    ],
    ['“{0}” is not in this clause.', l10n.t('“{0}” is not in this clause.')],
  ]);
}
