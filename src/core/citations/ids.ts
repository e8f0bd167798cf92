/** The ids the thin registrations (register.ts) need at activation, kept apart from the implementation they load. */
export const OPEN_CITATION = 'standardsExplorer.openCitation';
export const COMPARE_CITED = 'standardsExplorer.compareCitedEditions';
export const REFERENCES_VIEW = 'standardsExplorer.references';
export const COMPARE_REVIEWED = 'standardsExplorer.compareReviewedClause';
export const MARK_REVIEWED = 'standardsExplorer.markClauseReviewed';
/** The scheme of a clause's text as it was reviewed (Compare with the Reviewed Version). */
export const REVIEWED_SCHEME = 'standards-reviewed';
/** The Coverage view: which clauses of one edition the workspace addresses. */
export const COVERAGE_VIEW = 'standardsExplorer.coverage';
