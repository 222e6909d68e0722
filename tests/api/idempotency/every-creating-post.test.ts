/**
 * Retried writes (issue #40 item 10; docs/api.md "Retried writes"): EVERY POST of the API that creates
 * something (answers 201 in GET openapi.json — a new one fails the first test until it has a case here)
 * takes effect once per Idempotency-Key: the same key and body → one row, the first answer again with
 * `Idempotent-Replayed: true`; another body → 422; another caller's same key is their own; concurrent
 * requests with one key create once (on PostgreSQL they really run in parallel).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserDirectly, makeChecklist, makeDocument, makeFolder, makeShareLink, makeTeam, newRegistration, question, type Team, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiClient, ApiResponse } from '../support/http.ts';

const server = useTestServer();
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The creating POSTs that take no Idempotency-Key, and why. */
const WITHOUT_KEYS: Record<string, string> = {
  'POST /auth/register': 'signing up: no caller yet to keep a key for (a second sign-up with the address is refused anyway)',
};

interface Call {
  /** The address under /api/v1. */
  path: string;
  /** The i-th distinct body: 0 first, 1 another body, 2 another caller's, 3 the concurrent ones. */
  body: (i: number) => unknown;
  caller: ApiClient;
  /** Another caller allowed the same call (another user, or another share link). */
  another: ApiClient;
  /** The table that grows by one row per creation. */
  table: string;
}

let team: Team;
let secondAdmin: TestUser;
let checklist: { id: string };
let link: { token: string };
let otherLink: { token: string };
let docs: { id: string }[];
let dest: { id: string };

beforeAll(async () => {
  team = await makeTeam(server, { rootAsMade: true });
  secondAdmin = await createUserDirectly(server, team.admin, { is_org_admin: true });
  checklist = await makeChecklist(team.admin, { q: question('text') });
  link = await makeShareLink(team.admin, checklist.id);
  otherLink = await makeShareLink(team.admin, checklist.id);
  docs = await Promise.all(Array.from({ length: 4 }, () => makeDocument(team.admin)));
  dest = await makeFolder(team.admin, 'root', 'Copies');
});

const file = (i: number) => [{ filename: `photo-${i}.png`, file_size: 100 + i, content_type: 'image/png' }];
const admins = () => ({ caller: team.admin.api, another: secondAdmin.api });
const share = (token: string) => server.client(token);

/** One case per creating POST (its OpenAPI path), and more callers of one where a share token may make it too. */
const CASES: Record<string, () => Call> = {
  'POST /documentation/folders': () => ({
    path: 'documentation/folders',
    body: (i) => ({ parent_id: 'root', name: `Folder ${i} ${crypto.randomUUID()}`, description: '' }),
    caller: team.member.api,
    another: team.roleMember.api,
    table: 'folders',
  }),
  'POST /documentation/documents': () => ({
    path: 'documentation/documents',
    body: (i) => ({ folder_id: 'root', name: `Doc ${i} ${crypto.randomUUID()}`, doctype: 'form', description: '' }),
    caller: team.member.api,
    another: team.roleMember.api,
    table: 'documents',
  }),
  'POST /documentation/folders/{id}/copy': () => ({
    path: `documentation/folders/${dest.id}/copy`,
    body: (i) => ({ document_id: docs[i]!.id }),
    ...admins(),
    table: 'documents',
  }),
  'POST /documentation/documents/{id}/share-links': () => ({
    path: `documentation/documents/${checklist.id}/share-links`,
    body: (i) => ({ name: `Link ${i} ${crypto.randomUUID()}` }),
    ...admins(),
    table: 'share_links',
  }),
  'POST /documentation/documents/{id}/data': () => ({
    path: `documentation/documents/${checklist.id}/data`,
    body: (i) => ({ record: { q: { value: `answer ${i}` } } }),
    caller: team.member.api,
    another: team.roleMember.api,
    table: 'checklist_submissions',
  }),
  'POST /documentation/documents/{id}/data (share token)': () => ({
    path: `documentation/documents/${checklist.id}/data`,
    body: (i) => ({ record: { q: { value: `shared answer ${i}` } } }),
    caller: share(link.token),
    another: share(otherLink.token),
    table: 'checklist_submissions',
  }),
  'POST /documentation/documents/{id}/sign-content-upload': () => ({
    path: `documentation/documents/${checklist.id}/sign-content-upload`,
    body: file,
    caller: team.member.api,
    another: team.roleMember.api,
    table: 'uploads',
  }),
  'POST /documentation/documents/{id}/sign-content-upload (share token)': () => ({
    path: `documentation/documents/${checklist.id}/sign-content-upload`,
    body: file,
    caller: share(link.token),
    another: share(otherLink.token),
    table: 'uploads',
  }),
  'POST /users/sign-avatar-upload': () => ({
    path: 'users/sign-avatar-upload',
    body: (i) => file(i)[0],
    caller: team.member.api,
    another: team.roleMember.api,
    table: 'uploads',
  }),
  'POST /auth/api-tokens': () => ({
    path: 'auth/api-tokens',
    body: (i) => ({ name: `Script ${i}`, organization_id: team.org.id, scope: 'read' }),
    caller: team.member.api,
    another: team.roleMember.api,
    table: 'api_tokens',
  }),
  'POST /auth/create-org': () => ({
    path: 'auth/create-org',
    body: (i) => ({ name: `Org ${i} ${crypto.randomUUID().slice(0, 8)}` }),
    caller: team.member.api,
    another: team.roleMember.api,
    table: 'organisations',
  }),
  'POST /roles': () => ({ path: 'roles', body: (i) => ({ name: `Role ${i} ${crypto.randomUUID()}` }), ...admins(), table: 'roles' }),
  'POST /users': () => ({
    path: 'users',
    body: (i) => ({ email: `invited-${i}-${crypto.randomUUID()}@example.com`, roles: [] }),
    ...admins(),
    table: 'invitations',
  }),
  'POST /users/': () => ({
    path: 'users/',
    body: () => ({ ...newRegistration(), is_org_admin: false, is_active: true, roles: [] }),
    ...admins(),
    table: 'users',
  }),
  'POST /webhooks': () => ({
    path: 'webhooks',
    body: (i) => ({ url: `https://example.com/hook-${i}`, events: ['member.left'] }),
    ...admins(),
    table: 'webhook_endpoints',
  }),
  'POST /workflow/assignments/{kind}': () => ({
    path: 'workflow/assignments/document',
    body: (i) => ({ assigned_to: { type: 'role', id: team.role.id }, object_id: docs[i]!.id, notes: `note ${i}` }),
    ...admins(),
    table: 'assignments',
  }),
  'POST /workflow/schedules': () => ({
    path: 'workflow/schedules',
    body: (i) => ({ assigned_to: { type: 'role', id: team.role.id }, object_id: docs[i]!.id, rrule: 'FREQ=DAILY;BYHOUR=6;BYMINUTE=0', timezone: 'UTC', window_minutes: 60 }),
    ...admins(),
    table: 'schedules',
  }),
};

