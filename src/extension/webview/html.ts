/**
 * The HTML shell of every webview page of the extension (the clause page, the Connection Doctor's report): strict
 * CSP, a fresh nonce per page, only our own script and styles. The clause page may also load images from the
 * Standards service's origin (figures in clause bodies), and is told that origin so it creates no image the CSP
 * would block.
 */
import type * as vscode from 'vscode';
import { escapeAttribute, escapeText } from '../../webview/htmlText';
import { pageWords } from '../../webview/pageWords';

/** The files of one page and the webview's CSP source. */
export interface PageFiles {
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  /** For tests: a fixed nonce. */
  nonce?: string;
  /** The display language (the `lang` of the page); English when absent. */
  language?: string;
}

export interface PageResources extends PageFiles {
  /** Origin of the configured service's base URL (serviceOrigin; not a clause `@id`'s): the one origin images load from. */
  imageOrigin?: string;
  /** The page's words in the display language (pageWords()); English when absent. */
  words?: Record<string, string>;
}

/** What a page shows: its title, and its body as HTML whose every text was escaped (htmlText.ts). */
export interface PageContent {
  title: string;
  body: string;
  /** `data-…` attributes of the body, escaped here. */
  data?: Record<string, string>;
  /** The one origin besides our own that images may load from. */
  imageOrigin?: string;
  /**
   * The page starts a worker from a blob: URI holding its own bundled script (webviews load workers from blob: or
   * data: URIs only). Pages make no blob of anything a server sent.
   */
  workers?: boolean;
}

/** The http(s) origin of a service URL, or undefined for anything else (so nothing odd reaches the CSP). */
export function serviceOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) && parsed.hostname ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** 18 random bytes as base64url (Web Crypto: the same in Node and the browser). */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** A whole page: the CSP allows our stylesheet and fonts, images from us (and `imageOrigin`), and the nonce's script. */
export function webviewPageHtml(files: PageFiles, content: PageContent): string {
  const nonce = files.nonce ?? newNonce();
  const imageOrigin = serviceOrigin(content.imageOrigin);
  const csp = [
    "default-src 'none'",
    // Our stylesheet, and the styles the toolkit's components insert carrying the nonce (read from the csp-nonce meta).
    `style-src ${files.cspSource} 'nonce-${nonce}'`,
    `font-src ${files.cspSource}`,
    `img-src ${files.cspSource} data:${imageOrigin ? ` ${imageOrigin}` : ''}`,
    `script-src 'nonce-${nonce}'`,
    ...(content.workers ? ['worker-src blob:'] : []),
  ].join('; ');
  const data = Object.entries(content.data ?? {})
    .map(([name, value]) => ` data-${name.replace(/[^a-z-]/g, '')}="${escapeAttribute(value)}"`)
    .join('');
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(files.language ?? 'en')}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta property="csp-nonce" content="${nonce}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(files.styleUri)}">
<title>${escapeText(content.title)}</title>
</head>
<body${data}>
${content.body}
<script nonce="${nonce}" src="${escapeAttribute(files.scriptUri)}"></script>
</body>
</html>`;
}

export function clausePageHtml(resources: PageResources, title: string): string {
  const imageOrigin = serviceOrigin(resources.imageOrigin);
  const words = resources.words ?? {};
  const word = (message: string): string => words[message] ?? message;
  // No toolbar: the clause's actions are in the editor title bar; the page starts with the clause.
  const body = `<main id="page" aria-live="polite"${imageOrigin ? ` data-image-origin="${escapeAttribute(imageOrigin)}"` : ''}><p class="status">${escapeText(word('Loading…'))}</p></main>`;
  // A worker builds a very large clause's document model (src/webview/page/modelWorker.ts).
  return webviewPageHtml(resources, { title, body, data: { words: JSON.stringify(words) }, imageOrigin, workers: true });
}

/** The webview URIs of one page's script (dist/webview/<name>.js) and stylesheet (media/<name>.css). */
export function pageFiles(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  joinPath: (base: vscode.Uri, ...parts: string[]) => vscode.Uri,
  name: string,
  language?: string,
): PageFiles {
  return {
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(joinPath(extensionUri, 'dist', 'webview', `${name}.js`)).toString(),
    styleUri: webview.asWebviewUri(joinPath(extensionUri, 'media', `${name}.css`)).toString(),
    language,
  };
}

export function pageResources(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  joinPath: (base: vscode.Uri, ...parts: string[]) => vscode.Uri,
  serviceUrl?: string,
  language?: string,
): PageResources {
  return { ...pageFiles(webview, extensionUri, joinPath, 'clause', language), imageOrigin: serviceOrigin(serviceUrl), words: pageWords() };
}
