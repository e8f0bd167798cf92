/** The one HTML page of the clause view: strict CSP, a fresh nonce per page, only our own script and styles. */
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';

export interface PageResources {
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  /** For tests: a fixed nonce. */
  nonce?: string;
}

function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

export function clausePageHtml(resources: PageResources, title: string): string {
  const nonce = resources.nonce ?? newNonce();
  const csp = [
    "default-src 'none'",
    `style-src ${resources.cspSource}`,
    `font-src ${resources.cspSource}`,
    `img-src ${resources.cspSource} data:`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(resources.styleUri)}">
<title>${escapeText(title)}</title>
</head>
<body>
<div id="toolbar" role="toolbar" aria-label="Clause actions"></div>
<main id="page" aria-live="polite"><p class="status">Loading…</p></main>
<script nonce="${nonce}" src="${escapeAttribute(resources.scriptUri)}"></script>
</body>
</html>`;
}

export function pageResources(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  joinPath: (base: vscode.Uri, ...parts: string[]) => vscode.Uri,
): PageResources {
  return {
    cspSource: webview.cspSource,
    scriptUri: webview.asWebviewUri(joinPath(extensionUri, 'dist', 'webview', 'clause.js')).toString(),
    styleUri: webview.asWebviewUri(joinPath(extensionUri, 'media', 'clause.css')).toString(),
  };
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
