/**
 * The keys of `standards.config.json` (or the `standards` key of package.json), checked: what the command line runs
 * with, and what the extension reads for a workspace folder where it makes sense (rules, include, exclude). A wrong
 * key or value is named with its file; nothing runs on a half-understood config. Pure: the hosts read the file.
 */
import { findCitations } from '../citations/recognise';
import { duplicateKeys, jsonPathText } from './duplicateKeys';
import { RULE_IDS, isRuleId, isSeverity, type RuleId, type Severity } from './rules';

export const CONFIG_FILE = 'standards.config.json';

export interface CheckConfig {
  /** Where it came from, for messages; undefined when there is none. */
  source?: string;
  include?: string[];
  exclude?: string[];
  rules?: Partial<Record<RuleId, Severity>>;
  failOn?: RuleId[];
  baseUrl?: string;
  tokenUrl?: string;
  scope?: string;
  catalogue?: string;
  /** Clauses marked not applicable, with the reason (coverage), beside the `standards: not-applicable` lines in files. */
  notApplicable?: NotApplicableEntry[];
}

export interface NotApplicableEntry {
  /** "IEC 62304:2006". */
  standard: string;
  /** "5.1.12", "Annex B". */
  clause: string;
  reason: string;
}

export const CONFIG_KEYS = ['include', 'exclude', 'rules', 'failOn', 'baseUrl', 'tokenUrl', 'scope', 'catalogue', 'notApplicable'] as const;

/** A config that cannot be used: the message names the file and the key. */
export class ConfigError extends Error {
  constructor(
    message: string,
    /** The key at fault ("rules.changed"), when one is. */
    readonly key?: string,
  ) {
    super(message);
  }
}

/** The config in `text` (the file's content): its own JSON, or the `standards` key when `fromPackageJson`. */
export function configFromText(text: string, source: string, fromPackageJson = false): CheckConfig | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigError(`${source} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  for (const { path, key, line, firstLine } of duplicateKeys(text)) {
    const full = [...path, key];
    // Of package.json, only the "standards" key is ours: the rest is npm's to judge.
    if (fromPackageJson && full[0] !== 'standards') continue;
    const name = jsonPathText(full);
    throw new ConfigError(
      `${source}, line ${line}: "${name}" is written twice (first on line ${firstLine}); JSON would keep only the last. Keep one of them.`,
      fromPackageJson ? jsonPathText(full.slice(1)) || 'standards' : name,
    );
  }
  if (!fromPackageJson) return parseCheckConfig(json, source);
  if (!isRecord(json) || json.standards === undefined) return undefined;
  return parseCheckConfig(json.standards, `${source}, key "standards"`);
}

export function parseCheckConfig(value: unknown, source: string): CheckConfig {
  const fail = (key: string, what: string): never => {
    throw new ConfigError(`${source}: "${key}" ${what}`, key);
  };
  if (!isRecord(value)) throw new ConfigError(`${source}: the config must be a JSON object, such as {"include": ["docs/**/*.md"], "failOn": ["withdrawn"]}.`);
  for (const key of Object.keys(value))
    if (!(CONFIG_KEYS as readonly string[]).includes(key)) fail(key, `is not a setting of the check; the settings are ${CONFIG_KEYS.join(', ')}.`);
  const config: CheckConfig = { source };
  for (const key of ['include', 'exclude'] as const) {
    const list = value[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string' && item.trim()))
      fail(key, 'must be a list of glob patterns, such as ["docs/**/*.md"].');
    config[key] = list as string[];
  }
  for (const key of ['baseUrl', 'tokenUrl', 'scope', 'catalogue'] as const) {
    const text = value[key];
    if (text === undefined) continue;
    if (typeof text !== 'string' || !text.trim()) fail(key, 'must be a non-empty string.');
    config[key] = (text as string).trim();
  }
  if (value.rules !== undefined) {
    if (!isRecord(value.rules)) fail('rules', 'must map rule ids to severities, such as {"undated": "warning"}.');
    const rules: Partial<Record<RuleId, Severity>> = {};
    for (const [rule, severity] of Object.entries(value.rules as Record<string, unknown>)) {
      if (!isRuleId(rule)) fail(`rules.${rule}`, `is not a rule; the rules are ${RULE_IDS.join(', ')}.`);
      if (typeof severity !== 'string' || !isSeverity(severity)) fail(`rules.${rule}`, 'must be one of error, warning, note, off.');
      rules[rule as RuleId] = severity as Severity;
    }
    config.rules = rules;
  }
  if (value.failOn !== undefined) config.failOn = ruleList(value.failOn, (what) => fail('failOn', what));
  if (value.notApplicable !== undefined) config.notApplicable = notApplicableList(value.notApplicable, fail);
  return config;
}

const NOT_APPLICABLE_EXAMPLE = '{"standard": "IEC 62304:2006", "clause": "5.1.12", "reason": "no SOUP in this product"}';

/** `notApplicable`: each entry names a standard and a clause as a citation does, and says why (no reason, no entry). */
function notApplicableList(value: unknown, fail: (key: string, what: string) => never): NotApplicableEntry[] {
  if (!Array.isArray(value)) return fail('notApplicable', `must be a list of entries such as ${NOT_APPLICABLE_EXAMPLE}.`);
  return value.map((entry: unknown, i) => {
    const key = `notApplicable[${i}]`;
    if (!isRecord(entry)) return fail(key, `must be an entry such as ${NOT_APPLICABLE_EXAMPLE}.`);
    for (const name of Object.keys(entry))
      if (!['standard', 'clause', 'reason'].includes(name)) fail(`${key}.${name}`, `is not a key of an entry; an entry is ${NOT_APPLICABLE_EXAMPLE}.`);
    const text = (name: 'standard' | 'clause' | 'reason'): string => {
      const field = entry[name];
      return typeof field === 'string' && field.trim() ? field.trim() : fail(`${key}.${name}`, `must be a non-empty string (${NOT_APPLICABLE_EXAMPLE}).`);
    };
    const item = { standard: text('standard'), clause: text('clause'), reason: text('reason') };
    const [citation] = findCitations(`${item.standard} ${item.clause}`);
    if (citation?.kind !== 'reference' || !citation.locator || citation.end !== item.standard.length + 1 + item.clause.length)
      fail(key, `names no clause of a standard ("${item.standard} ${item.clause}"): write them as citations are written, such as ${NOT_APPLICABLE_EXAMPLE}.`);
    return item;
  });
}

/** A list of rule ids, from the config (a JSON list) or `--fail-on` (a comma-separated string). */
export function ruleList(value: unknown, fail: (what: string) => never): RuleId[] {
  const items =
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value;
  if (!Array.isArray(items) || !items.every((item) => typeof item === 'string'))
    return fail('must be a list of rule ids, such as ["withdrawn", "superseded"].');
  const unknown = items.filter((item) => !isRuleId(item));
  if (unknown.length) return fail(`names no rule: ${unknown.join(', ')}; the rules are ${RULE_IDS.join(', ')}.`);
  return items as RuleId[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
