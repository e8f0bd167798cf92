/**
 * A bearer token handed over by a host that holds the credentials — the VS Code extension starting the MCP server
 * gives it a short-lived access token, never the client secret. No token is ever requested: once the token has
 * expired or the service refuses it, every call fails with an `auth` error until the host starts over with a new one.
 */
import type { BearerTokens } from './auth';
import { ServiceError } from './errors';
import type { AccessTokenGrant } from './types';

export class FixedToken implements BearerTokens {
  private refused = false;

  constructor(
    private readonly grant: AccessTokenGrant,
    private readonly now: () => number = Date.now,
  ) {}

  async token(): Promise<string> {
    if (this.refused) throw refusedError('The service refused the access token this connection was given: it has expired or was revoked.');
    if (this.grant.expiresAt !== undefined && this.now() >= this.grant.expiresAt) {
      throw refusedError(`The access token this connection was given expired at ${new Date(this.grant.expiresAt).toISOString()}.`);
    }
    return this.grant.value;
  }

  invalidate(used: string): void {
    if (used === this.grant.value) this.refused = true;
  }

  expiryOf(token: string): number | undefined {
    return token === this.grant.value ? this.grant.expiresAt : undefined;
  }

  clear(): void {
    // Nothing to forget: the token is the host's, and it is the only one this connection will ever have.
  }
}

/** A token that cannot be renewed here: what fixes it is new credentials from the host (a new token). */
function refusedError(message: string): ServiceError {
  return new ServiceError('auth', message, { remedy: 'signIn' });
}
