/**
 * The messages between the Connection Doctor's page and the extension, imported by both sides. The page only ever
 * names an action by the id its button carries (actions.ts); the extension checks the message here and then looks
 * the id up among the actions of the report it showed.
 */

/** Page → extension: a button was clicked. */
export type DoctorPageMessage = { type: 'action'; id: string };

/** Extension → page. */
export type DoctorHostMessage =
  /** While the checks run: the line to show (which check just ended). */
  | { type: 'progress'; text: string }
  /** Copy Report put the report on the clipboard: the page says so beside the button. */
  | { type: 'copied' };

/** The longest action id: `openSetting:` and the longest setting name, with room to spare. */
const MAX_ID = 100;

/** The message when `value` is one the page may send; undefined for anything else. */
export function readDoctorPageMessage(value: unknown): DoctorPageMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  return message.type === 'action' && typeof message.id === 'string' && message.id.length > 0 && message.id.length <= MAX_ID
    ? { type: 'action', id: message.id }
    : undefined;
}
