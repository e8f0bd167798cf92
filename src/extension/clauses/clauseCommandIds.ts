/** The ids register.ts registers at activation, kept apart from the work they load (clauseCommands.ts). */
export const CLAUSE_COMMANDS = [
  'standardsExplorer.openClause',
  'standardsExplorer.openClauseJson',
  'standardsExplorer.openClauseText',
  'standardsExplorer.copyUrn',
  'standardsExplorer.copyClauseLink',
  'standardsExplorer.insertReference',
  'standardsExplorer.insertScopeReference',
  'standardsExplorer.insertSectionReference',
  'standardsExplorer.openSection',
] as const;
export type ClauseCommand = (typeof CLAUSE_COMMANDS)[number];
