/**
 * The one HTML page of the clause view: strict CSP, a fresh nonce per page, only our own script and styles.
 * Images are allowed from the Standards service's origin only (figures in clause bodies), and the page is told
 * that origin so it creates no image the CSP would block.
 */
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';
import { pageWords } from './pageWords';

export interface PageResources {
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  /** For tests: a fixed nonce. */
  nonce?: string;
  /** Origin of the Standards service (from the clause `@id`); the only origin images load from. */
  imageOrigin?: string;
  /** The page's words in the display language (pageWords()), and that language; English when absent. */
  words?: Record<string, string>;
  language?: string;
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

function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

export function clausePageHtml(resources: PageResources, title: string): string {
  const nonce = resources.nonce ?? newNonce();
  const imageOrigin = serviceOrigin(resources.imageOrigin);
  const csp = [
    "default-src 'none'",
    `style-src ${resources.cspSource}`,
    `font-src ${resources.cspSource}`,
    `img-src ${resources.cspSource} data:${imageOrigin ? ` ${imageOrigin}` : ''}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  const words = resources.words ?? {};
  const word = (message: string): string => words[message] ?? message;
  return `<!DOCTYPE html>
<html lang="${escapeAttribute(resources.language ?? 'en')}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(resources.styleUri)}">
<title>${escapeText(title)}</title>
</head>
<body data-words="${escapeAttribute(JSON.stringify(words))}">
<div id="toolbar" role="toolbar" aria-label="${escapeAttribute(word('Clause actions'))}"></div>
<main id="page" aria-live="polite"${imageOrigin ? ` data-image-origin="${escapeAttribute(imageOrigin)}"` : ''}><p class="status">${escapeText(word('Loading…'))}</p></main>
<script nonce="${nonce}" src="${escapeAttribute(resources.scriptUri)}"></script>
</body>
</html>`;
}

export function pageResources(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  joinPath: (base: vscode.Uri, ...parts: string[]) => vscode.Uri,
  serviceUrl?: string,
  language?: string,
): PageResources {
  return {
    cspSource: webview.cspSource,
    imageOrigin: serviceOrigin(serviceUrl),
    scriptUri: webview.asWebviewUri(joinPath(extensionUri, 'dist', 'webview', 'clause.js')).toString(),
    styleUri: webview.asWebviewUri(joinPath(extensionUri, 'media', 'clause.css')).toString(),
    words: pageWords(),
    language,
  };
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
