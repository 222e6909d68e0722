import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents } from '../../../src/server/db/schema.ts';
import { ALL, type EntryInput, grant, insertChildren, makeDocument, makeFolder, makeTeam, missingId, Permission, registerAndActivate, revoke, setAcl, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { BILLING_ON_WITHOUT_STRIPE } from '../support/stripe-server.ts';
import { rootId } from './support.ts';

// Billing on (issue #15): with billing off nothing expires, and these tests check the 402.
const server = useTestServer({ env: BILLING_ON_WITHOUT_STRIPE });
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

describe('GET documentation/folders/{id}', () => {
  it('answers the root for `root` with the organisation Read for members and every bit for admins', async () => {
    const asAdmin = await team.admin.api.get('documentation/folders/root');
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual({
      id: expect.any(String),
      parent_id: null,
      root_id: asAdmin.body.id,
      name: team.org.name,
      description: '',
      user_permissions: ALL,
      ancestors: [],
      created_by_username: team.admin.username,
      created: expect.any(String),
      modified_by_username: team.admin.username,
      modified: expect.any(String),
      version: 1,
    });
    const asMember = await team.member.api.get('documentation/folders/root');
    expect(asMember.body.user_permissions).toBe(Permission.Read);
    expect((await team.member.api.get(`documentation/folders/${asAdmin.body.id}`)).body).toEqual(asMember.body);
  });

  it('lists the ancestors root first, each with the caller’s permissions', async () => {
    const a = await makeFolder(team.admin, 'root', 'A', 'first');
    const b = await makeFolder(team.admin, a.id, 'B');
    const c = await makeFolder(team.admin, b.id, 'C');
    await setAcl(team.admin, 'folders', b.id, [grant(team.member.id, Permission.Write)]);
    const res = await team.member.api.get(`documentation/folders/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body.ancestors.map((x: { name: string }) => x.name)).toEqual([team.org.name, 'A', 'B']);
    expect(res.body.ancestors.map((x: { user_permissions: number }) => x.user_permissions)).toEqual([
      Permission.Read,
      Permission.Read,
      Permission.Read | Permission.Write,
    ]);
    expect(res.body.ancestors[1]).toEqual({ id: a.id, name: 'A', description: 'first', user_permissions: Permission.Read });
    expect(res.body.user_permissions).toBe(Permission.Read | Permission.Write);
    expect(res.body.parent_id).toBe(b.id);
  });

  it('answers 404 with one body for a missing, malformed or unreadable id', async () => {
    const hidden = await makeFolder(team.admin);
    await setAcl(team.admin, 'folders', hidden.id, [{ subject: team.org.id, is_grant: false, permissions: Permission.Read }]);
    for (const id of [missingId(), 'not-a-uuid', '123', hidden.id]) {
      const res = await team.member.api.get(`documentation/folders/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ detail: 'Folder not found' });
    }
  });

  it('needs a sign-in and a current organisation', async () => {
    expect((await server.client().get('documentation/folders/root')).status).toBe(401);
    const loner = await registerAndActivate(server);
    const res = await loner.api.get('documentation/folders/root');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('No organization selected');
  });

  it('answers 402 when the organisation’s subscription has ended', async () => {
    await server.clock.shifted(8 * 24 * 60 * 60 * 1000, async () => {
      const res = await team.member.api.get('documentation/folders/root');
      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({ detail: 'Organization subscription is expired' });
    });
  });
});

