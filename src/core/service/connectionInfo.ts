/**
 * The connection details a sandbox prints as its JSON line (and `STANDARDS_EXPLORER_SANDBOX` carries), turned
 * into service options.
 */
import { ServiceError } from './errors';
import type { ServiceOptions } from './types';

export interface ConnectionInfo {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  apiKeyHeader?: string;
  apiKey?: string;
}

export function serviceOptionsFrom(info: ConnectionInfo): ServiceOptions {
  const { baseUrl, tokenUrl, clientId, clientSecret, apiKeyHeader, apiKey } = info;
  return { baseUrl, tokenUrl, clientId, clientSecret, apiKey: apiKey ? { header: apiKeyHeader || 'X-Api-Key', value: apiKey } : undefined };
}

/** Parses a JSON line of connection details; `source` names where it came from for the message. */
export function parseConnectionInfo(text: string, source: string): ConnectionInfo {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ServiceError('invalidInput', `${source} is not JSON; expected the line a sandbox prints ({"baseUrl": …, "tokenUrl": …}).`);
  }
  const info = value as Partial<Record<keyof ConnectionInfo, unknown>>;
  for (const key of ['baseUrl', 'tokenUrl', 'clientId', 'clientSecret'] as const) {
    if (typeof info?.[key] !== 'string' || !info[key]) {
      throw new ServiceError('invalidInput', `${source} has no ${key}; expected the line a sandbox prints.`);
    }
  }
  return {
    baseUrl: info.baseUrl as string,
    tokenUrl: info.tokenUrl as string,
    clientId: info.clientId as string,
    clientSecret: info.clientSecret as string,
    apiKeyHeader: typeof info.apiKeyHeader === 'string' ? info.apiKeyHeader : undefined,
    apiKey: typeof info.apiKey === 'string' ? info.apiKey : undefined,
  };
}
