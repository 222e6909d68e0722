/**
 * The SSO tests' parts (issue #48): the real OpenID Connect provider (../support/oidc-provider.ts) sending
 * the browser back here, and a browser-like HTTP client (a cookie jar, following
 * redirects, submitting the provider's sign-in form). The provider's redirects go to PUBLIC_URL, which the
 * client sends to the test server.
 */
import { PUBLIC_URL, type TestServer } from '../support/harness.ts';
import { startOidcProvider, type ProviderOptions, type TestProvider } from '../support/oidc-provider.ts';
import { attr, select, textOf } from '../../support/html.ts';

export type { TestProvider };

/** The provider (../support/oidc-provider.ts), sending the browser back to the test server's callback. */
export const startProvider = (options: Omit<ProviderOptions, 'redirectUri'> = {}): Promise<TestProvider> =>
  startOidcProvider({ redirectUri: `${PUBLIC_URL}/auth/sso/callback`, ...options });

export interface Visit {
  status: number;
  url: string;
  text: string;
  headers: Headers;
}

/** Where a page's `<meta http-equiv="refresh" content="0;url=…">` goes, if it has one. */
async function refreshOf(res: Response): Promise<string | null> {
  if (!res.headers.get('content-type')?.includes('text/html')) return null;
  const content = select(await res.text(), 'meta[http-equiv="refresh"]').map((meta) => attr(meta, 'content') ?? '')[0];
  return content?.startsWith('0;url=') && content.length > '0;url='.length ? content.slice('0;url='.length) : null;
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
      // The way to the provider is a page that refreshes at once (routes/sso-flow.ts: sendToProvider).
      const location = res.headers.get('location') ?? (res.status === 200 ? await refreshOf(res.clone()) : null);
      if (location && res.status < 400) {
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
    const form = select(page.text, 'form[action]')[formIndex];
    if (!form) throw new Error(`no form on ${page.url}: ${page.text.slice(0, 500)}`);
    const values: Record<string, string> = {};
    for (const input of select(form, 'input[name]')) {
      const name = attr(input, 'name');
      if (name) values[name] = attr(input, 'value') ?? '';
    }
    return this.visit(new URL(attr(form, 'action')!, page.url).href, { form: { ...values, ...fields } });
  }

  /** Starts the sign-in with `email` and signs in at the provider as `login`: the page the callback answers. */
  async signIn(email: string, login: string): Promise<Visit> {
    const atProvider = await this.visit(`/auth/sso/start?email=${encodeURIComponent(email)}`);
    if (select(atProvider.text, '[name="password"]').length === 0 || !atProvider.url.includes('/interaction/')) return atProvider;
    return this.submit(atProvider, { login, password: 'any' });
  }
}

/** The token the signed-in page carries in its body. */
export function tokenOf(page: Visit): string {
  const block = select(page.text, 'script#rb-sso-session[type="application/json"]')[0];
  const json = block && textOf(block);
  if (!json) throw new Error(`not signed in (${page.status}): ${page.text.slice(0, 600)}`);
  return (JSON.parse(json) as { access_token: string }).access_token;
}

/** A domain of its own for a test: no other test's connection claims it. */
export const uniqueDomain = (prefix: string): string => `${prefix}-${Math.random().toString(36).slice(2, 10)}.example`;
