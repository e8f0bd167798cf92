/**
 * The page's one button (Retry): a plain <button> styled by media/clause.css. A component set (the deprecated
 * webview-ui-toolkit was) injects its styles inline, which the page's CSP refuses, filling the console with errors.
 */
import { el } from './dom';

export function button(label: string, onClick: () => void): HTMLButtonElement {
  const node = el('button', 'action', label) as HTMLButtonElement;
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}
