/**
 * Features that activation does not need, loaded on first use. Each is its own bundle, dist/features/<name>.js
 * (esbuild.js), `require`d the first time one of the functions below is called, so that activating the extension
 * neither reads nor compiles it; compiled by tsc (tests), the same `require` finds the module itself. Each function
 * here stands for the one of the same name and type. A feature bundle finds the modules it shares with this one
 * (the service layer: one axios, one ServiceError) through SHARED, not in a copy of its own. The HTTP client itself
 * (axios and the service over it, features/service.ts) is one of these features: activation runs whenever a file
 * opens, and most activations never send a request.
 */
import * as addresses from '../core/service/addresses';
import * as displayText from '../core/service/displayText';
import * as errors from '../core/service/errors';
import * as jsonld from '../core/service/jsonld';
import * as redact from '../core/service/redact';
import * as sections from '../core/service/sections';
import * as urn from '../core/service/urn';
import type * as CatalogueIndexFeature from './features/catalogueIndex';
import type * as CatalogueOrganiserFeature from './features/catalogueOrganiser';
import type * as CitationsFeature from './features/citations';
import type * as ClausePanelFeature from './features/clausePanel';
import type * as CompareFeature from './features/compare';
import type * as EnvironmentsFeature from './features/environments';
import type * as TermsFeature from './features/terms';
import type * as DocumentFeature from './features/document';
import type * as DoctorFeature from './features/doctor';
import type * as ReplacementsFeature from './features/replacements';
import type * as ServiceFeature from './features/service';

/** Where the feature bundles look for SHARED. */
export const SHARED_KEY = Symbol.for('standardsExplorer.sharedModules');

function feature<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}

/* eslint-disable @typescript-eslint/no-require-imports -- a require at first use is what keeps these out of activation */
const serviceFeature = feature(() => require('./features/service') as typeof ServiceFeature);
const documentFeature = feature(() => require('./features/document') as typeof DocumentFeature);
const doctorFeature = feature(() => require('./features/doctor') as typeof DoctorFeature);
const catalogueIndexFeature = feature(() => require('./features/catalogueIndex') as typeof CatalogueIndexFeature);
const citationsFeature = feature(() => require('./features/citations') as typeof CitationsFeature);
const compareFeature = feature(() => require('./features/compare') as typeof CompareFeature);
const termsFeature = feature(() => require('./features/terms') as typeof TermsFeature);
const environmentsFeature = feature(() => require('./features/environments') as typeof EnvironmentsFeature);
const clausePanelFeature = feature(() => require('./features/clausePanel') as typeof ClausePanelFeature);
const catalogueOrganiserFeature = feature(() => require('./features/catalogueOrganiser') as typeof CatalogueOrganiserFeature);
const replacementsFeature = feature(() => require('./features/replacements') as typeof ReplacementsFeature);
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * The service modules the features use, never a copy (esbuild.js maps their imports here; it lists the same names):
 * one ServiceError class, so `instanceof` holds across bundles, and one axios. The pure ones are in this bundle;
 * `auth` and `transport` come with the HTTP client, loaded when a feature that uses them is.
 */
const SHARED = {
  'service/addresses': addresses,
  'service/displayText': displayText,
  'service/errors': errors,
  'service/jsonld': jsonld,
  'service/redact': redact,
  'service/sections': sections,
  'service/urn': urn,
  get 'service/auth'() {
    return serviceFeature().auth;
  },
  get 'service/transport'() {
    return serviceFeature().transport;
  },
};
(globalThis as Record<symbol, unknown>)[SHARED_KEY] = SHARED;

// The service layer over axios (src/connection/serviceFactory.ts makes one on first use).
export const createStandardsService: typeof ServiceFeature.createStandardsService = (...args) => serviceFeature().createStandardsService(...args);