describe('POST documentation/folders', () => {
  it('creates a folder (201) under root or a folder id, with an activity event in the same change', async () => {
    const res = await team.admin.api.post('documentation/folders', { parent_id: 'root', name: '  Reports  ', description: 'Monthly' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Reports', description: 'Monthly', version: 1, user_permissions: ALL, parent_id: await rootId(team.admin) });
    const events = await server.db.select().from(activityEvents).where(eq(activityEvents.folderId, res.body.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'FolderCreated',
      actorId: team.admin.id,
      context: { name: 'Reports', folder_id: res.body.parent_id, folder_name: team.org.name },
    });
    const child = await team.admin.api.post('documentation/folders', { parent_id: res.body.id, name: 'Inner' });
    expect(child.status).toBe(201);
    expect(child.body.description).toBe('');
    expect(child.body.ancestors.map((a: { id: string }) => a.id)).toEqual([res.body.parent_id, res.body.id]);
  });

  it('refuses bad bodies with 400/422 naming the field', async () => {
    const cases: [unknown, number, string][] = [
      [{ parent_id: 'root' }, 422, 'name: Field required'],
      [{ parent_id: 'root', name: '   ' }, 422, 'Name is required'],
      [{ parent_id: 'root', name: 7 }, 422, 'name: name must be a string'],
      [{ parent_id: 'root', name: 'x'.repeat(256) }, 422, 'Name must be at most 255 characters'],
      [{ parent_id: 'root', name: 'x', description: 5 }, 422, 'description: description must be a string'],
      [{ name: 'x' }, 422, 'parent_id'],
      [{ parent_id: 'nope', name: 'x' }, 422, 'parent_id'],
      [[], 422, ''],
    ];
    for (const [body, status, detail] of cases) {
      const res = await team.admin.api.post('documentation/folders', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail).toContain(detail);
    }
    const broken = await team.admin.api.request('POST', 'documentation/folders', { body: '{"parent_id":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ detail: 'The request body is not valid JSON' });
  });

  it('answers 404 for a parent that is missing, foreign or unreadable', async () => {
    const res = await team.admin.api.post('documentation/folders', { parent_id: missingId(), name: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: 'Folder not found' });
  });

  it('needs Write and Create Folders on the parent', async () => {
    const res = await team.member.api.post('documentation/folders', { parent_id: 'root', name: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("You need 'Write' and 'Create Folders' permission on this folder to add a folder to it");

    const place = await makeFolder(team.admin);
    await setAcl(team.admin, 'folders', place.id, [grant(team.member.id, Permission.Write)]);
    const writeOnly = await team.member.api.post('documentation/folders', { parent_id: place.id, name: 'x' });
    expect(writeOnly.status).toBe(403);
    expect(writeOnly.body.detail).toContain("'Create Folders'");
    const doc = await team.member.api.post('documentation/documents', { folder_id: place.id, name: 'x', doctype: 'form' });
    expect(doc.status).toBe(403);

    await setAcl(team.admin, 'folders', place.id, [grant(team.member.id, Permission.Write | Permission.CreateFolders)]);
    const ok = await team.member.api.post('documentation/folders', { parent_id: place.id, name: 'mine' });
    expect(ok.status).toBe(201);
    expect(ok.body.user_permissions).toBe(Permission.Read | Permission.Write | Permission.CreateFolders);
    expect(ok.body.created_by_username).toBe(team.member.username);
  });
});

describe('PUT documentation/folders/{id}', () => {
  it('renames with the edited version, increments it and records the change', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Old', 'old text');
    const res = await team.admin.api.put(`documentation/folders/${folder.id}`, { name: 'New', description: 'new text', version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: folder.id, name: 'New', description: 'new text', version: 2, modified_by_username: team.admin.username });
    const [event] = await server.db.select().from(activityEvents).where(and(eq(activityEvents.type, 'FolderUpdated'), eq(activityEvents.folderId, folder.id)));
    expect(event!.context).toEqual({ name: 'New', previous_name: 'Old', description: 'new text', previous_description: 'old text', version: 2 });
    const descriptionOnly = await team.admin.api.put(`documentation/folders/${folder.id}`, { description: '', version: 2 });
    expect(descriptionOnly.body).toMatchObject({ name: 'New', description: '', version: 3 });
  });

  it('answers 409 for a stale version and changes nothing', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Stays');
    expect((await team.admin.api.put(`documentation/folders/${folder.id}`, { name: 'Once', version: 1 })).status).toBe(200);
    const stale = await team.admin.api.put(`documentation/folders/${folder.id}`, { name: 'Twice', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toContain('changed by someone else');
    const future = await team.admin.api.put(`documentation/folders/${folder.id}`, { name: 'Twice', version: 9 });
    expect(future.status).toBe(409);
    const now = await team.admin.api.get(`documentation/folders/${folder.id}`);
    expect(now.body).toMatchObject({ name: 'Once', version: 2 });
  });

  it('refuses bad bodies and needs Write', async () => {
    const folder = await makeFolder(team.admin);
    for (const body of [{ name: 'x' }, { name: 'x', version: 0 }, { name: 'x', version: 1.5 }, { name: 'x', version: '1' }, { name: '', version: 1 }]) {
      const res = await team.admin.api.put(`documentation/folders/${folder.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const res = await team.member.api.put(`documentation/folders/${folder.id}`, { name: 'x', version: 1 });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("You need 'Write' permission to edit this folder");
    expect((await team.admin.api.put(`documentation/folders/${missingId()}`, { name: 'x', version: 1 })).status).toBe(404);
  });
});

describe('DELETE documentation/folders/{id}', () => {
  it('refuses the root (400) and needs Delete', async () => {
    const root = await rootId(team.admin);
    for (const id of ['root', root]) {
      const res = await team.admin.api.delete(`documentation/folders/${id}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ detail: 'The root folder cannot be deleted' });
    }
    const folder = await makeFolder(team.admin);
    const res = await team.member.api.delete(`documentation/folders/${folder.id}`);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("You need 'Delete' permission to delete this folder");
  });

  it('moves the folder and its subtree out of sight (204)', async () => {
    const top = await makeFolder(team.admin);
    const inner = await makeFolder(team.admin, top.id);
    const doc = await makeDocument(team.admin, inner.id);
    expect((await team.admin.api.delete(`documentation/folders/${top.id}`)).status).toBe(204);
    for (const path of [`folders/${top.id}`, `folders/${inner.id}`, `folders/${inner.id}/contents`, `documents/${doc.id}`]) {
      const res = await team.admin.api.get(`documentation/${path}`);
      expect(res.status, path).toBe(404);
    }
    const contents = await team.admin.api.get('documentation/folders/root/contents?limit=1000');
    expect(contents.body.results.map((r: { id: string }) => r.id)).not.toContain(top.id);
    expect((await team.admin.api.delete(`documentation/folders/${top.id}`)).status).toBe(404);
  });
});

describe('GET documentation/folders/{id}/contents', () => {
  let parent: string;
  beforeAll(async () => {
    parent = (await makeFolder(team.admin, 'root', 'Listing')).id;
    // Names in mixed case; created_at rises with the index.
    await insertChildren(server, team.org.id, parent, { folders: 3, docs: 4 }, (kind, i) => `${['b', 'A', 'c', 'D'][i]} ${kind}`);
  });

  it('answers listed items, folders first then by name (case-insensitive), with the total', async () => {
    const res = await team.member.api.get(`documentation/folders/${parent}/contents`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(7);
    expect(res.body.results.map((r: { name: string }) => r.name)).toEqual([
      'A folder',
      'b folder',
      'c folder',
      'A document',
      'b document',
      'c document',
      'D document',
    ]);
    expect(res.body.results[0]).toEqual({
      id: expect.any(String),
      name: 'A folder',
      description: '',
      kind: 'folder',
      doctype: null,
      version: 1,
      created_at: expect.any(String),
      modified_at: expect.any(String),
      created_by_username: null,
      modified_by_username: null,
      subscription_options: { validation_errors_only: false, email_notifications: false },
      user_permissions: Permission.Read,
    });
    expect(res.body.results[3]).toMatchObject({ kind: 'document', doctype: 'form' });
  });

  it('orders by repeated or comma-separated keys, descending with -', async () => {
    const names = async (query: string) =>
      (await team.admin.api.get(`documentation/folders/${parent}/contents?${query}`)).body.results.map((r: { name: string }) => r.name);
    expect(await names('ordering=-name')).toEqual(['D document', 'c folder', 'c document', 'b folder', 'b document', 'A folder', 'A document']);
    expect(await names('ordering=-kind&ordering=-name')).toEqual(['D document', 'c document', 'b document', 'A document', 'c folder', 'b folder', 'A folder']);
    expect(await names('ordering=kind,created_at')).toEqual(['b folder', 'A folder', 'c folder', 'b document', 'A document', 'c document', 'D document']);
    expect(await names('ordering=-created_at&limit=1')).toEqual(['D document']);
    expect((await names('ordering=modified_at')).length).toBe(7);
  });

  it('answers every ordering of one and two keys in order, past the orderings whose statements stay prepared', async () => {
    type Row = { id: string; name: string; kind: string; created_at: string; modified_at: string };
    const value: Record<string, (r: Row) => [number | string, ...(number | string)[]]> = {
      kind: (r) => [r.kind === 'folder' ? 0 : 1],
      name: (r) => [r.name.toLowerCase(), r.name],
      created_at: (r) => [r.created_at],
      modified_at: (r) => [r.modified_at],
    };
    const keys = Object.keys(value).flatMap((field) => [field, `-${field}`]);
    const orderings = [...keys.map((k) => [k]), ...keys.flatMap((a) => keys.filter((b) => b.replace('-', '') !== a.replace('-', '')).map((b) => [a, b]))];
    expect(orderings.length).toBeGreaterThan(16 * 3);
    const everyId = (await team.admin.api.get(`documentation/folders/${parent}/contents`)).body.results.map((r: Row) => r.id).sort();
    for (const ordering of orderings) {
      const res = await team.admin.api.get(`documentation/folders/${parent}/contents?ordering=${ordering.join(',')}`);
      expect(res.status, ordering.join(',')).toBe(200);
      const rows: Row[] = res.body.results;
      expect(rows.map((r) => r.id).sort(), ordering.join(',')).toEqual(everyId);
      // Each row comes no later than the next by the keys asked for.
      const compare = (a: Row, b: Row) => {
        for (const key of ordering) {
          const [x, y] = [value[key.replace('-', '')]!(a), value[key.replace('-', '')]!(b)];
          for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i]! < y[i]! ? -1 : 1) * (key.startsWith('-') ? -1 : 1);
        }
        return 0;
      };
      for (let i = 1; i < rows.length; i++) expect(compare(rows[i - 1]!, rows[i]!), `${ordering.join(',')} at ${i}`).toBeLessThanOrEqual(0);
    }
  });

  it('pages with skip and limit, and answers the total past the end', async () => {
    const all = (await team.admin.api.get(`documentation/folders/${parent}/contents`)).body.results.map((r: { id: string }) => r.id);
    const pages: string[] = [];
    for (let skip = 0; skip < 7; skip += 3) {
      const res = await team.admin.api.get(`documentation/folders/${parent}/contents?skip=${skip}&limit=3`);
      expect(res.body.total).toBe(7);
      pages.push(...res.body.results.map((r: { id: string }) => r.id));
    }
    expect(pages).toEqual(all);
    const past = await team.admin.api.get(`documentation/folders/${parent}/contents?skip=50`);
    expect(past.body).toEqual({ results: [], total: 7 });
  });

  it('refuses bad query values with 422', async () => {
    for (const query of ['ordering=size', 'ordering=-', 'skip=-1', 'skip=x', 'limit=0', 'limit=1001', 'limit=2.5']) {
      const res = await team.admin.api.get(`documentation/folders/${parent}/contents?${query}`);
      expect(res.status, query).toBe(422);
    }
    expect((await team.admin.api.get(`documentation/folders/${parent}/contents?limit=1000`)).status).toBe(200);
  });

  it('leaves out trashed children', async () => {
    const place = await makeFolder(team.admin);
    const gone = await makeDocument(team.admin, place.id);
    await makeDocument(team.admin, place.id);
    await team.admin.api.delete(`documentation/documents/${gone.id}`);
    const res = await team.admin.api.get(`documentation/folders/${place.id}/contents`);
    expect(res.body.total).toBe(1);
    expect(res.body.results.map((r: { id: string }) => r.id)).not.toContain(gone.id);
  });

  it('keeps total and pages consistent when the caller may not Read some children', async () => {
    const place = await makeFolder(team.admin);
    const { folderIds, documentIds } = await insertChildren(server, team.org.id, place.id, { folders: 60, docs: 90 });
    // Every third child revokes the organisation's Read; among those, every second grants the member back.
    const revoked = [...folderIds, ...documentIds].filter((_, i) => i % 3 === 0);
    for (const [i, id] of revoked.entries()) {
      const kind = folderIds.includes(id) ? 'folders' : 'documents';
      const entries: EntryInput[] = [revoke(team.org.id, Permission.Read)];
      if (i % 2 === 0) entries.push(grant(team.member.id, Permission.Read));
      await setAcl(team.admin, kind, id, entries);
    }
    const hiddenFromRoleMember = revoked.length;
    const hiddenFromMember = revoked.filter((_, i) => i % 2 === 1).length;

    for (const [user, hidden] of [
      [team.member, hiddenFromMember],
      [team.roleMember, hiddenFromRoleMember],
      [team.admin, 0],
    ] as const) {
      const seen: string[] = [];
      let total: number;
      for (let skip = 0; ; skip += 40) {
        const res = await user.api.get(`documentation/folders/${place.id}/contents?limit=40&skip=${skip}&ordering=-name`);
        expect(res.status).toBe(200);
        total = res.body.total;
        seen.push(...res.body.results.map((r: { id: string }) => r.id));
        if (res.body.results.length < 40) break;
      }
      expect(total).toBe(150 - hidden);
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
    }
  }, 120_000);
});
