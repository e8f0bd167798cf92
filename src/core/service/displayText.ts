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

/*
 * Trailing runs cut in linear time. `text.replace(/\.+$/, '')` looks like one pass, but V8 tries `\.+$` from every
 * dot of a run that something other than the end follows, and each try runs to the end of the run: quadratic
 * (seconds for a few hundred KB of dots in server text). Walking back from the end reads each character once.
 */

/** `text` without the run of `char` (one UTF-16 unit) it ends with. */
export function withoutTrailing(text: string, char: string): string {
  const code = char.charCodeAt(0);
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === code) end--;
  return text.slice(0, end);
}

/** Where the run of ASCII digits that ends at `end` starts (`end` when there is none). */
export function trailingDigitsStart(text: string, end: number): number {
  let start = end;
  while (start > 0 && text.charCodeAt(start - 1) >= 48 && text.charCodeAt(start - 1) <= 57) start--;
  return start;
}
