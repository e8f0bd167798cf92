/**
 * The clause page script. It talks to the extension only through the messages in ../protocol.ts, keeps its
 * ClauseRef and scroll position in the webview state, and renders server data as text.
 */
import { buildDocumentSliced, documentHeading, type ClauseContext, type ClauseDocument } from '../../core/document/index';
import { type ClauseRef, clauseContextOf } from '../../core/model';
import { displayText, stripBidiControls } from '../../core/service/displayText';
import { sectionLabel } from '../../core/service/sections';
import { MAX_JSON_DEPTH } from '../../core/service/jsonld';
import { parseJsonInSlices } from '../../core/service/slicedJson';
import { findAnchor, outline } from '../../core/document/anchors';
import { shownHeading } from '../../core/document/listedNumbers';
import { ReceivedParts, type BuiltIn, type HostMessage, type PageMessage, type PageState } from '../protocol';
import type { BodyText } from '../../core/service/blockText';
import { el } from './dom';
import { ModelWorker, type TableRows } from './modelWorker';
import { ClauseRenderer } from './render';
import { RenderQueue } from './renderQueue';
import { button } from './toolkit';
import { t } from './words';

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
let state: PageState | undefined = vscode.getState();
let queue: RenderQueue | undefined;
/** The clause shown, once rendered: what anchors are looked up in. */
let shown: { model: ClauseDocument; renderer: ClauseRenderer } | undefined;
/** An anchor the host asked for before the clause was rendered. */
let pendingAnchor: string | undefined;
/** A table of contents for clauses with at least this many subclauses and terms. */
const TOC_MIN_ENTRIES = 6;

/** "Offline copy from …" above the clause, when the host says it is one. */
let offlineNote: string | undefined;

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
      received.clear();
      incoming?.stop();
      incoming = undefined;
      remember(message.ref);
      showStatus(t('Loading…'));
      break;
    case 'clauseText':
      received.add(message.part);
      // A clause that comes in parts (over a megabyte) is built in a worker, which reads each part as it comes:
      // handed over at the end, 16 MB held the page for 80 ms.
      incoming ??= new ModelWorker();
      incoming.add(message.part);
      break;
    case 'clause': {
      remember(message.ref);
      pendingAnchor = message.anchor;
      offlineNote = message.offline;
      const { ref } = message;
      // Parts left from a clause that did not end (a clause without parts reads none) are dropped, as `received` drops them.
      const arriving = message.parts ? incoming : undefined;
      if (!arriving) incoming?.stop();
      incoming = undefined;
      const json = received.take(message.json, message.parts);
      if (json === undefined) {
        arriving?.stop();
        showError(t('The clause did not arrive whole. Try again.'));
        break;
      }
      const context: ClauseContext = { ...clauseContextOf(ref), clauses: message.clauses };
      // Very large: say so above the clause (reading it takes a moment).
      if (json.length >= LARGE_CLAUSE)
        largeNote = t(
          'This clause is very large ({0} MB): it is shown in parts as it is read, long tables first show their first rows.',
          (json.length / 1e6).toFixed(1),
        );
      if (arriving || json.length >= LARGE_CLAUSE)
        void render(ref, context, (cancelled) => builtInWorker(arriving ?? new ModelWorker(), message.json, json, context, cancelled));
      else void render(ref, context, (cancelled) => builtHere(parse(String(json)), context, cancelled));
      break;
    }
    case 'reveal':
      if (shown) reveal(message.anchor);
      else pendingAnchor = message.anchor;
      break;
    case 'error':
      remember(message.ref);
      showError(message.message);
      break;
  }
});

vscode.postMessage({ type: 'ready' });

/** Characters of clause JSON from which the page says, before anything else, that the clause is very large. */
const LARGE_CLAUSE = 2_000_000;
let largeNote: string | undefined;

/** The parts of a large clause's text received so far (`clauseText` messages). */
const received = new ReceivedParts();

/** A clause's document model, where it was built, and the rows of its long tables it does not hold yet. */
interface Built {
  model: ClauseDocument;
  builtIn: BuiltIn;
  rows?: TableRows;
}