const routeOf = (name: string) => name.replace(/ \(.*\)$/, '');

async function rows(table: string): Promise<number> {
  const found = (await server.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return Number(found.rows[0]!.n);
}

const post = (client: ApiClient, path: string, body: unknown, key: string): Promise<ApiResponse> =>
  client.request('POST', path, { json: body, headers: { 'idempotency-key': key } });

describe('every creating POST honours Idempotency-Key', () => {
  it('has a case here (the creating POSTs: 201 in GET openapi.json)', async () => {
    const res = await server.client().get('openapi.json');
    const paths = res.body.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    const creating = Object.entries(paths)
      .filter(([, item]) => item.post?.responses?.['201'])
      .map(([path]) => `POST ${path}`)
      .sort();
    expect(creating.length).toBeGreaterThan(10);
    const covered = [...new Set([...Object.keys(CASES).map(routeOf), ...Object.keys(WITHOUT_KEYS)])].sort();
    expect(covered).toEqual(creating);
  });

  describe.each(Object.keys(CASES))(`%s (${database})`, (name) => {
    it('the same key and body: one row, the first answer again; another body → 422; another caller’s key is theirs', async () => {
      const call = CASES[name]!();
      const body = [0, 1, 2].map(call.body);
      const key = crypto.randomUUID();
      const before = await rows(call.table);
      const first = await post(call.caller, call.path, body[0], key);
      expect(first.status, first.text).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await post(call.caller, call.path, body[0], key);
      expect(again.status, again.text).toBe(201);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
      expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
      expect(await rows(call.table)).toBe(before + 1);

      const changed = await post(call.caller, call.path, body[1], key);
      expect(changed.status, changed.text).toBe(422);
      expect(changed.body.detail).toBe('Idempotency-Key: was already used for a different request');
      expect(await rows(call.table)).toBe(before + 1);

      const theirs = await post(call.another, call.path, body[2], key);
      expect(theirs.status, theirs.text).toBe(201);
      expect(theirs.headers.get('idempotent-replayed')).toBeNull();
      expect(await rows(call.table)).toBe(before + 2);
    });

    it('concurrent requests with one key create once', async () => {
      const call = CASES[name]!();
      const key = crypto.randomUUID();
      const before = await rows(call.table);
      const body = call.body(3);
      const answers = await Promise.all(Array.from({ length: 4 }, () => post(call.caller, call.path, body, key)));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(3);
      expect(await rows(call.table)).toBe(before + 1);
    });
  });
});
