/**
 * The service modules every bundle uses, never a copy: one ServiceError class, so that `instanceof` holds across
 * bundles, and one axios. A part loaded on first use (a `*.lazy.ts` file, its own bundle: esbuild.js) finds them
 * here, under SHARED_KEY; esbuild.js maps its imports of these modules to this table and lists the same names. The
 * pure ones are in the main bundle; `auth` and `defaultTransport` come with the HTTP client, loaded when a part uses them.
 * Compiled by tsc (the tests), every module is itself and the table is not read.
 */
import * as addresses from '../core/service/addresses';
import * as backoff from '../core/service/backoff';
import * as blockText from '../core/service/blockText';
import * as deadline from '../core/service/deadline';
import * as displayText from '../core/service/displayText';
import * as errors from '../core/service/errors';
import * as jsonld from '../core/service/jsonld';
import * as localFiles from '../core/service/localFiles';
import * as privateFiles from '../core/service/privateFiles';
import * as redact from '../core/service/redact';
import * as sections from '../core/service/sections';
import * as sha256 from '../core/service/sha256';
import * as timeSlicer from '../core/service/timeSlicer';
import * as urn from '../core/service/urn';
import * as wholeFile from '../core/service/wholeFile';
import * as yieldNow from '../core/service/yieldNow';
import { httpClient } from './connection/httpClient';

/** Where the bundles loaded on first use look for the shared modules. */
export const SHARED_KEY = Symbol.for('standardsExplorer.sharedModules');

const SHARED = {
  'service/addresses': addresses,
  'service/backoff': backoff,
  'service/blockText': blockText,
  'service/deadline': deadline,
  'service/displayText': displayText,
  'service/errors': errors,
  'service/jsonld': jsonld,
  'service/localFiles': localFiles,
  'service/privateFiles': privateFiles,
  'service/redact': redact,
  'service/sections': sections,
  'service/sha256': sha256,
  'service/timeSlicer': timeSlicer,
  'service/urn': urn,
  'service/wholeFile': wholeFile,
  'service/yieldNow': yieldNow,
  get 'service/auth'() {
    return httpClient().auth;
  },
  get 'service/defaultTransport'() {
    return httpClient().defaultTransport;
  },
};
(globalThis as Record<symbol, unknown>)[SHARED_KEY] = SHARED;
