/**
 * Server text made safe to show as one line of UI: titles, labels, references. Bidirectional-text controls
 * (U+202A–U+202E, U+2066–U+2069) and other invisible format characters would reorder what the user sees
 * (a title that reads one way and is another), so they are removed; control characters and runs of whitespace
 * become one space. Pure: used by the readers, the tree, the clause page and inserted references.
 */

// Embedding/override/isolate controls, marks that steer direction, and zero-width format characters.
const BIDI_AND_FORMAT = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u2060\uFEFF]/g;
// C0 and C1 controls, line and paragraph separators.
const CONTROLS_AND_BREAKS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** Removes bidirectional and invisible format controls; keeps everything else as it is. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_AND_FORMAT, '');
}

/** One line of display text: no bidi or format controls, controls and whitespace runs as one space, trimmed. */
export function displayText(text: string): string {
  return stripBidiControls(text)
    .replace(CONTROLS_AND_BREAKS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * Text for a notification or any other UI that turns `[label](command:…)` into a link (and `$(name)` into an
 * icon): server and workspace text keeps its characters but can never become a link or an icon there. The link
 * syntax needs `](` and `$(` written together; a space between them shows the same brackets as plain text.
 */
export function inertText(text: string): string {
  return text.replace(/\]\s*\(/g, '] (').replace(/\$\(/g, '$ (');
}
