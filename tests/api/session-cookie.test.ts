/**
 * The session cookie (issue #31; src/server/auth/session-cookie.ts) and the signed-in page's first data
 * (src/server/http/page-data.ts, THE page data block): signing in sets an HttpOnly, SameSite=Lax cookie with the login's
 * token; logout and a password reset clear it; the API never accepts it (a request carrying only the
 * cookie is answered as one carrying nothing, so another site cannot act with it); a signed-in page served
 * with it carries its first reads answered for that login, exactly as the API answers them, never kept by
 * a cache, never another login's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionDigest, type PageData } from '../../src/shared/page-data.ts';
import { pageReadsOf } from '../../src/shared/page-data-reads.ts';
import * as paths from '../../src/shared/api/paths.ts';
import { makeDocument, makeFolder, makeTeam, memberOf, signIn, tokenFromMail, type Team } from './support/factories.ts';
import { PUBLIC_URL, useTestServer } from './support/harness.ts';
import type { Json } from './support/http.ts';
import { attr, attrsOf, childElements, one, outlines, readHtml, select, textOf } from '../support/html.ts';

const server = useTestServer();
let team: Team;
let folder: Json;

beforeAll(async () => {
  team = await makeTeam(server);
  folder = await makeFolder(team.admin, 'root', 'Plant A');
});

const cookieOf = (token: string) => `rb_session=${token}`;
/** A sign-in as a browser sends it, with the headers that tell which site's page made it. */
const signInFrom = (headers: Record<string, string>, username: string, password: string) =>
  server.client().postForm(paths.auth.accessToken, { username, password }, { headers });
const page = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });

type Block = Omit<PageData, 'answers'> & { answers: Record<string, { status: number; body: Json }> };

/** The page data the HTML carries (#rb-page-data), parsed; undefined when the block is empty. */
function firstDataOf(html: string): Block | undefined {
  const block = select(html, 'script#rb-page-data');
  expect(block.map((script) => attr(script, 'type')), 'the placeholder').toEqual(['application/json']);
  const text = textOf(block[0]!);
  return text ? JSON.parse(text) : undefined;
}

