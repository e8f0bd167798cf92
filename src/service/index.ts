/**
 * The service layer's public face. Nothing here imports 'vscode': it runs and is tested in plain Node.
 */
export { createStandardsService } from './standardsService';
export type { ManagedStandardsService, ServiceTuning } from './managedService';
export { ServiceError, isServiceError, type Remedy } from './errors';
export { isUnreachable } from './serviceHttp';
export { SECTION_LIST, SECTION_TYPES, hasType, sectionLabel, sectionOf, type SectionName, type SectionType } from './sections';
export { clauseIdProblem, decodeSegment, encodeSegment, isValidUrn, urnProblem, validateClauseId, validateUrn } from './urn';
export { isObject, readText } from './jsonld';
export { isHeaderName } from './transport';
export type { PinOptions, PinOutcome, PinProgress } from './pinSync';
export { parseConnectionInfo, serviceOptionsFrom, type ConnectionInfo } from './connectionInfo';
export type * from './types';
export { displayText, stripBidiControls } from './displayText';
