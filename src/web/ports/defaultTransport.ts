/**
 * The browser's src/core/service/defaultTransport.ts: fetch. The browser sets its own User-Agent (a script may not), so
 * the extension's is not sent.
 */
import type * as NodeDefault from '../../core/service/defaultTransport';
import { createFetchTransport } from '../../core/service/fetchTransport';

export const createDefaultTransport: typeof NodeDefault.createDefaultTransport = () => createFetchTransport();