/** The model worker of the clause shown, if it has one; and of the clause whose parts are arriving. */
let worker: ModelWorker | undefined;
let incoming: ModelWorker | undefined;

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return notJson();
  }
}

/** The model built on the page, in slices: a body of several megabytes never blocks the page for long. */
async function builtHere(body: unknown, context: ClauseContext, cancelled: () => boolean): Promise<Built | undefined> {
  const model = await buildDocumentSliced(body, 12, cancelled, context);
  return model && { model, builtIn: 'page' };
}

/**
 * A large clause's model, built in `own` worker from the parts it was given and `last`: parsed and built on the
 * page, even in slices, it held the page for 50–90 ms at a time (V8 copying the objects a parse makes, all of
 * which survive). Where no worker can run, on the page after all, from `json`.
 */
async function builtInWorker(own: ModelWorker, last: string, json: BodyText, context: ClauseContext, cancelled: () => boolean): Promise<Built | undefined> {
  worker = own;
  try {
    const built = await own.build(last, context);
    return built === 'notJson' ? builtHere(notJson(), context, cancelled) : { ...built, builtIn: 'worker' };
  } catch {
    if (worker === own) worker = undefined;
    // Parsed a slice at a time: JSON.parse of 16 MB held the page a quarter of a second.
    return cancelled() ? undefined : builtHere(await parseLarge(json), context, cancelled);
  }
}

async function parseLarge(json: BodyText): Promise<unknown> {
  try {
    return await parseJsonInSlices(json, MAX_JSON_DEPTH);
  } catch {
    return notJson();
  }
}

function notJson(): unknown {
  return { error: t('The clause content is not valid JSON.') };
}

function remember(ref: ClauseRef): void {
  state = { ref, scrollY: state?.ref.clauseId === ref.clauseId && state.ref.urn === ref.urn ? state.scrollY : 0 };
  vscode.setState(state);
}

/** Stops what the page is doing for the clause it showed: rendering, and its model worker. */
function leaveClause(): void {
  queue?.cancel();
  queue = undefined;
  worker?.stop();
  worker = undefined;
  shown = undefined;
}

function showStatus(text: string): void {
  leaveClause();
  page.replaceChildren(el('p', 'status', text));
}

function showError(message: string): void {
  leaveClause();
  const box = el('div', 'error');
  box.setAttribute('role', 'alert');
  // The message may quote the server: no bidi controls, so it reads as it is.
  box.append(el('p', undefined, stripBidiControls(message)));
  box.append(button(t('Retry'), () => vscode.postMessage({ type: 'retry' })));
  page.replaceChildren(box);
}

