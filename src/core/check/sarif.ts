/**
 * The check's report as SARIF 2.1.0 (OASIS; what GitHub code scanning and other review tools read): one run, the
 * rules with their help, one result per finding with its region, a partial fingerprint that survives lines moving
 * (rule, file, the reference as written and which occurrence of it), and the current edition as a fix.
 */
import { storageKey } from '../storageKeys';
import type { Finding } from './checkText';
import { RULES, RULE_IDS, type RuleId } from './rules';

export interface SarifTool {
  name: string;
  version: string;
}

/** The URI base every file is relative to: where the check ran (`root`, an absolute file: URI ending in "/"). */
const ROOT = 'SRCROOT';

const RULE_NAMES: Record<RuleId, string> = {
  withdrawn: 'WithdrawnEdition',
  superseded: 'SupersededEdition',
  undated: 'UndatedReference',
  unknown: 'UnknownStandard',
  'missing-clause': 'MissingClause',
  changed: 'ChangedSinceReview',
  unlocked: 'NotInLockfile',
};

export function sarifReport(findings: readonly Finding[], tool: SarifTool, root: string): object {
  const seen = new Map<string, number>();
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            semanticVersion: tool.version,
            rules: RULE_IDS.map((id) => ({
              id,
              name: RULE_NAMES[id],
              shortDescription: { text: RULES[id].summary },
              fullDescription: { text: `${RULES[id].summary} ${RULES[id].help}` },
              help: { text: RULES[id].help },
              defaultConfiguration: { level: RULES[id].severity === 'off' ? 'none' : RULES[id].severity },
            })),
          },
        },
        originalUriBaseIds: { [ROOT]: { uri: root } },
        columnKind: 'utf16CodeUnits',
        results: findings.map((finding) => {
          const key = `${finding.rule}\u0000${finding.file}\u0000${finding.cited}`;
          const occurrence = (seen.get(key) ?? 0) + 1;
          seen.set(key, occurrence);
          const artifactLocation = { uri: encodeURI(finding.file), uriBaseId: ROOT };
          const region = { startLine: finding.line, startColumn: finding.column, endColumn: finding.endColumn };
          return {
            ruleId: finding.rule,
            ruleIndex: RULE_IDS.indexOf(finding.rule),
            level: finding.severity,
            message: { text: finding.message },
            locations: [{ physicalLocation: { artifactLocation, region: { ...region, snippet: { text: finding.cited } } } }],
            partialFingerprints: { 'citation/v1': storageKey([finding.rule, finding.file, finding.cited, String(occurrence)], 32) },
            ...(finding.fix
              ? {
                  fixes: [
                    {
                      description: { text: `Cite ${finding.fix}` },
                      artifactChanges: [{ artifactLocation, replacements: [{ deletedRegion: region, insertedContent: { text: finding.fix } }] }],
                    },
                  ],
                }
              : {}),
          };
        }),
      },
    ],
  };
}
