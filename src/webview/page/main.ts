/**
 * The clause page script. It talks to the extension only through the messages in ../protocol.ts, keeps its
 * ClauseRef and scroll position in the webview state, and renders server data as text.
 */
import { buildDocumentSliced } from '../../document/index';
import type { ClauseRef } from '../../model';
import { displayText, stripBidiControls } from '../../service/displayText';
import { sectionLabel } from '../../service/sections';
import type { HostMessage, PageMessage, PageState } from '../protocol';
import { ClauseRenderer, RenderQueue, el } from './render';
import { toolbarButton } from './toolkit';

interface VsCodeApi {
  postMessage(message: PageMessage): void;
  getState(): PageState | undefined;
  setState(state: PageState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const page = document.getElementById('page') as HTMLElement;
/** The service's origin, as the page's CSP allows it for images (set by html.ts); empty when unknown. */
const imageOrigin = page.dataset.imageOrigin || undefined;
const toolbar = document.getElementById('toolbar') as HTMLElement;
let state: PageState | undefined = vscode.getState();
let queue: RenderQueue | undefined;

/** Toolbar actions run only from the user's own click (or key press) on the button, never from a script. */
function byUser(type: 'openJson' | 'openText' | 'compare' | 'copyLink' | 'insertReference'): (event?: Event) => void {
  return (event) => {
    if (event?.isTrusted) vscode.postMessage({ type });
  };
}

toolbar.append(
  toolbarButton('Open JSON to the Side', byUser('openJson'), 'primary'),
  toolbarButton('Open as Text', byUser('openText')),
  toolbarButton('Compare with Another Edition…', byUser('compare')),
  toolbarButton('Copy Link', byUser('copyLink')),
  toolbarButton('Insert Reference', byUser('insertReference')),
);

let scrollTimer: ReturnType<typeof setTimeout> | undefined;
window.addEventListener('scroll', () => {
  clearTimeout(scrollTimer);
  scrollTimer = setTimeout(() => {
    if (state) {
      state = { ...state, scrollY: window.scrollY };
      vscode.setState(state);
    }
  }, 150);
});

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  switch (message?.type) {
    case 'loading':
      remember(message.ref);
      showStatus('Loading…');
      break;
    case 'clause':
      remember(message.ref);
      void render(message.ref, parse(message.json));
      break;
    case 'error':
      remember(message.ref);
      showError(message.message);
      break;
  }
});

vscode.postMessage({ type: 'ready' });

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return { error: 'The clause content is not valid JSON.' };
  }
}

function remember(ref: ClauseRef): void {
  state = { ref, scrollY: state?.ref.clauseId === ref.clauseId && state.ref.urn === ref.urn ? state.scrollY : 0 };
  vscode.setState(state);
}

function showStatus(text: string): void {
  queue?.cancel();
  page.replaceChildren(el('p', 'status', text));
}

function showError(message: string): void {
  queue?.cancel();
  const box = el('div', 'error');
  box.setAttribute('role', 'alert');
  // The message may quote the server: no bidi controls, so it reads as it is.
  box.append(el('p', undefined, stripBidiControls(message)));
  box.append(toolbarButton('Retry', () => vscode.postMessage({ type: 'retry' }), 'primary'));
  page.replaceChildren(box);
}

async function render(ref: ClauseRef, body: unknown): Promise<void> {
  queue?.cancel();
  const started = performance.now();
  const current = new RenderQueue((done, total) => {
    progress.textContent = done < total ? `Rendering… ${Math.floor((done / total) * 100)} %` : '';
  });
  queue = current;
  const header = el('header');
  const heading = el('h1', undefined, headingOf(ref.number, ref.title || sectionLabel(ref.types ?? [])));
  header.append(heading);
  const progress = el('p', 'status', 'Reading…');
  const article = el('article');
  page.replaceChildren(header, progress, article);

  // The model is built in slices too: a body of several megabytes never blocks the page for long.
  const model = await buildDocumentSliced(body, 12, () => queue !== current);
  if (!model || queue !== current) return;
  const title = headingOf(model.number || ref.number, model.title || ref.title || sectionLabel(ref.types ?? []));
  heading.textContent = title;
  if (model.label) heading.append(' ', el('span', 'obligation', `(${model.label})`));
  const standard = displayText([model.standard?.reference || ref.standardReference, model.standard?.title || ref.standardTitle].filter(Boolean).join(' — '));
  if (standard) header.append(el('p', 'subtitle', standard));

  const renderer = new ClauseRenderer(
    current,
    {
      openClause: (target) => vscode.postMessage({ type: 'openClause', target }),
      revealStandard: (urn) => vscode.postMessage({ type: 'revealStandard', urn }),
    },
    imageOrigin,
    ref.id,
  );
  renderer.document(model, article);
  if (!model.blocks.length && !model.footnotes.length) article.append(el('p', 'status', 'This clause has no content to show. Open the JSON to the side to see what the service sent.'));
  await current.run();
  if (queue !== current) return;
  progress.remove();
  if (state?.scrollY) window.scrollTo(0, state.scrollY);
  vscode.postMessage({ type: 'rendered', title, blocks: renderer.blocks, ms: performance.now() - started });
}

/** One line without bidi controls: a server title cannot reorder what the heading shows. */
function headingOf(number: string | undefined, title: string | undefined): string {
  return displayText([number, title].filter(Boolean).join(' '));
}