async function render(ref: ClauseRef, context: ClauseContext, build: (cancelled: () => boolean) => Promise<Built | undefined>): Promise<void> {
  leaveClause();
  const started = performance.now();
  const current = new RenderQueue((done, total) => {
    progress.textContent = done < total ? t('Rendering… {0} %', Math.floor((done / total) * 100)) : '';
  });
  queue = current;
  const header = el('header');
  // The clause list's number, annex label and obligation, shown once however the list wrote them (shownHeading).
  const listed = shownHeading(undefined, context);
  const heading = el('h1', undefined, headingOf(listed.number, listed.title || sectionLabel(ref.types ?? [])));
  header.append(heading);
  const progress = el('p', 'status', t('Reading…'));
  if (offlineNote) {
    const banner = el('p', 'offline-banner', offlineNote);
    banner.setAttribute('role', 'status');
    header.append(banner);
  }
  if (largeNote) header.append(el('p', 'status large-note', largeNote));
  largeNote = undefined;
  const article = el('article');
  page.replaceChildren(header, progress, article);

  const built = await build(() => queue !== current);
  if (!built || queue !== current) return;
  const { model } = built;
  const once = shownHeading(model, context);
  const title = headingOf(once.number, once.title || sectionLabel(ref.types ?? []));
  // An annex as published: "Annex A", "(informative)", its title, each on its own line.
  const [first, ...rest] = documentHeading(once.number, once.title || sectionLabel(ref.types ?? []), once.label);
  heading.textContent = displayText(first ?? title);
  heading.classList.toggle('annex', rest.length > 0 && /^Annex /.test(first ?? ''));
  for (const part of rest) heading.append(' ', el('span', part.startsWith('(') ? 'obligation' : 'heading-title', displayText(part)));
  const standard = displayText([model.standard?.reference || ref.standardReference, model.standard?.title || ref.standardTitle].filter(Boolean).join(' — '));
  if (standard) header.append(el('p', 'subtitle', standard));

  const renderer = new ClauseRenderer(
    current,
    {
      openClause: (target) => vscode.postMessage({ type: 'openClause', target }),
      revealStandard: (urn) => vscode.postMessage({ type: 'revealStandard', urn }),
      findReference: (citation) => vscode.postMessage({ type: 'findReference', citation }),
    },
    imageOrigin,
    ref.id,
  );
  renderer.moreRows = built.rows;
  renderer.document(model, article);
  if (!model.blocks.length && !model.footnotes.length)
    article.append(el('p', 'status', t('This clause has no content to show. Open the JSON to the side to see what the service sent.')));
  await current.run();
  if (queue !== current) return;
  progress.remove();
  shown = { model, renderer };
  const contents = tableOfContents(model, renderer);
  if (contents) article.before(contents);
  const anchor = pendingAnchor;
  pendingAnchor = undefined;
  if (anchor) reveal(anchor);
  else if (state?.scrollY) window.scrollTo(0, state.scrollY);
  vscode.postMessage({ type: 'rendered', title, blocks: renderer.blocks, ms: performance.now() - started, builtIn: built.builtIn });
}

/** Scrolls to the subclause or term `anchor` names and highlights it; says so on the page when it is not here. */
function reveal(anchor: string): void {
  if (!shown) return;
  const block = findAnchor(shown.model, anchor);
  const target = block && shown.renderer.elementOf(block);
  document.querySelectorAll('.revealed').forEach((e) => e.classList.remove('revealed'));
  document.querySelector('.anchor-missing')?.remove();
  if (target) {
    target.classList.add('revealed');
    target.setAttribute('tabindex', '-1');
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  } else {
    const notice = el('p', 'status anchor-missing', t('“{0}” is not in this clause.', displayText(anchor).slice(0, 120)));
    notice.setAttribute('role', 'status');
    page.querySelector('header')?.after(notice);
  }
  vscode.postMessage({ type: 'revealed', anchor: anchor.slice(0, 2048), found: target !== undefined });
}

/** "Contents": the clause's subclauses and terms as links, for clauses long enough to need it. */
function tableOfContents(model: ClauseDocument, renderer: ClauseRenderer): HTMLElement | undefined {
  const entries = outline(model).filter((entry) => renderer.elementOf(entry.block));
  if (entries.length < TOC_MIN_ENTRIES) return undefined;
  const nav = el('nav', 'toc');
  nav.setAttribute('aria-label', t('Contents'));
  const details = el('details') as HTMLDetailsElement;
  details.open = entries.length <= 60;
  details.append(el('summary', undefined, t('Contents ({0})', entries.length)));
  const list = el('ul');
  for (const entry of entries) {
    // Indented by class: the page sets no style attributes (its CSP and the hostile-content check forbid them).
    const li = el('li', `toc-level-${Math.min(entry.level, 4)}`);
    const a = el('a', 'link', displayText(entry.text));
    a.setAttribute('href', '#');
    a.addEventListener('click', (event) => {
      event.preventDefault();
      const target = renderer.elementOf(entry.block);
      target?.scrollIntoView({ block: 'start' });
    });
    li.append(a);
    list.append(li);
  }
  details.append(list);
  nav.append(details);
  return nav;
}

/** One line without bidi controls: a server title cannot reorder what the heading shows. */
function headingOf(number: string | undefined, title: string | undefined): string {
  return displayText([number, title].filter(Boolean).join(' '));
}
