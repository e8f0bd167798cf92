/**
 * The check's config: `standards.config.json` in the folder it runs in, else the `standards` key of its
 * package.json, else `--config FILE`. Every key is checked; a wrong one is named with its file, and the check does not
 * run on a half-understood config.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULE_IDS, isRuleId, isSeverity, type RuleId, type Severity } from '../core/check/rules';
import { CannotRun } from './usage';

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
}

const KEYS = ['include', 'exclude', 'rules', 'failOn', 'baseUrl', 'tokenUrl', 'scope', 'catalogue'];

export function loadConfig(cwd: string, given?: string): CheckConfig {
  if (given) return parseConfig(readJson(path.resolve(cwd, given)), given);
  const own = path.join(cwd, 'standards.config.json');
  if (fs.existsSync(own)) return parseConfig(readJson(own), 'standards.config.json');
  const pkg = path.join(cwd, 'package.json');
  if (fs.existsSync(pkg)) {
    const json = readJson(pkg);
    if (isRecord(json) && json.standards !== undefined) return parseConfig(json.standards, 'package.json, key "standards"');
  }
  return {};
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CannotRun(`Cannot read the config file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CannotRun(`${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
}

function parseConfig(value: unknown, source: string): CheckConfig {
  const fail = (key: string, what: string): never => {
    throw new CannotRun(`${source}: "${key}" ${what}`);
  };
  if (!isRecord(value)) throw new CannotRun(`${source}: the config must be a JSON object, such as {"include": ["docs/**/*.md"], "failOn": ["withdrawn"]}.`);
  for (const key of Object.keys(value)) if (!KEYS.includes(key)) fail(key, `is not a setting of the check; the settings are ${KEYS.join(', ')}.`);
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
  return config;
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
