/**
 * The HTTP client (axios) and the service layer over it: loaded with the first request to a service (its own bundle: esbuild.js),
 * not at activation, which runs whenever a file opens. `auth`, `transport` and `cache` are what other features take from
 * here (the Connection Doctor, environments, the reviewed clause texts), so that there is one axios and one disk cache.
 */
export { createStandardsService } from '../../core/service/standardsService';
export * as auth from '../../core/service/auth';
export * as transport from '../../core/service/transport';
export * as cache from '../../core/service/cache';
