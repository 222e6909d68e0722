/**
 * The SSO tests' parts (issue #48): a real OpenID Connect provider (oidc-provider, the certified provider
 * library) on a local port with its own people, and a browser-like HTTP client (a cookie jar, following
 * redirects, submitting the provider's sign-in form). The provider's redirects go to PUBLIC_URL, which the
 * client sends to the test server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { PUBLIC_URL, type TestServer } from '../support/harness.ts';

interface LogoutToken {
  mask: object;
  set(name: string, value: unknown): void;
  issue(options: { use: string }): Promise<string>;
}

export interface ProviderPerson {
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
  /** Sends the back-channel logout of `subject` (and their provider session) to the client's logout address. */
  logout(subject: string, sid?: string): Promise<void>;
  close(): Promise<void>;
}

export interface ProviderOptions {
  clientId?: string;
  /** Where the provider sends back-channel logout tokens (a test server's real address). */
  backchannelLogoutUri?: string;
  /** Seconds an ID token lives. */
  idTokenTtl?: number;
}

export async function startProvider(options: ProviderOptions = {}): Promise<TestProvider> {
  const people = new Map<string, ProviderPerson>();
  const clientId = options.clientId ?? `ringbinder-${Math.random().toString(36).slice(2, 8)}`;
  const clientSecret = `secret-${Math.random().toString(36).slice(2)}`;
  let handler: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${PUBLIC_URL}/auth/sso/callback`],
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

export interface Visit {
  status: number;
  url: string;
  text: string;
  headers: Headers;
}

/** A browser's part of an HTTP conversation: cookies per host, redirects followed, forms submitted. */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(private readonly server: Pick<TestServer, 'url'>) {}

  /** PUBLIC_URL's addresses are the test server's. */
  private real(url: string): URL {
    return new URL(url.startsWith(PUBLIC_URL) ? this.server.url + url.slice(PUBLIC_URL.length) : url);
  }

  cookies(url: string): Map<string, string> {
    const host = this.real(url).host;
    let cookies = this.jar.get(host);
    if (!cookies) this.jar.set(host, (cookies = new Map()));
    return cookies;
  }

  private keep(url: URL, headers: Headers): void {
    const cookies = this.cookies(url.href);
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  /** Requests `address` and follows redirects; answers the last page. */
  async visit(address: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Visit> {
    let url = this.real(address.startsWith('/') ? this.server.url + address : address);
    let method = init.method ?? (init.form ? 'POST' : 'GET');
    let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let hop = 0; hop < 20; hop++) {
      const cookie = [...this.cookies(url.href)].map(([n, v]) => `${n}=${v}`).join('; ');
      const headers: Record<string, string> = { 'user-agent': 'sso-test-browser' };
      if (cookie) headers.cookie = cookie;
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const res = await fetch(url, { method, headers, body, redirect: 'manual' });
      this.keep(url, res.headers);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        url = this.real(new URL(location, url).href);
        method = 'GET';
        body = undefined;
        await res.arrayBuffer();
        continue;
      }
      return { status: res.status, url: url.href, text: await res.text(), headers: res.headers };
    }
    throw new Error('too many redirects');
  }

  /** Submits the page's first form (its hidden fields, and `fields`). */
  async submit(page: Visit, fields: Record<string, string> = {}, formIndex = 0): Promise<Visit> {
    const form = [...page.text.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)][formIndex];
    if (!form) throw new Error(`no form on ${page.url}: ${page.text.slice(0, 500)}`);
    const values: Record<string, string> = {};
    for (const input of form[2]!.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      if (name) values[name] = value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    }
    return this.visit(new URL(form[1]!.replace(/&amp;/g, '&'), page.url).href, { form: { ...values, ...fields } });
  }

  /** Starts the sign-in with `email` and signs in at the provider as `login`: the page the callback answers. */
  async signIn(email: string, login: string): Promise<Visit> {
    const atProvider = await this.visit(`/auth/sso/start?email=${encodeURIComponent(email)}`);
    if (!atProvider.text.includes('name="password"') || !atProvider.url.includes('/interaction/')) return atProvider;
    return this.submit(atProvider, { login, password: 'any' });
  }
}

/** The token the signed-in page carries in its body. */
export function tokenOf(page: Visit): string {
  const json = /<script type="application\/json" id="rb-sso-session">([^<]*)<\/script>/.exec(page.text)?.[1];
  if (!json) throw new Error(`not signed in (${page.status}): ${page.text.slice(0, 600)}`);
  return (JSON.parse(json) as { access_token: string }).access_token;
}

/** A domain of its own for a test: no other test's connection claims it. */
export const uniqueDomain = (prefix: string): string => `${prefix}-${Math.random().toString(36).slice(2, 10)}.example`;
