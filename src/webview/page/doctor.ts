/**
 * The Connection Doctor page's script. The report arrives as HTML the extension built (src/extension/doctor/reportPage.ts):
 * this script only sends a button's action id when the user clicks it, and shows the progress line and the
 * "Copied" note the extension asks for (../../doctor/pageProtocol.ts). It writes text, never HTML.
 */
import type { DoctorHostMessage, DoctorPageMessage } from '../doctorProtocol';

interface VsCodeApi {
  postMessage(message: DoctorPageMessage): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();

// One listener for every button, the report's remedies and the page's own: only a click of the user's counts.
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-action]') : null;
  const id = button instanceof HTMLButtonElement ? button.dataset.action : undefined;
  if (event.isTrusted && id) vscode.postMessage({ type: 'action', id });
});

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data as Partial<DoctorHostMessage> | null;
  if (message?.type === 'progress' && typeof message.text === 'string') {
    const line = document.getElementById('progress');
    if (line) line.textContent = message.text;
  } else if (message?.type === 'copied') {
    const note = document.getElementById('copied');
    if (note) note.hidden = false;
  }
});
