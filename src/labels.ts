/**
 * How things are named to the user: a standard, a clause, a reference, a host. One place, so the tree, the
 * pickers, the clause page, documents and inserted references agree. Pure: runs in plain Node.
 */

/** The host (and port) of a URL for messages and the status bar; the text itself when it is no URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
