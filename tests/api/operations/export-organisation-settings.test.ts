/**
 * GET settings/export.zip, the rest of an organisation's data (after issue #47's first cut): the ACL entries
 * of folders and documents (permissions.json), assignments with due dates, status, who claimed and completed
 * (assignments.json), schedules, share links (never their token), webhooks (never their signing secret) and
 * their delivery log, pending invitations, API tokens' names and dates (never the token or its hash), the
 * members' avatars from the storage driver, and a result sheet's definition. Another organisation's rows
 * never appear, and no secret appears in any entry's bytes: the share link's token, the webhook's secret
 * (as given and as sealed, the rotated one too), the API token and its hash, a password hash.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as paths from '../../../src/shared/api/paths.ts';
import { apiTokens, shareLinks, users, webhookEndpoints } from '../../../src/server/db/schema.ts';
import { makeApiToken } from '../api-tokens/support.ts';
import { uploadAvatar } from '../avatars/support.ts';
import { sheetOver } from '../sheets/support.ts';
import {
  createRole,
  createUserDirectly,
  fileBytes,
  grant,
  invite,
  makeChecklist,
  makeDocument,
  makeFolder,
  makeShareLink,
  orgWithAdmin,
  Permission,
  question,
  revoke,
  setAcl,
  uniqueName,
  type TestOrg,
  type TestUser,
} from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { eventually, registerWebhook, startReceiver, type Receiver } from '../webhooks/support.ts';
import { download, everything, jsonOf, text, unzip } from './export-zip.ts';

const server = useTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
let receiver: Receiver;

interface Arranged {
  admin: TestUser;
  member: TestUser;
  org: TestOrg;
  role: { id: string };
  folder: { id: string };
  checklist: { id: string };
  assignment: { id: string };
  schedule: { id: string };
  link: { id: string; token: string; name: string };
  webhook: { id: string; url: string; secrets: string[] };
  invitation: { id: string; email: string };
  apiToken: { id: string; token: string; name: string };
  avatar: string;
}

const post = async (user: TestUser, path: string, body: unknown = {}) => {
  const res = await user.api.post(path, body);
  expect(res.status, `${path}: ${res.text}`).toBeLessThan(300);
  return res.body;
};

/** An organisation with one of everything the export's newer files hold. */
async function arrange(tag: string): Promise<Arranged> {
  const { admin, org } = await orgWithAdmin(server);
  const role = await createRole(server, admin, `${tag} inspectors`);
  const member = await createUserDirectly(server, admin, { roles: [role.id] });
  const folder = await makeFolder(admin, 'root', `${tag} plant`);
  const checklist = await makeChecklist(admin, { q: question('text', { title: 'Reading', required: false }) }, folder.id, `${tag} boiler check`);
  await setAcl(admin, 'folders', folder.id, [grant(role.id, Permission.Read | Permission.Write), revoke(org.id, Permission.Write)]);
  await setAcl(admin, 'documents', checklist.id, [grant(member.id, Permission.Delete)]);
  const assignment = await post(admin, paths.workflow.assign('document'), {
    assigned_to: { type: 'user', id: member.id },
    object_id: checklist.id,
    notes: `${tag} check the boiler`,
    due_at: '2031-05-01T08:00:00.000Z',
  });
  await post(member, paths.workflow.claim('document', assignment.id));
  await post(member, paths.workflow.complete('document', assignment.id));
  const schedule = await post(admin, paths.workflow.schedules, {
    object_id: checklist.id,
    assigned_to: { type: 'role', id: role.id },
    rrule: 'FREQ=DAILY;BYHOUR=6;BYMINUTE=0',
    timezone: 'Europe/Berlin',
    window_minutes: 60,
    notes: `${tag} every morning`,
  });
  const link = await makeShareLink(admin, checklist.id, `${tag} kiosk`);
  const webhook = await registerWebhook(admin, { url: `${receiver.url}/${tag}`, events: ['checklist.submitted'] });
  const tests = () => receiver.received.filter((r) => r.type === 'webhook.test').length;
  const before = tests();
  await post(admin, paths.webhooks.test(webhook.id));
  await eventually(() => tests() > before, 'the test event');
  await server.deps.webhooks.idle();
  const rotated = await post(admin, paths.webhooks.rotateSecret(webhook.id));
  const invitation = await invite(server, admin, `${uniqueName(tag)}@example.com`.toLowerCase(), [role.id]);
  const apiToken = await makeApiToken(server, member, org.id, { scope: 'read', name: `${tag} nightly script` });
  const avatar = await uploadAvatar(server, member);
  expect((await member.api.put('auth/me', { avatar })).status).toBe(200);
  return {
    admin,
    member,
    org,
    role,
    folder,
    checklist,
    assignment,
    schedule,
    link: { id: link.id, token: link.token, name: `${tag} kiosk` },
    webhook: { id: webhook.id, url: webhook.url, secrets: [webhook.secret, rotated.secret] },
    invitation: { id: invitation.id, email: invitation.invitation.email },
    apiToken: { id: apiToken.body.id, token: apiToken.token, name: `${tag} nightly script` },
    avatar,
  };
}