describe('the session cookie', () => {
  it('is set by signing in: the login’s token, HttpOnly, SameSite=Lax, Path=/, for as long as a session may last; not Secure over plain HTTP', async () => {
    const res = await signInFrom({ 'sec-fetch-site': 'same-origin' }, team.member.username, team.member.password);
    expect(res.status, res.text).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`rb_session=${res.body.access_token}`);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(new RegExp(`; Max-Age=${Math.floor(server.config.sessionAbsoluteMs / 1000)}`));
    expect(cookie).not.toMatch(/Secure/);
    // A refused sign-in sets nothing.
    expect((await signInFrom({ 'sec-fetch-site': 'same-origin' }, team.member.username, 'not-the-password')).headers.get('set-cookie')).toBeNull();
  });

  it('is set only for a sign-in of our own site: another site’s form (login CSRF) gets the token in the body and no cookie', async () => {
    const { username, password } = team.member;
    const ownSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://evil.example' },
      // Without Fetch Metadata, Origin decides: PUBLIC_URL's origin only.
      { origin: PUBLIC_URL },
    ];
    for (const headers of ownSite) {
      const res = await signInFrom(headers, username, password);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.headers.get('set-cookie'), JSON.stringify(headers)).toContain(`rb_session=${res.body.access_token}`);
    }
    const otherSites: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      // Fetch Metadata decides over Origin.
      { 'sec-fetch-site': 'cross-site', origin: PUBLIC_URL },
      { origin: 'http://evil.example' },
      { origin: `${PUBLIC_URL}.evil.example` },
      { origin: 'null' },
      // Neither header: no page of a browser of today made it, and it needs no cookie.
      {},
    ];
    for (const headers of otherSites) {
      const res = await signInFrom(headers, username, password);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.body.access_token, JSON.stringify(headers)).toEqual(expect.any(String));
      expect(res.headers.get('set-cookie'), JSON.stringify(headers)).toBeNull();
    }
  });

  it('is set again by switching organisation, with the caller’s token', async () => {
    const res = await team.admin.api.post(paths.auth.selectOrg, team.org.id);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('set-cookie')).toContain(`rb_session=${team.admin.token}`);
  });

  it('is cleared by logout and by a password reset', async () => {
    const user = await signIn(server, team.roleMember);
    const logout = await user.api.post(paths.auth.logout, {});
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/^rb_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/);

    expect((await server.client().postForm('auth/send-password-reset', { email: team.roleMember.email })).status).toBe(200);
    const token = await tokenFromMail(server, team.roleMember.email, '/reset-password');
    const reset = await server.client().post('auth/reset-password', { token, password: 'A-new-passw0rd!' });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.headers.get('set-cookie')).toMatch(/^rb_session=; Max-Age=0/);
  });

  it('is never accepted by the API: with only the cookie, every call answers as with no credentials at all', async () => {
    const cookie = cookieOf(team.admin.token);
    const calls: [string, string, unknown?][] = [
      ['GET', paths.auth.me],
      ['GET', paths.documentation.folder('root')],
      ['GET', `${paths.documentation.contents('root')}?limit=100`],
      ['GET', paths.documentation.favorites],
      ['GET', paths.workflow.assignments],
      ['GET', paths.users.list],
      ['GET', paths.roles.list],
      ['POST', paths.documentation.folders, { name: 'Made by another site', parent_id: 'root' }],
      ['PUT', paths.auth.me, { full_name: 'Changed by another site' }],
      ['POST', paths.auth.logout, {}],
      ['DELETE', paths.documentation.folder(folder.id)],
    ];
    for (const [method, address, body] of calls) {
      const init = (extra: Record<string, string>): RequestInit => ({
        method,
        headers: { 'content-type': 'application/json', ...extra },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const withCookie = await fetch(`${server.url}/api/v1/${address}`, init({ cookie }));
      const without = await fetch(`${server.url}/api/v1/${address}`, init({}));
      expect(withCookie.status, `${method} ${address}`).toBe(401);
      expect(await withCookie.json(), `${method} ${address}`).toEqual(await without.json());
    }
    // Nothing changed: the folder is there, the name too.
    expect((await team.admin.api.get(paths.documentation.folder(folder.id))).status).toBe(200);
    expect((await team.admin.api.get(paths.auth.me)).body.full_name).not.toBe('Changed by another site');
  });
});

describe('a signed-in page served with the cookie', () => {
  const address = () => `/documentation/browse/${folder.id}`;

  it('carries auth/me and its first reads answered for that login, exactly as the API answers them; private, no-store', async () => {
    const res = await page(address(), cookieOf(team.member.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toContain('Cookie');
    expect(res.headers.get('etag')).toBeNull();
    const data = firstDataOf(await res.text())!;
    expect(data.session).toBe(sessionDigest(team.member.token));
    const reads: Record<string, string> = { me: paths.auth.me, ...pageReadsOf('/documentation/browse/:folderId', { folderId: folder.id }) };
    expect(Object.keys(data.answers).sort()).toEqual(Object.keys(reads).sort());
    for (const [name, read] of Object.entries(reads)) {
      const api = await team.member.api.get(read);
      expect(data.answers[name], name).toEqual({ status: api.status, body: api.body });
    }
  });

  it('is never another login’s: two users at the same address, in turn', async () => {
    for (const user of [team.admin, team.member, team.admin]) {
      const data = firstDataOf(await (await page(address(), cookieOf(user.token))).text())!;
      expect(data.session).toBe(sessionDigest(user.token));
      expect(data.answers.me!.body.username).toBe(user.username);
    }
  });

  /** The reads the page's bootstrap sends itself: auth/me and the route's, expanded for the address, the sort left to the browser. */
  const readsOnly = (): Omit<PageData, 'answers'> => ({
    reads: { me: paths.auth.me, ...pageReadsOf('/documentation/browse/:folderId', { folderId: folder.id }, null) },
    low: ['drawer'],
  });

  it('without the cookie, or with a malformed one, carries the reads of its address and no answer; revalidated', async () => {
    for (const cookie of [undefined, 'rb_session=<script>', 'other=1']) {
      const res = await page(address(), cookie);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('etag')).toBeTruthy();
      expect(firstDataOf(await res.text())).toEqual(readsOnly());
    }
    expect(readsOnly().reads!.contents).toContain('{sort}');
  });

  it('for a session that has ended, carries no answer and clears the cookie', async () => {
    const user = await signIn(server, team.member);
    expect((await user.api.post(paths.auth.logout, {})).status).toBe(204);
    const res = await page(address(), cookieOf(user.token));
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^rb_session=; Max-Age=0/);
    expect(firstDataOf(await res.text())).toEqual(readsOnly());
  });
});

