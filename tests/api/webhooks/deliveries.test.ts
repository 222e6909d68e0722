/**
 * Outgoing webhooks (issue #34): each event an endpoint receives arrives once at a local receiver, signed
 * as Standard Webhooks says (checked with the `standardwebhooks` package's Webhook.verify), and only for
 * what the admin who registered the endpoint may read now, in its folder subtree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assign,
  createUserDirectly,
  makeChecklist,
  makeDocument,
  makeFolder,
  memberOf,
  orgWithAdmin,
  Permission,
  question,
  revoke,
  setAcl,
  type TestOrg,
  type TestUser,
} from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { ALL_EVENTS, eventually, registerWebhook, startReceiver, type Receiver } from './support.ts';

const server = useTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '50' } });
let receiver: Receiver;
let admin: TestUser;
let org: TestOrg;
let member: TestUser;

beforeAll(async () => {
  receiver = await startReceiver();
  ({ admin, org } = await orgWithAdmin(server));
  member = await createUserDirectly(server, admin);
  const endpoint = await registerWebhook(admin, { url: receiver.url, events: ALL_EVENTS });
  expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  receiver.secret = endpoint.secret;
});

afterAll(async () => {
  await receiver.close();
});

/** The requests of one type about one thing (`key` in data equal to `value`). */
const arrived = (type: string, key: string, value: unknown) => receiver.received.filter((r) => r.type === type && r.data[key] === value);

/** Waits for one such request, lets the senders settle, and expects exactly one, verified. */
async function once(type: string, key: string, value: unknown) {
  await eventually(() => arrived(type, key, value).length > 0, `${type} with ${key} = ${String(value)}`);
  await server.deps.webhooks.idle();
  const found = arrived(type, key, value);
  expect(found).toHaveLength(1);
  expect(found[0]!.verified).toBe(true);
  expect(found[0]!.headers['content-type']).toBe('application/json');
  expect(found[0]!.headers['webhook-signature']).toMatch(/^v1,/);
  expect(found[0]!.data.organization_id).toBe(org.id);
  return found[0]!;
}

