/** The ids the thin registrations (register.ts) need at activation, kept apart from the implementation they load. */
export const OPEN_CITATION = 'standardsExplorer.openCitation';
export const COMPARE_CITED = 'standardsExplorer.compareCitedEditions';
export const REFERENCES_VIEW = 'standardsExplorer.references';
