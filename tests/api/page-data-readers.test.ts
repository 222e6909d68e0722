/**
 * A page's first data read by the services (issue #42; src/server/http/page-readers.ts): every read of THE
 * table, for every signed-in page, is answered for a caller signed in once exactly as the API answers it —
 * status and body, refusals as its problem details (an org admin's page for a member: 403; a folder the
 * caller may not Read: 404) — and the site serves a page's data with no API to call at all (a site without
 * the API, so no in-process HTTP request can be made).
 */
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInPage } from '../../src/server/http/page-readers.ts';
import { createStaticSite } from '../../src/server/http/static-site.ts';
import * as paths from '../../src/shared/api/paths.ts';
import { pageReads, pageReadsOf } from '../../src/shared/page-data-reads.ts';
import type { PageData, PageReadName, PageReads } from '../../src/shared/page-data.ts';
import { makeChecklist, makeDocument, makeFolder, makeTeam, Permission, question, revoke, setAcl, type Team } from './support/factories.ts';
import { useTestServer } from './support/harness.ts';
import type { Json } from './support/http.ts';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type ParsedNode = DefaultTreeAdapterMap['parentNode'] | DefaultTreeAdapterMap['childNode'];

/** The element of a parsed page with this id (depth first), if any. */
function elementById(node: ParsedNode, id: string): DefaultTreeAdapterMap['element'] | undefined {
  if ('attrs' in node && node.attrs.some((a) => a.name === 'id' && a.value === id)) return node;
  for (const child of 'childNodes' in node ? node.childNodes : []) {
    const found = elementById(child, id);
    if (found) return found;
  }
  return undefined;
}

const server = useTestServer();
let team: Team;
let folder: Json;
let closed: Json;
let form: Json;
let rowId: string;
let sheet: Json;
let webhookId: string;
let memberId: string;

beforeAll(async () => {
  team = await makeTeam(server);
  folder = await makeFolder(team.admin, 'root', 'Plant A');
  closed = await makeFolder(team.admin, 'root', 'Closed');
  await setAcl(team.admin, 'folders', closed.id as string, [revoke(team.org.id, Permission.Read)]);
  form = await makeChecklist(team.admin, { gate: question('true/false', { title: 'Gate locked' }) }, folder.id as string, 'Gate check');
  const row = await team.admin.api.post(paths.documentation.data(form.id as string), { record: { gate: { value: true } } });
  expect(row.status, row.text).toBe(201);
  rowId = row.body.id as string;
  sheet = await makeDocument(team.admin, folder.id as string, 'sheet', 'Gate sheet');
  const webhook = await team.admin.api.post('webhooks', { url: 'https://hooks.example.com/in', events: ['checklist.submitted'] });
  expect(webhook.status, webhook.text).toBe(201);
  webhookId = webhook.body.id as string;
  memberId = (await team.member.api.get(paths.auth.me)).body.id as string;
});

/** Each route of THE table with parameters that name real things (the route's every form). */
function routeCases(): [string, Record<string, string>][] {
  const ids: Record<string, Record<string, string>> = {
    '/documentation/browse/:folderId': { folderId: folder.id as string },
    '/documentation/view/:id': { id: form.id as string },
    '/documentation/view/:id/version/:version': { id: form.id as string, version: '1' },
    '/documentation/edit/:id': { id: form.id as string },
    '/documentation/:id/history': { id: form.id as string },
    '/documentation/trash/:folderId': { folderId: '1' },
    '/documentation/results/:documentId/:id': { documentId: form.id as string, id: rowId },
    '/documentation/results/:id': { id: sheet.id as string },
    '/documentation/qr-sheet/:folderId': { folderId: folder.id as string },
    '/admin/roles/:id': { id: team.role.id },
    '/admin/webhooks/:id': { id: webhookId },
    '/admin/users/:id': { id: memberId },
  };
  const cases: [string, Record<string, string>][] = Object.keys(pageReads).map((pattern) => [pattern, ids[pattern] ?? {}]);
  cases.push(['/documentation/view/:id/:second', { id: form.id as string, second: '1' }], ['/documentation/view/:id/:second', { id: form.id as string, second: rowId }]);
  return cases.filter(([pattern, params]) => !pattern.includes(':') || Object.keys(params).length > 0);
}

describe('the readers of a page’s first data', () => {
  it('answer every read of every signed-in page as the API does, for an org admin and for a member (refusals too)', async () => {
    for (const user of [team.admin, team.member]) {
      const reader = (await signInPage(server.deps, user.token))!;
      expect(reader, user.username).toBeDefined();
      for (const [pattern, params] of routeCases()) {
        const reads: PageReads = { me: paths.auth.me, ...pageReadsOf(pattern, params) };
        const answers = await reader.answer(reads);
        for (const [name, read] of Object.entries(reads) as [PageReadName, string][]) {
          const api = await user.api.get(read);
          expect(answers[name], `${user.username} ${pattern}: ${name} ${read}`).toEqual({ status: api.status, body: api.body });
        }
      }
    }
  });

  it('give a member without Read on a folder the API’s 404 for it, and the admin the folder', async () => {
    const read = paths.documentation.folder(closed.id as string);
    const api = await team.member.api.get(read);
    expect(api.status).toBe(404);
    expect((await (await signInPage(server.deps, team.member.token))!.answer({ folder: read })).folder).toEqual({ status: 404, body: api.body });
    expect((await (await signInPage(server.deps, team.admin.token))!.answer({ folder: read })).folder!.status).toBe(200);
  });

  it('sign in no session that has ended', async () => {
    expect(await signInPage(server.deps, 'no-such-token')).toBeUndefined();
  });
});

describe('a page served by a site without the API', () => {
  /** The site alone: no API is mounted, so a page's data can come through no HTTP request. */
  const siteAlone = () => {
    const app = new Hono();
    app.get('*', createStaticSite(server.config.distDir, [], [], server.deps));
    return app;
  };
  const blockOf = async (path: string, token: string): Promise<PageData> => {
    const res = await siteAlone().request(path, { headers: { cookie: `rb_session=${token}`, 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    // Read as a browser reads the page (parse5), not by a regular expression over its text.
    const block = elementById(parse(await res.text()), 'rb-page-data');
    const text = block?.childNodes.map((node) => ('value' in node ? node.value : '')).join('');
    return JSON.parse(text ?? '') as PageData;
  };

  it('carries its first reads answered exactly as the API answers them', async () => {
    const data = await blockOf(`/documentation/browse/${folder.id}`, team.member.token);
    const reads: PageReads = { me: paths.auth.me, ...pageReadsOf('/documentation/browse/:folderId', { folderId: folder.id as string }) };
    expect(Object.keys(data.answers!).sort()).toEqual(Object.keys(reads).sort());
    for (const [name, read] of Object.entries(reads) as [PageReadName, string][]) {
      const api = await team.member.api.get(read);
      expect(data.answers![name], name).toEqual({ status: api.status, body: api.body });
    }
  });

  it('carries the API’s 404 for a folder its caller may not Read', async () => {
    const data = await blockOf(`/documentation/browse/${closed.id}`, team.member.token);
    const read = paths.documentation.folder(closed.id as string);
    const api = await team.member.api.get(read);
    expect(data.answers!.folder).toEqual({ status: 404, body: api.body });
  });
});