// The document model of a clause (Open as Markdown or text, Go to Term, anchors).
export const buildDocument: typeof DocumentFeature.buildDocument = (...args) => documentFeature().buildDocument(...args);
export const flowText: typeof DocumentFeature.flowText = (...args) => documentFeature().flowText(...args);
export const clauseMarkdown: typeof DocumentFeature.clauseMarkdown = (...args) => documentFeature().clauseMarkdown(...args);
export const termAnchor: typeof DocumentFeature.termAnchor = (...args) => documentFeature().termAnchor(...args);

// The Connection Doctor.
export const runConnectionDoctor: typeof DoctorFeature.runConnectionDoctor = (...args) => doctorFeature().runConnectionDoctor(...args);
export const copyDoctorReport: typeof DoctorFeature.copyDoctorReport = (...args) => doctorFeature().copyDoctorReport(...args);

// The catalogue index (Find Standard, references in code): built, read back, searched.
export const buildCatalogueIndex: typeof CatalogueIndexFeature.buildCatalogueIndex = (...args) => catalogueIndexFeature().buildCatalogueIndex(...args);
export const newIndexBuilder = (): InstanceType<typeof CatalogueIndexFeature.IndexBuilder> => new (catalogueIndexFeature().IndexBuilder)();
export const indexFromFile: typeof CatalogueIndexFeature.CatalogueIndex.fromFile = (...args) => catalogueIndexFeature().CatalogueIndex.fromFile(...args);

// The references in code (src/extension/citations/register.ts registers thin providers that call this on first use).
export const createCitations: typeof CitationsFeature.createCitations = (...args) => citationsFeature().createCitations(...args);

// Compare with Another Edition (and its Markdown/JSON toggle).
export const compareWithEdition: typeof CompareFeature.compareWithEdition = (...args) => compareFeature().compareWithEdition(...args);
export const toggleCompareFormat: typeof CompareFeature.toggleCompareFormat = (...args) => compareFeature().toggleCompareFormat(...args);
export const clauseOf: typeof CompareFeature.clauseOf = (...args) => compareFeature().clauseOf(...args);

// Go to Term, Collect Terms.
export const goToTerm: typeof TermsFeature.goToTerm = (...args) => termsFeature().goToTerm(...args);
export const collectTerms: typeof TermsFeature.collectTerms = (...args) => termsFeature().collectTerms(...args);

// The environment commands.
export const addEnvironment: typeof EnvironmentsFeature.addEnvironment = (...args) => environmentsFeature().addEnvironment(...args);
export const switchEnvironment: typeof EnvironmentsFeature.switchEnvironment = (...args) => environmentsFeature().switchEnvironment(...args);
export const renameEnvironment: typeof EnvironmentsFeature.renameEnvironment = (...args) => environmentsFeature().renameEnvironment(...args);
export const removeEnvironment: typeof EnvironmentsFeature.removeEnvironment = (...args) => environmentsFeature().removeEnvironment(...args);

// A clause page's panel (src/extension/webview/clausePage.ts keeps the pages; each panel is made here).
export const newClausePanel = (...args: ConstructorParameters<typeof ClausePanelFeature.ClausePanel>): InstanceType<typeof ClausePanelFeature.ClausePanel> =>
  new (clausePanelFeature().ClausePanel)(...args);
export const isClausePanel = (value: unknown): value is InstanceType<typeof ClausePanelFeature.ClausePanel> =>
  value instanceof clausePanelFeature().ClausePanel;
export const readRestoredRef: typeof ClausePanelFeature.readRestoredRef = (...args) => clausePanelFeature().readRestoredRef(...args);

// The organised catalogue: made once the user groups the catalogue or hides withdrawn standards.
export const newCatalogueOrganiser = (
  ...args: ConstructorParameters<typeof CatalogueOrganiserFeature.CatalogueOrganiser>
): InstanceType<typeof CatalogueOrganiserFeature.CatalogueOrganiser> => new (catalogueOrganiserFeature().CatalogueOrganiser)(...args);

// The edition that replaces a pinned standard (the updates badge).
export const replacementOf: typeof ReplacementsFeature.replacementOf = (...args) => replacementsFeature().replacementOf(...args);
