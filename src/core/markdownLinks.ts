/**
 * Markdown links that run one of this extension's commands, as the citation hover and the agent tools' Sources
 * write them, and server URLs written beside them. Their text quotes servers and workspaces: a reference such as
 * `ISO 1](command:…) [x` must stay the label's text, never close the link and open one of its own. Pure: no vscode.
 */
import { displayText } from './service/displayText';

/**
 * Link text that shows exactly `text` on one line: the backslash, brackets, backtick and angle brackets (which
 * would end the label, or start code, an autolink or HTML that binds tighter) are backslash-escaped, and so is `$`,
 * so that `$(name)` shows as written where theme icons are on (a hover's MarkdownString) rather than as an icon.
 */
export function linkLabel(text: string): string {
  return displayText(text).replace(/[\\[\]`<>$]/g, '\\$&');
}

/** `[label](command:<command>?<[arg] as JSON, URI-encoded>)`, with `(` and `)` encoded too so that none ends the target. */
export function commandLink(label: string, command: string, arg: unknown): string {
  return `[${linkLabel(label)}](${commandTarget(command, arg)})`;
}

/** `command:<command>?<[arg] as JSON, URI-encoded>`: a link target no argument can end or break out of. */
export function commandTarget(command: string, arg: unknown): string {
  const args = encodeURIComponent(JSON.stringify([arg])).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `command:${command}?${args}`;
}

/** A URL written as Markdown text: whitespace and the characters of link syntax (`[ ] ( ) < >`) percent-encoded. */
export function urlText(url: string): string {
  return url.replace(/[\s[\]()<>]/g, (c) =>
    c.charCodeAt(0) < 0x80 ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(c),
  );
}
