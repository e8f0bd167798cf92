/**
 * The HTTP client (axios, lean: see esbuild.js) and the service layer over it, loaded with the first request: its
 * own bundle, dist/features/service.js. Activation runs whenever a file opens, and most activations send none.
 */
import { onFirstUse } from '../../core/lifecycle';
import type * as ServiceBundle from './service.lazy';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- required on first use, its own bundle (esbuild.js)
export const httpClient = onFirstUse(() => require('./service.lazy') as typeof ServiceBundle);