describe('each event, delivered once and signed', () => {
  it('checklist.submitted (and not validation_failed for a valid one)', async () => {
    const checklist = await makeChecklist(admin, { ok: question('true/false') });
    const res = await member.api.post(`documentation/documents/${checklist.id}/data`, { record: { ok: { value: true } } });
    expect(res.status, res.text).toBe(201);
    const got = await once('checklist.submitted', 'submission_id', res.body.id);
    expect(got.data).toMatchObject({ sheet_id: checklist.id, sheet_name: checklist.name, validation_errors: 0, actor_id: member.id, document_id: checklist.id });
    expect(arrived('checklist.validation_failed', 'submission_id', res.body.id)).toHaveLength(0);
  });

  it('checklist.validation_failed: a submission with failing answers is both', async () => {
    const on = { enabled: true, roles: [], users: [] };
    const checklist = await makeChecklist(admin, { n: question('number', { validation: { ...on, min: 0, max: 10 } }) });
    const res = await member.api.post(`documentation/documents/${checklist.id}/data`, { record: { n: { value: 11 } } });
    expect(res.status, res.text).toBe(201);
    const failed = await once('checklist.validation_failed', 'submission_id', res.body.id);
    expect(failed.data.validation_errors).toBe(1);
    await once('checklist.submitted', 'submission_id', res.body.id);
  });

  it('document.published: a new document and a new version', async () => {
    const doc = await makeDocument(admin, 'root', 'form');
    const created = await once('document.published', 'document_id', doc.id);
    expect(created.data.version).toBeUndefined();
    const res = await admin.api.put(`documentation/documents/${doc.id}`, { version: 1, name: `${doc.name} v2` });
    expect(res.status, res.text).toBe(200);
    await eventually(() => arrived('document.published', 'document_id', doc.id).length === 2, 'the second version');
    await server.deps.webhooks.idle();
    const versions = arrived('document.published', 'document_id', doc.id);
    expect(versions).toHaveLength(2);
    expect(versions[1]!.data.version).toBe(2);
  });

  it('assignment.created, claimed and completed', async () => {
    const doc = await makeDocument(admin, 'root', 'form');
    const assignment = await assign(admin, 'document', doc.id, { type: 'user', id: member.id });
    await once('assignment.created', 'assignment_id', assignment.id);
    const claimed = await member.api.post(`workflow/assignments/document/${assignment.id}/claim`, {});
    expect(claimed.status, claimed.text).toBe(200);
    expect((await once('assignment.claimed', 'assignment_id', assignment.id)).data.actor_id).toBe(member.id);
    const completed = await member.api.post(`workflow/assignments/document/${assignment.id}/complete`, {});
    expect(completed.status, completed.text).toBe(200);
    await once('assignment.completed', 'assignment_id', assignment.id);
  });

  it('member.joined (made by an admin, or through an invitation) and member.left', async () => {
    const made = await createUserDirectly(server, admin);
    await once('member.joined', 'user_id', made.id);
    const invited = await memberOf(server, admin);
    await once('member.joined', 'user_id', invited.id);
    const removed = await admin.api.delete(`users/${made.id}`);
    expect(removed.status, removed.text).toBe(204);
    await once('member.left', 'user_id', made.id);
  });

  it('every webhook-id arrived once', () => {
    const ids = receiver.received.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('only what the registrant may read now, in the subtree', () => {
  it('an endpoint with a folder subtree hears of items under it only', async () => {
    const inside = await makeFolder(admin);
    const below = await makeFolder(admin, inside.id);
    const outside = await makeFolder(admin);
    const other = await startReceiver();
    try {
      const endpoint = await registerWebhook(admin, { url: other.url, events: ['document.published'], folder_id: inside.id });
      other.secret = endpoint.secret;
      const deep = await makeDocument(admin, below.id, 'form');
      const away = await makeDocument(admin, outside.id, 'form');
      await eventually(() => other.received.some((r) => r.data.document_id === deep.id), 'the document in the subtree');
      await once('document.published', 'document_id', away.id); // the organisation-wide endpoint heard of it…
      await server.deps.webhooks.idle();
      expect(other.received.map((r) => r.data.document_id)).toEqual([deep.id]); // …this one did not
    } finally {
      await other.close();
    }
  });

  it('an endpoint on a folder two levels down hears of its subtree only: not of the folders above it nor of a sibling', async () => {
    const top = await makeFolder(admin);
    const middle = await makeFolder(admin, top.id);
    const nested = await makeFolder(admin, middle.id);
    const below = await makeFolder(admin, nested.id);
    const sibling = await makeFolder(admin, middle.id);
    const other = await startReceiver();
    try {
      const endpoint = await registerWebhook(admin, { url: other.url, events: ['document.published'], folder_id: nested.id });
      expect(endpoint).toMatchObject({ folder_id: nested.id, folder_name: nested.name });
      other.secret = endpoint.secret;
      const inNested = await makeDocument(admin, nested.id, 'form');
      const inBelow = await makeDocument(admin, below.id, 'form');
      const away = await Promise.all([top.id, middle.id, sibling.id].map((folderId) => makeDocument(admin, folderId, 'form')));
      await eventually(() => other.received.filter((r) => [inNested.id, inBelow.id].includes(r.data.document_id as string)).length === 2, 'the two documents in the subtree');
      for (const doc of away) await once('document.published', 'document_id', doc.id); // the organisation-wide endpoint heard of them…
      await server.deps.webhooks.idle();
      expect(other.received.map((r) => r.data.document_id).sort()).toEqual([inNested.id, inBelow.id].sort()); // …this one did not
      expect(other.received.every((r) => r.verified)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('nothing for an item the registrant cannot read (an admin no longer), the rest still', async () => {
    const second = await createUserDirectly(server, admin, { is_org_admin: true });
    const other = await startReceiver();
    try {
      const registrant = await createUserDirectly(server, admin, { is_org_admin: true });
      const endpoint = await registerWebhook(registrant, { url: other.url, events: ['checklist.submitted'] });
      other.secret = endpoint.secret;
      const hidden = await makeFolder(second);
      await setAcl(second, 'folders', hidden.id, [revoke(registrant.id, Permission.Read)]);
      const secret = await makeChecklist(second, { ok: question('true/false') }, hidden.id);
      const open = await makeChecklist(second, { ok: question('true/false') });
      // Still an admin: every item is readable. Then no longer one: the ACL decides.
      const demoted = await second.api.put(`users/${registrant.id}`, { full_name: registrant.full_name, is_org_admin: false });
      expect(demoted.status, demoted.text).toBe(200);
      const unseen = await member.api.post(`documentation/documents/${secret.id}/data`, { record: { ok: { value: true } } });
      const seen = await member.api.post(`documentation/documents/${open.id}/data`, { record: { ok: { value: true } } });
      expect([unseen.status, seen.status]).toEqual([201, 201]);
      await eventually(() => other.received.some((r) => r.data.submission_id === seen.body.id), 'the readable submission');
      // The organisation-wide endpoint of the first admin heard of both, so the hidden one was sent where it may go.
      await once('checklist.submitted', 'submission_id', unseen.body.id);
      await server.deps.webhooks.idle();
      expect(other.received.map((r) => r.data.submission_id)).toEqual([seen.body.id]);
      expect(other.received[0]!.verified).toBe(true);
    } finally {
      await other.close();
    }
  });
});
