/**
 * The only module that knows about @vscode/webview-ui-toolkit (deprecated upstream): swap this file to move to
 * another component set, nothing else changes.
 */
import { provideVSCodeDesignSystem, vsCodeButton } from '@vscode/webview-ui-toolkit';

let registered = false;

function register(): void {
  if (registered) return;
  provideVSCodeDesignSystem().register(vsCodeButton());
  registered = true;
}

/** A toolbar button with a codicon-free text label. */
export function toolbarButton(label: string, onClick: () => void, appearance: 'primary' | 'secondary' = 'secondary'): HTMLElement {
  register();
  const button = document.createElement('vscode-button');
  button.setAttribute('appearance', appearance);
  button.textContent = label;
  button.addEventListener('click', onClick);
  return button;
}
