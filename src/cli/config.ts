/**
 * The check's config: `standards.config.json` in the folder it runs in, else the `standards` key of its
 * package.json, else `--config FILE`; the keys are checked by core/check/checkConfig.ts, and a broken config stops
 * the command (exit 2) with the file and key named.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONFIG_FILE, ConfigError, configFromText, ruleList, type CheckConfig } from '../core/check/checkConfig';
import { CannotRun } from './usage';

export type { CheckConfig };
export { ruleList };

export function loadConfig(cwd: string, given?: string): CheckConfig {
  if (given) return parsed(path.resolve(cwd, given), given);
  const own = path.join(cwd, CONFIG_FILE);
  if (fs.existsSync(own)) return parsed(own, CONFIG_FILE);
  const pkg = path.join(cwd, 'package.json');
  if (fs.existsSync(pkg)) return parsed(pkg, 'package.json', true);
  return {};
}

function parsed(file: string, source: string, fromPackageJson = false): CheckConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CannotRun(`Cannot read the config file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return configFromText(text, source, fromPackageJson) ?? {};
  } catch (error) {
    if (error instanceof ConfigError) throw new CannotRun(error.message);
    throw error;
  }
}
