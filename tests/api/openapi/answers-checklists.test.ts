/**
 * The checklists' calls answer what the OpenAPI document says (issue #34): submissions and their rows, result
 * sheets and their exports, share links — managed by members and used with a share token at the addresses it
 * shares with them — and favourites, subscriptions and notifications, called for real; each answer checked
 * against its operation's listed status and schema (./support.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeChecklist, makeDocument, makeShareLink, makeTeam, missingId, orgWithAdmin, question, type Team, uploadFile } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiClient, Json } from '../support/http.ts';
import { apiDocument, call } from './support.ts';

const server = useTestServer();
let team: Team;
let checklist: Json;

beforeAll(async () => {
  team = await makeTeam(server, { rootAsMade: true });
  checklist = await makeChecklist(team.admin, {
    serial: question('text', { title: 'Serial number', required: false }),
    ok: question('true/false', { title: 'Guard in place', required: false }),
  });
});

const record = { serial: { value: 'A-17' }, ok: { value: true } };

describe('checklist data', () => {
  it('a submission (replayed with its Idempotency-Key), the rows, one row and its PDF', async () => {
    const admin = team.admin.api;
    const headers = { 'idempotency-key': `key-${missingId()}` };
    const made = await call(admin, 'post', '/documentation/documents/{id}/data', { id: checklist.id }, { json: { record }, headers });
    expect(made.status).toBe(201);
    const again = await call(admin, 'post', '/documentation/documents/{id}/data', { id: checklist.id }, { json: { record }, headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const rows = await call(admin, 'get', '/documentation/documents/{id}/data', { id: checklist.id }, { query: 'limit=10' });
    expect(rows.body.total).toBeGreaterThan(0);
    expect((await call(admin, 'get', '/documentation/documents/documentdata/{id}', { id: made.body.id })).body.id).toBe(made.body.id);
    const pdf = await call(admin, 'get', '/documentation/documents/documentdata/{id}/export.pdf', { id: made.body.id });
    expect(pdf.status).toBe(200);
    // Its results over time (issue #45).
    const now = Math.floor(Date.now() / 1000);
    const analytics = await call(admin, 'get', '/documentation/documents/{id}/analytics', { id: checklist.id }, { query: `start_time=${now - 86_400}&end_time=${now + 60}&bucket=week&tz=Europe/Berlin` });
    expect(analytics.status).toBe(200);
    expect(analytics.body.questions).toHaveLength(2);
    const zone = await call(admin, 'get', '/documentation/documents/{id}/analytics', { id: checklist.id }, { query: `start_time=0&end_time=10&tz=Nowhere/Land` });
    expect(zone.status).toBe(422);
  });

  it('refusals: a record that breaks the checklist 422, another organisation’s row 404, a bad window 422', async () => {
    const bad = await call(team.admin.api, 'post', '/documentation/documents/{id}/data', { id: checklist.id }, { json: { record: { nope: { value: 1 } } } });
    expect(bad.status).toBe(422);
    const other = await orgWithAdmin(server);
    expect((await call(other.admin.api, 'get', '/documentation/documents/{id}/data', { id: checklist.id })).status).toBe(404);
    expect((await call(team.admin.api, 'get', '/documentation/documents/{id}/data', { id: checklist.id }, { query: 'start_time=soon' })).status).toBe(422);
    expect((await call(team.admin.api, 'get', '/documentation/documents/documentdata/{id}', { id: missingId() })).status).toBe(404);
  });
});

describe('result sheets', () => {
  it('a sheet’s rows and its CSV', async () => {
    const [first] = Object.keys(checklist.contents.questions as object);
    const questions = Object.fromEntries(Object.entries(checklist.contents.questions as Record<string, Json>).map(([id, q]) => [id, { ...q, form_id: checklist.id }]));
    const sheet = await makeDocument(team.admin, 'root', 'sheet', 'Assets', {
      questions,
      question_index: Object.keys(questions),
      form_links: { [first!]: null },
      form_ids: [checklist.id],
    });
    await call(team.admin.api, 'post', '/documentation/documents/{id}/data', { id: checklist.id }, { json: { record } });
    const rows = await call(team.admin.api, 'get', '/documentation/documents/{id}/sheet-data', { id: sheet.id }, { query: 'skip=0&limit=5' });
    expect(rows.body.total).toBeGreaterThan(0);
    const csv = await call(team.admin.api, 'get', '/documentation/documents/{id}/export.csv', { id: sheet.id });
    expect(csv.text).toContain('Serial number');
    expect((await call(team.admin.api, 'get', '/documentation/documents/{id}/sheet-data', { id: missingId() })).status).toBe(404);
  });
});

describe('share links', () => {
  it('made, listed and revoked by a manager; refused to a member who may not share', async () => {
    const admin = team.admin.api;
    const made = await call(admin, 'post', '/documentation/documents/{id}/share-links', { id: checklist.id }, { json: { name: 'Reception', expires_at: null } });
    expect(made.status).toBe(201);
    expect((await call(admin, 'get', '/documentation/documents/{id}/share-links', { id: checklist.id })).body.total).toBeGreaterThan(0);
    const past = await call(admin, 'post', '/documentation/documents/{id}/share-links', { id: checklist.id }, { json: { name: 'Old', expires_at: '2000-01-01T00:00:00Z' } });
    expect(past.status).toBe(422);
    expect((await call(admin, 'delete', '/documentation/documents/{id}/share-links/{linkId}', { id: checklist.id, linkId: made.body.id })).status).toBe(204);
    expect((await call(admin, 'delete', '/documentation/documents/{id}/share-links/{linkId}', { id: checklist.id, linkId: missingId() })).status).toBe(404);
    const readOnlyTeam = await makeTeam(server);
    const theirs = await makeChecklist(readOnlyTeam.admin, { q: question('text', { required: false }) });
    expect((await call(readOnlyTeam.member.api, 'get', '/documentation/documents/{id}/share-links', { id: theirs.id })).status).toBe(403);
  });

  describe('with a share token', () => {
    let client: ApiClient;
    beforeAll(async () => {
      const link = await makeShareLink(team.admin, checklist.id, 'Front desk');
      client = server.client(link.token);
    });

    it('reads its checklist at share/checklist and at the checklist’s address, with an ETag', async () => {
      const read = await call(client, 'get', '/share/checklist');
      expect(read.body.share_link.name).toBe('Front desk');
      const etag = read.headers.get('etag')!;
      expect((await call(client, 'get', '/share/checklist', {}, { headers: { 'if-none-match': etag } })).status).toBe(304);
      const byId = await call(client, 'get', '/documentation/documents/{id}', { id: checklist.id });
      expect(byId.body.organization_name).toBe(team.org.name);
      expect((await call(client, 'get', '/documentation/documents/{id}', { id: missingId() })).status).toBe(404);
      // A member at the same address gets the document itself.
      expect((await call(team.member.api, 'get', '/documentation/documents/{id}', { id: checklist.id })).body.share_link).toBeUndefined();
    });

    it('signs photo uploads, and reads the addresses of its checklist’s media', async () => {
      const files = [{ filename: 'gate.png', file_size: 256, content_type: 'image/png' }];
      const signed = await call(client, 'post', '/documentation/documents/{id}/sign-content-upload', { id: checklist.id }, { json: files });
      expect(signed.status).toBe(201);
      const upload = await uploadFile(server, team.admin, checklist.id);
      const urls = await call(client, 'get', '/documentation/documents/{id}/media-urls', { id: checklist.id }, { query: `upload_id=${upload}` });
      expect(urls.status).toBe(200);
      expect((await call(client, 'get', '/documentation/documents/{id}/media-urls', { id: missingId() }, { query: `upload_id=${upload}` })).status).toBe(404);
    });

    it('submits, and is refused elsewhere (401) and with a bad record (422)', async () => {
      const made = await call(client, 'post', '/documentation/documents/{id}/data', { id: checklist.id }, { json: { record } });
      expect(made.body.created_by_username).toBe('share: Front desk');
      expect((await call(client, 'post', '/documentation/documents/{id}/data', { id: checklist.id }, { json: { record: 7 } })).status).toBe(422);
      expect((await call(client, 'get', '/documentation/documents/{id}/data', { id: checklist.id })).status).toBe(401);
      expect((await call(team.admin.api, 'get', '/share/checklist')).status).toBe(401);
    });
  });
});

describe('favourites, subscriptions and notifications', () => {
  it('a favourite and a subscription, added, listed and removed', async () => {
    const api = team.member.api;
    expect((await call(api, 'post', '/documentation/{kind}/{id}/favorite', { kind: 'documents', id: checklist.id })).status).toBe(204);
    expect((await call(api, 'get', '/documentation/favorites')).body.total).toBe(1);
    expect((await call(api, 'delete', '/documentation/{kind}/{id}/favorite', { kind: 'documents', id: checklist.id })).status).toBe(204);
    expect((await call(api, 'post', '/documentation/{kind}/{id}/favorite', { kind: 'folders', id: missingId() })).status).toBe(404);
    const subscribed = await call(api, 'post', '/documentation/{kind}/{id}/subscription', { kind: 'folders', id: 'root' }, { json: { email_notifications: true } });
    expect(subscribed.body.subscription_options.email_notifications).toBe(true);
    expect((await call(api, 'get', '/documentation/subscriptions')).body.total).toBe(1);
    expect((await call(api, 'post', '/documentation/{kind}/{id}/subscription', { kind: 'folders', id: 'root' }, { json: { email_notifications: 'yes' } })).status).toBe(422);
  });

  it('notifications listed, and marked read', async () => {
    const api = team.roleMember.api;
    // No body at all: the defaults (the document says the body may be left out).
    const subscribed = await call(api, 'post', '/documentation/{kind}/{id}/subscription', { kind: 'documents', id: checklist.id });
    expect(subscribed.body.subscription_options).toEqual({ validation_errors_only: false, email_notifications: false });
    const described = (await apiDocument()).paths['/documentation/{kind}/{id}/subscription']!.post!.requestBody as { required: boolean };
    expect(described.required).toBe(false);
    await call(team.admin.api, 'post', '/documentation/documents/{id}/data', { id: checklist.id }, { json: { record } });
    const list = await call(api, 'get', '/documentation/notifications', {}, { query: 'limit=5' });
    expect(list.body.unread).toBeGreaterThan(0);
    const ids = (list.body.results as Json[]).map((n) => n.id as string);
    expect((await call(api, 'post', '/documentation/notifications/mark-read', {}, { json: ids })).status).toBe(204);
    expect((await call(api, 'get', '/documentation/notifications', {}, { query: 'limit=oops' })).status).toBe(422);
    expect((await call(api, 'delete', '/documentation/{kind}/{id}/subscription', { kind: 'documents', id: checklist.id })).status).toBe(204);
  });
});

describe('search', () => {
  it('finds the checklist by a question’s title', async () => {
    const found = await call(team.member.api, 'get', '/documentation/search', {}, { query: 'q=Guard&types=form' });
    expect(found.body.total).toBeGreaterThan(0);
  });
});
