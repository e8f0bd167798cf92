/**
 * The service layer's public face. Nothing here imports 'vscode': it runs and is tested in plain Node. The client
 * itself, `createStandardsService` (standardsService.ts), is not here: it brings axios, which the extension loads
 * with the first request (src/extension/lazy.ts), so what activation imports from this file must not reach it.
 */
export type { ManagedStandardsService, ServiceTuning } from './managedService';
export { ServiceError, isServiceError, isUnreachable, type Remedy } from './errors';
export { SECTION_LIST, SECTION_TYPES, hasType, sectionLabel, sectionOf, type SectionName, type SectionType } from './sections';
export { clauseIdProblem, decodeSegment, encodeSegment, isValidUrn, urnProblem, validateClauseId, validateUrn } from './urn';
export { isObject, readText } from './jsonld';
export { checkServiceUrl, isHeaderName } from './addresses';
export type { PinOptions, PinOutcome, PinProgress } from './pinSync';
export { parseConnectionInfo, serviceOptionsFrom, type ConnectionInfo } from './connectionInfo';
export type * from './types';
export { displayText, stripBidiControls } from './displayText';
