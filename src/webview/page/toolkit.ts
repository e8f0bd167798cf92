/**
 * The page's one button (Retry), a toolkit button: the only module that knows about @vscode/webview-ui-toolkit
 * (deprecated upstream) — swap this file to move to another component set, nothing else changes. Its components insert
 * their styles with the nonce of the page's `csp-nonce` meta (html.ts), which the CSP allows; without it, every
 * inserted style is refused and logged.
 */
import { provideVSCodeDesignSystem, vsCodeButton } from '@vscode/webview-ui-toolkit';

let registered = false;

function register(): void {
  if (registered) return;
  provideVSCodeDesignSystem().register(vsCodeButton());
  registered = true;
}

export function button(label: string, onClick: () => void): HTMLElement {
  register();
  const node = document.createElement('vscode-button');
  node.className = 'action';
  node.setAttribute('appearance', 'primary');
  node.textContent = label;
  node.addEventListener('click', onClick);
  return node;
}