describe('home served with the cookie (its dashboard drawn into the HTML)', () => {
  /** A panel's list in the HTML (aria-busy while it is still loading). */
  const panelOf = (html: string, name: string) => one(html, `ul[data-dashboard-list="${name}"]`);
  const firstSteps = (html: string) => one(html, 'section#first-steps');

  it('draws each caller’s own: an assignment in its assignee’s home only, the first steps for an org admin only, the panels from the answers the HTML carries', async () => {
    const name = 'Gate <check>';
    const doc = await makeDocument(team.admin, 'root', 'form', name);
    // (The role member's sessions ended with the password reset above.)
    const other = await memberOf(server, team.admin);
    const me = await team.member.api.get(paths.auth.me);
    const made = await team.admin.api.post(`${paths.workflow.assignments}/document`, { assigned_to: { type: 'user', id: me.body.id }, object_id: doc.id });
    expect(made.status, made.text).toBe(201);

    const assignee = await (await page('/', cookieOf(team.member.token))).text();
    const items = panelOf(assignee, 'assignments');
    expect(attr(items, 'aria-busy')).toBeUndefined();
    expect(outlines(items, 'a')).toContainEqual({ tag: 'a', attrs: { href: `/documentation/view/${doc.id}` }, text: 'Gate <check>' });
    expect(select(items, 'check')).toEqual([]); // the name is text, escaped
    expect(select(items, '[aria-label]').map((element) => attr(element, 'aria-label'))).toContain('Claim Gate <check>');
    // Drawn from the very answers the HTML carries (the page takes them, and draws the same).
    const data = firstDataOf(assignee)!;
    expect((data.answers.assignments!.body.results as Json[]).map((a) => a.object_id)).toEqual([doc.id]);
    expect(attrsOf(firstSteps(assignee))).toEqual({ id: 'first-steps', hidden: '' });

    const notMine = await (await page('/', cookieOf(other.token))).text();
    expect(textOf(readHtml(notMine))).not.toContain(name);
    expect(textOf(panelOf(notMine, 'assignments'))).toContain('No assignments to claim');
    expect(attrsOf(firstSteps(notMine))).toEqual({ id: 'first-steps', hidden: '' });

    const admin = await (await page('/', cookieOf(team.admin.token))).text();
    expect(attrsOf(firstSteps(admin))).toEqual({ id: 'first-steps' });
    const [list] = childElements(firstSteps(admin));
    expect([list!.tagName, attrsOf(list!)]).toEqual(['ol', { id: 'first-steps-list' }]);
    expect(attr(childElements(list!)[0]!, 'class')).toBe('first-step');
    expect(select(admin, '[aria-label]').map((element) => attr(element, 'aria-label'))).not.toContainEqual(expect.stringContaining('Claim Gate'));
    expect(textOf(readHtml(admin))).not.toContain('Claim Gate');
    for (const panel of ['drafts', 'favourites', 'activity']) expect(attr(panelOf(admin, panel), 'aria-busy'), panel).toBeUndefined();
  });
});
