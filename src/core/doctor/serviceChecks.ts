/**
 * The Connection Doctor's checks that talk OAuth and HTTP: the token request, and the first call of the service with
 * the API key and without it. Each failure says what to try and which remedy fits (actions.ts). Platform-neutral: no
 * vscode, no Node built-ins.
 */
import { parseJsonObject } from '../service/auth';
import { withoutTrailing } from '../service/displayText';
import { isOAuthErrorCode } from '../service/redact';
import type { Transport } from '../service/httpExchange';
import { l10n } from '../l10n';
import type { DoctorAction } from './actions';
import type { CheckResult, DoctorInput } from './checks';
import { causeSentence, type NetworkCause } from './networkCause';
import { OAUTH_ERRORS, errorText } from './probes';

/** What both checks work with: the inputs, the HTTP client, and the redactor's excerpt for any server text. */
export interface CallContext {
  input: DoctorInput;
  http: Transport;
  say: (text: string) => string;
  /** Why an exchange with `url` failed, as the platform can tell (networkCause.ts exchangeCause). */
  cause: (error: unknown, url: URL) => NetworkCause;
  /** What to do when a browser could not reach `url` (CORS or down). */
  corsFix: (url: URL) => string;
}

const TOKEN_URL: DoctorAction = { kind: 'openSetting', setting: 'standardsExplorer.tokenUrl' };

/** Asks the identity provider for a token; the check, and the token when one came. */
export async function tokenRequest(
  { input, http, say, cause: causeOf, corsFix }: CallContext,
  tokenUrl: URL,
): Promise<{ result: CheckResult; token?: string }> {
  const title = l10n.t('Token request');
  try {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: input.clientId ?? '',
      client_secret: input.clientSecret ?? '',
      scope: input.scope,
    });
    const reply = await http.exchange({
      method: 'POST',
      url: tokenUrl.href,
      path: tokenUrl.pathname,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      data: form.toString(),
      timeoutMs: input.timeoutMs,
    });
    const body = parseJsonObject(String(reply.body));
    if (reply.status === 200 && typeof body?.access_token === 'string') {
      const detail = l10n.t(
        '{0}: a {1} token{2}, scope "{3}".',
        reply.status,
        say(typeof body.token_type === 'string' ? body.token_type : 'bearer'),
        typeof body.expires_in === 'number' ? l10n.t(' for {0} s', body.expires_in) : '',
        say(input.scope),
      );
      return { result: { title, status: 'pass', detail }, token: body.access_token };
    }
    const code = isOAuthErrorCode(body?.error) ? body.error : undefined;
    const described = typeof body?.error_description === 'string' ? ` (${say(body.error_description)})` : '';
    const result: CheckResult = {
      title,
      status: 'fail',
      detail: code
        ? `${reply.status} ${code}: ${OAUTH_ERRORS[code]?.() ?? l10n.t('the identity provider refused the request')}${described}.`
        : `${reply.status}: ${say(String(reply.body)) || l10n.t('no details')}.`,
      ...(code === 'invalid_client'
        ? { fix: l10n.t('Check the client ID and secret ("Standards: Sign In…").'), actions: [{ kind: 'signIn' }] }
        : code === 'invalid_scope'
          ? { fix: l10n.t('Check standardsExplorer.scope with your subscription.'), actions: [{ kind: 'openSetting', setting: 'standardsExplorer.scope' }] }
          : { fix: l10n.t('Check standardsExplorer.tokenUrl and the client credentials.'), actions: [TOKEN_URL, { kind: 'signIn' }] }),
    };
    return { result };
  } catch (error) {
    const cause = causeOf(error, tokenUrl);
    const result: CheckResult = {
      title,
      status: 'fail',
      detail: cause.kind === 'other' ? errorText(error, say) : `${errorText(error, say)} ${l10n.t('That is: {0}.', cause.text)}`,
      fix: cause.kind === 'browser' ? corsFix(tokenUrl) : l10n.t('Check standardsExplorer.tokenUrl, your network and proxy.'),
      actions: [TOKEN_URL, { kind: 'openSetting', setting: 'http.proxy' }],
    };
    return { result };
  }
}

/** GET /v1/standards?limit=1 with the token (and the API key, then without it when there is one). */
export async function serviceCall({ input, http, say, cause: causeOf, corsFix }: CallContext, baseUrl: URL, token: string): Promise<CheckResult> {
  let unreached: NetworkCause | undefined;
  const call = async (withKey: boolean): Promise<number | string> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/ld+json' };
    if (withKey && input.apiKey?.value) headers[input.apiKey.header] = input.apiKey.value;
    const path = `${withoutTrailing(baseUrl.pathname, '/')}/v1/standards`;
    try {
      return (await http.exchange({ method: 'GET', url: `${baseUrl.origin}${path}?limit=1&offset=0`, path, headers, timeoutMs: input.timeoutMs })).status;
    } catch (error) {
      if (withKey) unreached = causeOf(error, baseUrl);
      return errorText(error, say);
    }
  };
  const withKey = await call(true);
  const withoutKey = input.apiKey?.value ? await call(false) : undefined;
  const both = withoutKey === undefined ? '' : l10n.t(' Without the API key: {0}.', withoutKey);
  const title = l10n.t('Service call GET /v1/standards?limit=1');
  const keyWords = input.apiKey?.value ? l10n.t(' and the API key') : '';
  if (withKey === 200) return { title, status: 'pass', detail: l10n.t('200 with the token{0}.{1}', keyWords, both) };
  if (unreached?.kind === 'browser') {
    return {
      title,
      status: 'fail',
      detail: causeSentence(unreached),
      fix: corsFix(baseUrl),
      actions: [{ kind: 'openSetting', setting: 'standardsExplorer.baseUrl' }],
    };
  }
  const denied = withKey === 401 || withKey === 403;
  const wantsKey = denied && (input.apiKey === undefined || !input.apiKey.value);
  return {
    title,
    status: 'fail',
    detail: l10n.t('{0} with the token{1}.{2}', withKey, keyWords, both),
    ...(withKey === 404
      ? {
          fix: l10n.t('The base URL seems wrong: it must end with the environment prefix, before /v1 (e.g. https://api.example.com/preprod).'),
          actions: [{ kind: 'openSetting', setting: 'standardsExplorer.baseUrl' }],
        }
      : wantsKey
        ? {
            fix: l10n.t('The service may want an API or subscription key: set standardsExplorer.apiKeyHeader and enter the key with "Standards: Sign In…".'),
            actions: [{ kind: 'openSetting', setting: 'standardsExplorer.apiKeyHeader' }, { kind: 'signIn' }],
          }
        : withKey === 401
          ? { fix: l10n.t('The service rejects the token: check that the token URL and scope belong to this service.'), actions: [TOKEN_URL] }
          : withKey === 403
            ? { fix: l10n.t('Token and key are accepted but give no access: check your subscription with your administrator.') }
            : { fix: l10n.t('Try again later; if it persists, report it with the log ("Standards: Show Log").'), actions: [{ kind: 'showLog' }] }),
  };
}