let ours: Arranged;
let theirs: Arranged;
let sheet: { id: string };
let entries: Map<string, Buffer>;

beforeAll(async () => {
  receiver = await startReceiver();
  ours = await arrange('ours');
  theirs = await arrange('theirs');
  sheet = await makeDocument(ours.admin, 'root', 'sheet', 'Asset sheet', sheetOver([{ id: ours.checklist.id, name: 'ours boiler check', questions: { q: question('text', { title: 'Reading', required: false }) } }]));
  const answer = await download(server, ours.admin.token);
  expect(answer.status, answer.bytes.toString('utf8').slice(0, 300)).toBe(200);
  entries = await unzip(answer.bytes);
});

afterAll(async () => {
  await receiver?.close();
});

describe('GET settings/export.zip: permissions, work, access and pictures', () => {
  it('names every new file in its README', () => {
    const readme = text(entries, 'README.txt');
    for (const name of ['permissions.json', 'assignments.json', 'schedules.json', 'share-links.json', 'webhooks.json', 'webhook-deliveries.json', 'invitations.json', 'api-tokens.json', 'avatars.json', 'avatars/']) {
      expect(readme).toContain(name);
    }
  });

  it('holds the ACL entries of folders and documents', () => {
    const all = jsonOf(entries, 'permissions.json') as Record<string, unknown>[];
    const acl = all.filter((e) => e.folder_id === ours.folder.id || e.document_id === ours.checklist.id);
    expect(acl).toHaveLength(3);
    expect(acl).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ folder_id: ours.folder.id, document_id: null, subject_type: 'role', subject_id: ours.role.id, is_grant: true, permissions: ['Read', 'Write'] }),
        expect.objectContaining({ folder_id: ours.folder.id, document_id: null, subject_type: 'org', subject_id: ours.org.id, is_grant: false, permissions: ['Write'] }),
        expect.objectContaining({ folder_id: null, document_id: ours.checklist.id, subject_type: 'user', subject_id: ours.member.id, is_grant: true, permissions: ['Delete'] }),
      ]),
    );
  });

  it('holds the assignments with their due date, status, who claimed and completed them', () => {
    const list = jsonOf(entries, 'assignments.json') as Record<string, unknown>[];
    expect(list.map((a) => a.id)).toContain(ours.assignment.id);
    expect(list.find((a) => a.id === ours.assignment.id)).toMatchObject({
      kind: 'document',
      document_id: ours.checklist.id,
      assigned_to_type: 'user',
      assigned_to_id: ours.member.id,
      notes: 'ours check the boiler',
      due_at: '2031-05-01T08:00:00.000Z',
      status: 'completed',
      assigned_by: ours.admin.id,
      claimed_by: ours.member.id,
      completed_by: ours.member.id,
    });
    expect(list.find((a) => a.id === ours.assignment.id)!.completed_at).toEqual(expect.any(String));
  });

  it('holds the schedules', () => {
    expect(jsonOf(entries, 'schedules.json')).toEqual([
      expect.objectContaining({
        id: ours.schedule.id,
        document_id: ours.checklist.id,
        assigned_to_type: 'role',
        assigned_to_id: ours.role.id,
        rrule: 'FREQ=DAILY;BYHOUR=6;BYMINUTE=0',
        timezone: 'Europe/Berlin',
        window_minutes: 60,
        notes: 'ours every morning',
        created_by: ours.admin.id,
      }),
    ]);
  });

  it('holds the share links without their token', () => {
    const links = jsonOf(entries, 'share-links.json') as Record<string, unknown>[];
    expect(links).toEqual([expect.objectContaining({ id: ours.link.id, document_id: ours.checklist.id, name: 'ours kiosk', created_by: ours.admin.id, expires_at: null, revoked_at: null })]);
    expect(Object.keys(links[0]!).filter((k) => /token|hash/.test(k))).toEqual([]);
  });

  it('holds the webhooks without their secret, and their delivery log', () => {
    const hooks = jsonOf(entries, 'webhooks.json') as Record<string, unknown>[];
    expect(hooks).toEqual([expect.objectContaining({ id: ours.webhook.id, url: ours.webhook.url, events: ['checklist.submitted'], enabled: true, created_by: ours.admin.id })]);
    expect(Object.keys(hooks[0]!).filter((k) => /secret/.test(k))).toEqual([]);
    const log = jsonOf(entries, 'webhook-deliveries.json') as Record<string, unknown>[];
    expect(log).toEqual([expect.objectContaining({ endpoint_id: ours.webhook.id, event_type: 'webhook.test', ok: true, status_code: 200, delivery_status: 'delivered' })]);
  });

  it('holds the pending invitations', () => {
    expect(jsonOf(entries, 'invitations.json')).toEqual([
      expect.objectContaining({ id: ours.invitation.id, email: ours.invitation.email, role_ids: [ours.role.id], invited_by: ours.admin.id }),
    ]);
  });

  it("holds the API tokens' names and dates, never the token or its hash", () => {
    const tokens = jsonOf(entries, 'api-tokens.json') as Record<string, unknown>[];
    expect(tokens).toEqual([expect.objectContaining({ id: ours.apiToken.id, user_id: ours.member.id, name: 'ours nightly script', scope: 'read', revoked_at: null })]);
    expect(tokens[0]!.created_at).toEqual(expect.any(String));
    expect(Object.keys(tokens[0]!).filter((k) => /token|hash/.test(k))).toEqual([]);
  });

  it("holds the members' avatars from the storage, byte for byte, listed in avatars.json", () => {
    const avatars = jsonOf(entries, 'avatars.json') as { user_id: string; id: string; path: string }[];
    expect(avatars).toEqual([expect.objectContaining({ user_id: ours.member.id, id: ours.avatar, content_type: 'image/png', size: 300, path: `avatars/${ours.avatar}-me.png` })]);
    expect(new Uint8Array(entries.get(avatars[0]!.path)!)).toEqual(fileBytes('image/png', 300));
  });

  it("holds a result sheet's definition in its document.json", () => {
    const doc = jsonOf(entries, `documents/${sheet.id}/document.json`);
    expect(doc).toMatchObject({ doctype: 'sheet', contents: { form_ids: [ours.checklist.id], question_index: ['q'] } });
  });

  it("holds none of another organisation's rows", () => {
    const all = everything(entries);
    const foreign = [theirs.org.id, theirs.folder.id, theirs.checklist.id, theirs.assignment.id, theirs.schedule.id, theirs.link.id, theirs.link.name, theirs.webhook.id, theirs.webhook.url];
    for (const value of [...foreign, theirs.invitation.id, theirs.invitation.email, theirs.apiToken.id, theirs.apiToken.name, theirs.avatar, theirs.member.id, 'theirs']) {
      expect(all).not.toContain(value);
    }
  });

  it('holds no secret anywhere: share token, webhook secret, API token, their stored forms, password hashes', async () => {
    const ids = (arranged: Arranged[]) => arranged.map((a) => a.member.id).concat(arranged.map((a) => a.admin.id));
    const stored = [
      ...(await server.db.select({ v: users.passwordHash }).from(users).where(inArray(users.id, ids([ours, theirs])))).map((r) => r.v),
      ...(await server.db.select({ v: shareLinks.tokenHash }).from(shareLinks).where(eq(shareLinks.id, ours.link.id))).map((r) => r.v),
      ...(await server.db.select({ v: apiTokens.tokenHash }).from(apiTokens).where(eq(apiTokens.id, ours.apiToken.id))).map((r) => r.v),
      ...(await server.db.select({ a: webhookEndpoints.secret, b: webhookEndpoints.previousSecret }).from(webhookEndpoints).where(eq(webhookEndpoints.id, ours.webhook.id))).flatMap((r) => [r.a, r.b!]),
    ];
    expect(stored).toHaveLength(8);
    const secrets = [ours.link.token, ours.apiToken.token, ...ours.webhook.secrets, ...ours.webhook.secrets.map((s) => s.slice('whsec_'.length)), ...stored];
    const all = everything(entries);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(16);
      expect(all.includes(secret), `a secret (${secret.slice(0, 8)}…) is in the archive`).toBe(false);
    }
  });
});
