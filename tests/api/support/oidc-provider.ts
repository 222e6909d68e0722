/**
 * A real OpenID Connect provider for the SSO tests (issue #48): oidc-provider, the certified provider library,
 * on a local port with its own people (a login is their subject; any password signs them in), trusting its one
 * client without a consent screen. The API tests (tests/api/sso/) and the browser's (tests/e2e/sso.spec.ts)
 * start it; `redirectUri` is the server's `/auth/sso/callback`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

interface LogoutToken {
  mask: object;
  set(name: string, value: unknown): void;
  issue(options: { use: string }): Promise<string>;
}

interface ProviderPerson {
  email: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's people by login (= subject); change them at will. */
  people: Map<string, ProviderPerson>;
  provider: Provider;
  /** The paths of the requests it answered, in order (discovery, JWKS, …). */
  requests: string[];
  /** Sends the back-channel logout of `subject` (and their provider session) to the client's logout address. */
  logout(subject: string, sid?: string): Promise<void>;
  close(): Promise<void>;
}

export interface ProviderOptions {
  /** Where the provider sends the browser back: the server's `/auth/sso/callback`. */
  redirectUri: string;
  clientId?: string;
  /** Where the provider sends back-channel logout tokens (a test server's real address). */
  backchannelLogoutUri?: string;
  /** Seconds an ID token lives. */
  idTokenTtl?: number;
}

export async function startOidcProvider(options: ProviderOptions): Promise<TestProvider> {
  const people = new Map<string, ProviderPerson>();
  const clientId = options.clientId ?? `ringbinder-${Math.random().toString(36).slice(2, 8)}`;
  const clientSecret = `secret-${Math.random().toString(36).slice(2)}`;
  let handler: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(new URL(req.url ?? '/', 'http://provider').pathname);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        ...(options.backchannelLogoutUri ? { backchannel_logout_uri: options.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Claims in the ID token itself, not only from the userinfo endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true }, backchannelLogout: { enabled: true } },
    ttl: { IdToken: options.idTokenTtl ?? 3600 },
    findAccount: (_ctx, id) => {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: () => ({ sub: id, email: person.email, email_verified: person.email_verified ?? true, name: person.name }) };
    },
    // Every client is trusted: no consent screen.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['test-cookie-key'] },
  };
  const provider = new Provider(issuer, configuration);
  handler = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    provider,
    requests,
    // The provider's own logout token (as Client#backchannelLogout makes it), posted here: the library refuses
    // to post to a loopback address itself.
    logout: async (subject, sid) => {
      const client = await provider.Client.find(clientId);
      const IdToken = (provider as unknown as { IdToken: new (claims: object, options: object) => LogoutToken }).IdToken;
      const token = new IdToken({ sub: subject }, { client, ctx: undefined });
      token.mask = { sub: null };
      token.set('events', { 'http://schemas.openid.net/event/backchannel-logout': {} });
      token.set('jti', Math.random().toString(36).slice(2));
      if (sid) token.set('sid', sid);
      const res = await fetch(options.backchannelLogoutUri!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logout_token: await token.issue({ use: 'logout' }) }),
      });
      if (res.status !== 200) throw new Error(`back-channel logout answered ${res.status}: ${await res.text()}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
