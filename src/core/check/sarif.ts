/**
 * The check's report as SARIF 2.1.0 (OASIS; what GitHub code scanning and other review tools read): one run, the
 * rules with their help, one result per finding with its region, a partial fingerprint that survives lines moving
 * (rule, file, the reference as written and which occurrence of it), and the current edition as a fix. Each file not
 * read is a tool execution notification of the run's invocation (SARIF 2.1.0 §3.20.21: what happened while the tool
 * ran, not a result about the code), with the file's location: a warning for a text file (a gap in the check), a
 * note for a binary one.
 */
import { storageKey } from '../storageKeys';
import type { Finding } from './checkText';
import { RULES, RULE_IDS, type RuleId } from './rules';
import { reportedSeverityOf } from './severities';
import { BINARY_MARK, skipWhy, type SkipReason, type SkippedFile } from './skippedFiles';

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

/** The notifications a run can give (toolComponent.notifications), each a reason a file was not read. */
const NOTIFICATIONS: ReadonlyArray<{ id: SkipReason; name: string; text: string }> = [
  { id: 'too-large', name: 'FileTooLarge', text: 'A text file larger than the limit (--max-file-size) was not read: its citations were not checked.' },
  { id: 'not-a-file', name: 'NotARegularFile', text: 'A path listed (a link to a device, a pipe or a folder) is not a regular file: it was not read.' },
  { id: 'binary', name: 'BinaryFile', text: `A binary file (${BINARY_MARK}) was not read.` },
];

export function sarifReport(findings: readonly Finding[], tool: SarifTool, root: string, skipped: readonly SkippedFile[] = []): object {
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
              defaultConfiguration: { level: reportedSeverityOf(id) ?? 'none' },
            })),
            notifications: NOTIFICATIONS.map(({ id, name, text }) => ({
              id,
              name,
              shortDescription: { text },
              defaultConfiguration: { level: id === 'binary' ? 'note' : 'warning' },
            })),
          },
        },
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: skipped.map((s) => ({
              level: s.reason === 'binary' ? 'note' : 'warning',
              message: { text: `${s.file} was not read: ${skipWhy(s)}.` },
              locations: [{ physicalLocation: { artifactLocation: { uri: encodeURI(s.file), uriBaseId: ROOT } } }],
              descriptor: { id: s.reason, index: NOTIFICATIONS.findIndex((n) => n.id === s.reason) },
            })),
          },
        ],
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
