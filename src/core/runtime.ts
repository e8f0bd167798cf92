/**
 * Whether this code runs in a browser (a web worker extension host: vscode.dev, github.dev) rather than on Node, and the
 * environment variables only Node has. The browser build leaves out what cannot run there (src/web/ports/); this is
 * for the few places that say so to the user, or hide it.
 */
export const inBrowser: boolean = typeof process === 'undefined' || typeof process.versions?.node !== 'string';

/** An environment variable of the process; none in the browser. */
export function environmentVariable(name: string): string | undefined {
  return inBrowser ? undefined : process.env[name];
}
