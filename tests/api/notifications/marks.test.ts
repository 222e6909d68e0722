/**
 * Favourites and subscriptions (issue #12): POST/DELETE documentation/{folders|documents}/{id}/favorite
 * and …/subscription, GET documentation/favorites and GET documentation/subscriptions; listed items'
 * subscription_options. Only items the caller may Read: unreadable, trashed, foreign, unknown and
 * malformed ids answer the tree's 404; the lists drop what the caller can no longer Read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  grant,
  makeDocument,
  makeFolder,
  makeTeam,
  missingId,
  orgWithAdmin,
  Permission,
  revoke,
  setAcl,
  type Team,
  type TestUser,
} from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
let team: Team;
let theirs: { admin: TestUser; folder: { id: string }; doc: { id: string } };

beforeAll(async () => {
  team = await makeTeam(server);
  const b = await orgWithAdmin(server);
  const folder = await makeFolder(b.admin, 'root', 'Their folder');
  theirs = { admin: b.admin, folder: { id: folder.id as string }, doc: { id: (await makeDocument(b.admin, folder.id as string)).id as string } };
});

const kinds = ['folders', 'documents'] as const;
type Kind = (typeof kinds)[number];

async function item(kind: Kind, name: string, parent = 'root') {
  return kind === 'folders' ? makeFolder(team.admin, parent, name, `about ${name}`) : makeDocument(team.admin, parent, 'form', name);
}

describe('favourites', () => {
  it.each(kinds)('POST and DELETE %s/{id}/favorite answer 204, twice alike; GET favorites lists the entry', async (kind) => {
    const it1 = await item(kind, `Fav ${kind}`);
    const user = team.member;
    for (let i = 0; i < 2; i++) {
      const res = await user.api.post(`documentation/${kind}/${it1.id}/favorite`);
      expect(res.status, res.text).toBe(204);
      expect(res.text).toBe('');
    }
    const list = await user.api.get('documentation/favorites');
    expect(list.status).toBe(200);
    const entry = (list.body.results as { item_id: string }[]).find((e) => e.item_id === it1.id);
    expect(entry).toEqual({
      kind: kind === 'folders' ? 'folder' : 'document',
      item_id: it1.id,
      name: `Fav ${kind}`,
      description: `about Fav ${kind}`,
      doctype: kind === 'folders' ? null : 'form',
    });
    expect(list.body.total).toBe(list.body.results.length);
    // Someone else's list is their own.
    expect(((await team.roleMember.api.get('documentation/favorites')).body.results as { item_id: string }[]).map((e) => e.item_id)).not.toContain(it1.id);
    for (let i = 0; i < 2; i++) expect((await user.api.delete(`documentation/${kind}/${it1.id}/favorite`)).status).toBe(204);
    expect(((await user.api.get('documentation/favorites')).body.results as { item_id: string }[]).map((e) => e.item_id)).not.toContain(it1.id);
  });

  it('lists by name, ignoring case', async () => {
    const { admin } = await orgWithAdmin(server);
    for (const name of ['beta', 'Alpha', 'gamma']) {
      const f = await makeFolder(admin, 'root', name);
      expect((await admin.api.post(`documentation/folders/${f.id}/favorite`)).status).toBe(204);
    }
    const list = await admin.api.get('documentation/favorites');
    expect((list.body.results as { name: string }[]).map((e) => e.name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(list.body.total).toBe(3);
  });

  it('the root folder by its alias is the root', async () => {
    const { admin } = await orgWithAdmin(server);
    expect((await admin.api.post('documentation/folders/root/favorite')).status).toBe(204);
    const list = await admin.api.get('documentation/favorites');
    expect(list.body.results).toHaveLength(1);
    expect(list.body.results[0].kind).toBe('folder');
    expect((await admin.api.delete('documentation/folders/root/favorite')).status).toBe(204);
    expect((await admin.api.get('documentation/favorites')).body.results).toEqual([]);
  });

  it('drops an item once the caller may no longer Read it, or once it is in the trash', async () => {
    const hidden = await item('folders', 'Soon hidden');
    const doc = await item('documents', 'Soon trashed');
    for (const [kind, id] of [['folders', hidden.id], ['documents', doc.id]] as const) {
      expect((await team.member.api.post(`documentation/${kind}/${id}/favorite`)).status).toBe(204);
    }
    await setAcl(team.admin, 'folders', hidden.id, [revoke(team.member.id, Permission.Read)]);
    expect((await team.admin.api.delete(`documentation/documents/${doc.id}`)).status).toBe(204);
    const ids = ((await team.member.api.get('documentation/favorites')).body.results as { item_id: string }[]).map((e) => e.item_id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(doc.id);
    // Their own mark can still be dropped; afterwards the unreadable folder is a 404 like any.
    expect((await team.member.api.delete(`documentation/folders/${hidden.id}/favorite`)).status).toBe(204);
    expect((await team.member.api.delete(`documentation/folders/${hidden.id}/favorite`)).status).toBe(404);
    // Read given back: the folder is back in reach, but the dropped mark stays dropped.
    await setAcl(team.admin, 'folders', hidden.id, [grant(team.member.id, Permission.Read)]);
    expect(((await team.member.api.get('documentation/favorites')).body.results as { item_id: string }[]).map((e) => e.item_id)).not.toContain(hidden.id);
  });
});

describe('subscriptions', () => {
  it.each(kinds)('POST %s/{id}/subscription answers the entry (defaults false), a repeat changes the options; DELETE 204 twice', async (kind) => {
    const it1 = await item(kind, `Sub ${kind}`);
    const user = team.member;
    const first = await user.api.post(`documentation/${kind}/${it1.id}/subscription`, {});
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      kind: kind === 'folders' ? 'folder' : 'document',
      item_id: it1.id,
      name: `Sub ${kind}`,
      description: `about Sub ${kind}`,
      doctype: kind === 'folders' ? null : 'form',
      subscription_options: { validation_errors_only: false, email_notifications: false },
    });
    // No body at all: the defaults too.
    expect((await user.api.request('POST', `documentation/${kind}/${it1.id}/subscription`)).status).toBe(200);
    const changed = await user.api.post(`documentation/${kind}/${it1.id}/subscription`, { validation_errors_only: true, email_notifications: true });
    expect(changed.status).toBe(200);
    expect(changed.body.subscription_options).toEqual({ validation_errors_only: true, email_notifications: true });
    const list = await user.api.get('documentation/subscriptions');
    expect(list.status).toBe(200);
    const mine = (list.body.results as { item_id: string }[]).filter((e) => e.item_id === it1.id);
    expect(mine).toEqual([changed.body]);
    for (let i = 0; i < 2; i++) expect((await user.api.delete(`documentation/${kind}/${it1.id}/subscription`)).status).toBe(204);
    expect(((await user.api.get('documentation/subscriptions')).body.results as { item_id: string }[]).map((e) => e.item_id)).not.toContain(it1.id);
  });

  it('refuses bad bodies with 422 naming the field, and unknown keys by name', async () => {
    const f = await item('folders', 'Strict');
    const cases: [unknown, RegExp][] = [
      [{ validation_errors_only: 'yes' }, /validation_errors_only/],
      [{ email_notifications: 1 }, /email_notifications/],
      [{ email_notification: true }, /email_notification\b/],
      [{ validation_errors_only: true, colour: 'red' }, /colour/],
      [[true], /object/],
      ['on', /object/],
      [null, /object/],
    ];
    for (const [body, detail] of cases) {
      const res = await team.member.api.post(`documentation/folders/${f.id}/subscription`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail, JSON.stringify(body)).toMatch(detail);
    }
    const malformed = await team.member.api.request('POST', `documentation/folders/${f.id}/subscription`, {
      body: '{"validation_errors_only":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(((await team.member.api.get('documentation/subscriptions')).body.results as { item_id: string }[]).map((e) => e.item_id)).not.toContain(f.id);
  });

  it('listed items carry the caller’s own options (folder contents), defaults for everyone else', async () => {
    const parent = await item('folders', 'Holder');
    const child = await item('folders', 'Child', parent.id);
    const doc = await item('documents', 'Doc', parent.id);
    await team.member.api.post(`documentation/folders/${child.id}/subscription`, { email_notifications: true });
    await team.member.api.post(`documentation/documents/${doc.id}/subscription`, { validation_errors_only: true });
    const options = async (user: TestUser) => {
      const res = await user.api.get(`documentation/folders/${parent.id}/contents`);
      expect(res.status).toBe(200);
      return Object.fromEntries((res.body.results as { id: string; subscription_options: unknown }[]).map((r) => [r.id, r.subscription_options]));
    };
    expect(await options(team.member)).toEqual({
      [child.id]: { validation_errors_only: false, email_notifications: true },
      [doc.id]: { validation_errors_only: true, email_notifications: false },
    });
    const none = { validation_errors_only: false, email_notifications: false };
    expect(await options(team.roleMember)).toEqual({ [child.id]: none, [doc.id]: none });
    expect(await options(team.admin)).toEqual({ [child.id]: none, [doc.id]: none });
  });

  it('drops an item the caller may no longer Read', async () => {
    const f = await item('folders', 'Watched');
    await team.roleMember.api.post(`documentation/folders/${f.id}/subscription`, {});
    await setAcl(team.admin, 'folders', f.id, [revoke(team.role.id, Permission.Read)]);
    const ids = ((await team.roleMember.api.get('documentation/subscriptions')).body.results as { item_id: string }[]).map((e) => e.item_id);
    expect(ids).not.toContain(f.id);
  });
});

describe('items the caller may not mark: 404 like every item lookup', () => {
  const paths = ['favorite', 'subscription'] as const;
  it.each(paths)('…/%s: unknown, malformed, foreign, unreadable and trashed ids', async (what) => {
    const unreadable = await item('folders', 'Closed');
    await setAcl(team.admin, 'folders', unreadable.id, [revoke(team.member.id, Permission.Read)]);
    const closedDoc = await item('documents', 'Closed doc', unreadable.id);
    const trashed = await item('documents', 'Trashed');
    expect((await team.admin.api.delete(`documentation/documents/${trashed.id}`)).status).toBe(204);
    const cases: [Kind, string, string][] = [
      ['folders', missingId(), 'Folder not found'],
      ['documents', missingId(), 'Document not found'],
      ['folders', 'not-a-uuid', 'Folder not found'],
      ['documents', 'root', 'Document not found'],
      ['folders', theirs.folder.id, 'Folder not found'],
      ['documents', theirs.doc.id, 'Document not found'],
      ['folders', unreadable.id, 'Folder not found'],
      ['documents', closedDoc.id, 'Document not found'],
      ['documents', trashed.id, 'Document not found'],
      // the wrong kind
      ['documents', unreadable.id, 'Document not found'],
    ];
    for (const [kind, id, detail] of cases) {
      for (const method of ['POST', 'DELETE']) {
        const res = await team.member.api.request(method, `documentation/${kind}/${id}/${what}`, method === 'POST' ? { json: {} } : {});
        expect(res.status, `${method} ${kind} ${id}`).toBe(404);
        expect(res.body, `${method} ${kind} ${id}`).toMatchObject({ detail });
      }
    }
    // Nothing was stored for them.
    const list = await team.member.api.get(`documentation/${what === 'favorite' ? 'favorites' : 'subscriptions'}`);
    const ids = (list.body.results as { item_id: string }[]).map((e) => e.item_id);
    for (const id of [theirs.folder.id, theirs.doc.id, unreadable.id, closedDoc.id, trashed.id]) expect(ids).not.toContain(id);
  });

  it('needs a signed-in member', async () => {
    const f = await item('folders', 'Anon');
    for (const [method, path] of [
      ['GET', 'documentation/favorites'],
      ['GET', 'documentation/subscriptions'],
      ['POST', `documentation/folders/${f.id}/favorite`],
      ['DELETE', `documentation/folders/${f.id}/subscription`],
    ] as const) {
      expect((await server.client().request(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});
