/**
 * The sandbox's identity provider: a real, certified OpenID Connect provider (oidc-provider) that issues JWT
 * access tokens by the client credentials grant, with the client credentials in the form body as the spec
 * sends them. Served under /oidc on the sandbox's single port.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { MemoryAdapter } from './memoryAdapter';

export const IDP_MOUNT = '/oidc';

export interface IdentityProviderOptions {
  /** Origin of the sandbox, e.g. http://127.0.0.1:40123. */
  origin: string;
  clientId: string;
  clientSecret: string;
  /** Audience of the access tokens (the service's resource indicator). */
  audience: string;
  tokenTtlSeconds: number;
  /** Seconds to shift `iat` and `exp` of each access token by (a skewed provider clock); read per token. */
  clockSkewSeconds?: () => number;
}

export interface IdentityProvider {
  issuer: string;
  tokenUrl: string;
  /** The public signing keys, for the service's token verification. */
  publicJwks: { keys: JWK[] };
  handle(req: IncomingMessage, res: ServerResponse): void;
}

export async function createIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const { Provider } = await import('oidc-provider');
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const issuer = `${options.origin}${IDP_MOUNT}`;
  const ttl = options.tokenTtlSeconds;

  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // oidc-provider's types describe the key shape loosely; this is a complete RSA private JWK.
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomBytes(24).toString('base64url')] },
    scopes: ['openid'],
    // Which origins a browser may call from is the sandbox's one policy (cors.ts), applied before the provider runs.
    clientBasedCORS: () => true,
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: false },
      revocation: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // The spec's token request carries no `resource`: every token is for the one content service.
        defaultResource: () => options.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'openid',
          audience: options.audience,
          accessTokenTTL: ttl,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    formats: {
      customizers: {
        // A provider whose clock is off stamps its tokens with its own time: shift both claims, as it would.
        jwt(_ctx: unknown, _token: unknown, jwt: { payload: { iat?: number; exp?: number } }) {
          const skew = options.clockSkewSeconds?.() ?? 0;
          if (skew && typeof jwt.payload.iat === 'number') jwt.payload.iat += skew;
          if (skew && typeof jwt.payload.exp === 'number') jwt.payload.exp += skew;
        },
      },
    },
    ttl: {
      ClientCredentials: ttl,
      AccessToken: ttl,
      Grant: 3600,
      Session: 3600,
      Interaction: 600,
      IdToken: 3600,
      AuthorizationCode: 60,
      RefreshToken: 3600,
    },
  });
  provider.proxy = false;
  const callback = provider.callback();

  return {
    issuer,
    tokenUrl: `${issuer}/token`,
    publicJwks: { keys: [publicJwk] },
    handle(req, res) {
      // Mounted under /oidc: oidc-provider derives its own URLs from originalUrl minus url.
      const original = req.url ?? '/';
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
      // "/oidc?x" leaves "?x", which is not a path: give the provider "/?x".
      const rest = original.slice(IDP_MOUNT.length);
      req.url = rest.startsWith('/') ? rest : `/${rest}`;
      void callback(req, res);
    },
  };
}
