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
  // The clause reading tab (Open to the Side also on tree rows) and its title bar's actions on the clause it shows.
  'standardsExplorer.openClauseToSide',
  'standardsExplorer.keepClauseOpen',
  'standardsExplorer.clauseBack',
  'standardsExplorer.clauseForward',
  'standardsExplorer.clauseTab.openJson',
  'standardsExplorer.clauseTab.openText',
  'standardsExplorer.clauseTab.compare',
  'standardsExplorer.clauseTab.copyLink',
  'standardsExplorer.clauseTab.insertReference',
  'standardsExplorer.clauseTab.pin',
  'standardsExplorer.clauseTab.unpin',
] as const;
export type ClauseCommand = (typeof CLAUSE_COMMANDS)[number];
