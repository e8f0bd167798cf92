/**
 * The "Standards Explorer" log: one line per request (method, path, status, time, retries, cache) and what the
 * service layer tells at debug level. The service layer never hands it a secret.
 */
import * as vscode from 'vscode';
import type { RequestLogEntry, ServiceLogger } from '../core/service/index';

export function createLog(): vscode.LogOutputChannel {
  // l10n-ignore: the product's name, as the channel list and the README call it
  return vscode.window.createOutputChannel('Standards Explorer', { log: true });
}

function requestLine(entry: RequestLogEntry): string {
  const status = entry.status ?? '—';
  const extras = [
    entry.retries ? `${entry.retries} ${entry.retries === 1 ? 'retry' : 'retries'}` : '',
    entry.cache ? `cache ${entry.cache}` : '',
    entry.error ? `error ${entry.error}` : '',
  ].filter(Boolean);
  const detail = entry.detail ? `: ${entry.detail}` : '';
  return `${entry.method} ${entry.path} ${status} ${Math.round(entry.ms)} ms${extras.length ? ` (${extras.join(', ')})` : ''}${detail}`;
}

/** A ServiceLogger writing to `log`, also telling `onEntry` (for the connection status). */
export function serviceLogger(log: vscode.LogOutputChannel, onEntry?: (entry: RequestLogEntry) => void): ServiceLogger {
  return {
    request(entry) {
      const line = requestLine(entry);
      if (entry.error && entry.error !== 'cancelled') log.warn(line);
      else log.info(line);
      onEntry?.(entry);
    },
    debug(message) {
      log.debug(message);
    },
  };
}
