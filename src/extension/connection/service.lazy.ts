/**
 * The HTTP client (axios) and the service layer over it: loaded with the first request to a service (its own bundle: esbuild.js),
 * not at activation, which runs whenever a file opens. `auth` and `defaultTransport` are what other features take from here
 * (the Connection Doctor, environments), so that there is one axios.
 */
export { createStandardsService } from '../../core/service/standardsService';
export * as auth from '../../core/service/auth';
export * as defaultTransport from '../../core/service/defaultTransport';
