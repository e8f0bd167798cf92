/**
 * package.json's contributes.languageModelTools, written from the agent tools' one definition (src/core/agentTools):
 * name, the description for the model and the input schema come from the core; what only VS Code has (the name a
 * user writes after #, the icon, the words in the tool picker, from package.nls*.json) is set here.
 * test/unit/readmeTables.test.ts fails when package.json differs from what this writes: run npm run readme.
 */
import { AGENT_TOOLS } from '../src/core/agentTools/index';

/** `#standardsClause` in a chat prompt names get_clause, and so on. */
const REFERENCE_NAMES: Record<string, string> = {
  search_standards: 'standardsSearch',
  get_clause: 'standardsClause',
  list_clauses: 'standardsClauses',
  lookup_term: 'standardsTerm',
  check_references: 'standardsCheck',
  find_citations: 'standardsCitations',
};

export interface DeclaredTool {
  name: string;
  toolReferenceName: string;
  displayName: string;
  userDescription: string;
  modelDescription: string;
  canBeReferencedInPrompt: boolean;
  icon: string;
  tags: string[];
  inputSchema: object;
}

export function languageModelTools(): DeclaredTool[] {
  return AGENT_TOOLS.map((tool) => {
    const toolReferenceName = REFERENCE_NAMES[tool.name];
    if (!toolReferenceName) throw new Error(`${tool.name} has no toolReferenceName in scripts/manifest-tools.ts`);
    return {
      name: tool.name,
      toolReferenceName,
      displayName: `%languageModelTools.${tool.name}.displayName%`,
      userDescription: `%languageModelTools.${tool.name}.userDescription%`,
      modelDescription: tool.description,
      canBeReferencedInPrompt: true,
      icon: '$(book)',
      tags: ['standards'],
      inputSchema: tool.inputSchema,
    };
  });
}
