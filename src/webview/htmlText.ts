/**
 * Text made safe to write into HTML: every page the extension builds as a string (src/webview/html.ts, the
 * Connection Doctor's report) escapes through these, so no text from a server or a setting is read as markup. Pure.
 */

/** Text between tags: `&`, `<` and `>` escaped. */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
}

/** Text inside a quoted attribute value: quotes escaped as well. */
export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
