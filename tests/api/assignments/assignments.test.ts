/**
 * workflow/assignments (documentation §3 Assignment, §7; issue #12): assign a folder or document to the
 * organisation, a role or a member; list mine and an item's; claim, unclaim, complete. Bad inputs next to
 * good ones; ids of other organisations; and no assignment ever reveals an item the caller cannot Read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_BITS,
  assign,
  grant,
  makeDocument,
  makeFolder,
  makeTeam,
  missingId,
  myAssignmentIds,
  orgWithAdmin,
  Permission,
  revoke,
  setAcl,
  type Team,
  type TestUser,
} from '../support/factories.ts';
import type { Json } from '../support/http.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
let team: Team;
let other: { admin: TestUser; org: { id: string }; roleId: string; docId: string };
let folderId: string;
let docId: string;

beforeAll(async () => {
  team = await makeTeam(server);
  const folder = await makeFolder(team.admin, 'root', 'Work');
  folderId = folder.id;
  docId = (await makeDocument(team.admin, folderId, 'form', 'Morning checks', { questions: {}, question_index: [] })).id;
  const o = await orgWithAdmin(server);
  const role = await o.admin.api.post('roles', { name: 'Elsewhere' });
  const doc = await makeDocument(o.admin, 'root', 'form', 'Their checklist', { questions: {}, question_index: [] });
  other = { admin: o.admin, org: o.org, roleId: role.body.id, docId: doc.id };
});

const post = (user: TestUser, kind: string, body: unknown) => user.api.post(`workflow/assignments/${kind}`, body);

describe('POST workflow/assignments/{kind}', () => {
  it('assigns a document to a role: 201 with the assignment as the spec lists it', async () => {
    const res = await post(team.admin, 'document', { assigned_to: { type: 'role', id: team.role.id }, object_id: docId, notes: '  Before 9  ' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'document',
      object_id: docId,
      object_name: 'Morning checks',
      doctype: 'form',
      assigned_to: { type: 'role', id: team.role.id, name: team.role.name },
      assigned_by_username: team.admin.username,
      notes: 'Before 9',
      claimed: false,
      claimed_by_username: null,
      completed: false,
      submission_id: null,
      failing_answers: [],
    });
    expect(Date.parse(res.body.assigned_at)).not.toBeNaN();
  });

  it('assigns a folder (and the root) to the organisation and to a member', async () => {
    const toOrg = await assign(team.admin, 'folder', folderId, { type: 'org', id: team.org.id });
    expect(toOrg).toMatchObject({ kind: 'folder', object_id: folderId, object_name: 'Work', doctype: null, assigned_to: { type: 'org', name: team.org.name } });
    const toUser = await assign(team.admin, 'folder', 'root', { type: 'user', id: team.member.id });
    expect(toUser.assigned_to).toEqual({ type: 'user', id: team.member.id, name: team.member.username });
    expect(toUser.object_id).not.toBe('root');
  });

  it('needs an assignee: 422 naming assigned_to', async () => {
    for (const body of [{ object_id: docId }, { object_id: docId, assigned_to: null }, { object_id: docId, assigned_to: {} }]) {
      const res = await post(team.admin, 'document', body);
      expect(res.status, res.text).toBe(422);
      expect(res.body.detail).toMatch(/assigned_to/);
      expect(res.body.errors.every((e: Json) => e.field.startsWith('assigned_to'))).toBe(true);
    }
  });

  it.each([
    ['an unknown subject type', { assigned_to: { type: 'group', id: '0190c7e5-0000-7000-8000-000000000000' } }, 'assigned_to.type'],
    ['a malformed assignee id', { assigned_to: { type: 'user', id: 'bob' } }, 'assigned_to.id'],
    ['a missing object_id', { object_id: undefined }, 'object_id'],
    ['a malformed object_id', { object_id: 'nope' }, 'object_id'],
    ['notes that are not text', { notes: 5 }, 'notes'],
    ['notes over 2000 characters', { notes: 'x'.repeat(2001) }, 'notes'],
  ])('refuses %s: 422 naming the field', async (_, change, field) => {
    const res = await post(team.admin, 'document', { assigned_to: { type: 'role', id: team.role.id }, object_id: docId, ...change });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.map((e: Json) => e.field)).toContain(field);
  });

  it('takes notes of exactly 2000 characters', async () => {
    const res = await post(team.admin, 'document', { assigned_to: { type: 'role', id: team.role.id }, object_id: docId, notes: 'x'.repeat(2000) });
    expect(res.status, res.text).toBe(201);
  });

  it('refuses malformed JSON (400) and an unknown kind (404)', async () => {
    const bad = await team.admin.api.request('POST', 'workflow/assignments/document', { body: '{', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    const kind = await post(team.admin, 'report', { assigned_to: { type: 'role', id: team.role.id }, object_id: docId });
    expect(kind.status).toBe(404);
    const correction = await post(team.admin, 'correction', { assigned_to: { type: 'role', id: team.role.id }, object_id: docId });
    expect(correction.status).toBe(404);
  });

  it("refuses another organisation's assignee (422 naming assigned_to.id) and item (404)", async () => {
    for (const assignedTo of [
      { type: 'role', id: other.roleId },
      { type: 'user', id: other.admin.id },
      { type: 'org', id: other.org.id },
      { type: 'role', id: team.member.id },
      { type: 'user', id: missingId() },
    ]) {
      const res = await post(team.admin, 'document', { assigned_to: assignedTo, object_id: docId });
      expect(res.status, `${JSON.stringify(assignedTo)}: ${res.text}`).toBe(422);
      expect(res.body.errors.map((e: Json) => e.field)).toEqual(['assigned_to.id']);
    }
    for (const [kind, id] of [
      ['document', other.docId],
      ['document', missingId()],
      ['folder', missingId()],
      ['folder', docId],
      ['document', folderId],
    ] as const) {
      const res = await post(team.admin, kind, { assigned_to: { type: 'org', id: team.org.id }, object_id: id });
      expect(res.status, `${kind} ${id}`).toBe(404);
    }
  });

  it("needs the action table's `assign` (Write) on the item: Read alone is 403, no Read is 404", async () => {
    const body = { assigned_to: { type: 'org', id: team.org.id }, object_id: docId };
    const readOnly = await post(team.member, 'document', body);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.detail).toBe("You need 'Write' permission to assign this document");
    const mine = await makeFolder(team.admin, 'root');
    await setAcl(team.admin, 'folders', mine.id, [grant(team.member.id, Permission.Read | Permission.Write)]);
    const writable = await makeDocument(team.admin, mine.id, 'form', undefined, { questions: {}, question_index: [] });
    expect((await post(team.member, 'document', { ...body, object_id: writable.id })).status).toBe(201);
    expect((await post(team.member, 'folder', { ...body, object_id: mine.id })).status).toBe(201);
    await setAcl(team.admin, 'folders', mine.id, [revoke(team.org.id, ALL_BITS)]);
    expect((await post(team.member, 'document', { ...body, object_id: writable.id })).status).toBe(404);
  });
});

describe('GET workflow/assignments', () => {
  it('lists the open assignments handed to me, my roles or my organisation, newest first', async () => {
    const doc = (await makeDocument(team.admin, folderId)).id;
    const toRole = await assign(team.admin, 'document', doc, { type: 'role', id: team.role.id });
    const toMember = await assign(team.admin, 'document', doc, { type: 'user', id: team.member.id });
    const toOrg = await assign(team.admin, 'document', doc, { type: 'org', id: team.org.id });
    const roleMember = await myAssignmentIds(team.roleMember);
    expect(roleMember).toContain(toRole.id);
    expect(roleMember).toContain(toOrg.id);
    expect(roleMember).not.toContain(toMember.id);
    const member = await myAssignmentIds(team.member);
    expect(member).toContain(toMember.id);
    expect(member).toContain(toOrg.id);
    expect(member).not.toContain(toRole.id);
    expect(member.indexOf(toOrg.id)).toBeLessThan(member.indexOf(toMember.id));
    const res = await team.member.api.get('workflow/assignments');
    expect(res.body.total).toBe(res.body.results.length);
    expect(res.body.results.every((a: Json) => !a.completed)).toBe(true);
    // Another organisation's members see none of them.
    expect(await myAssignmentIds(other.admin)).not.toContain(toOrg.id);
  });

  it('never lists an item I may no longer Read, nor one in the trash', async () => {
    const hidden = await makeFolder(team.admin, 'root');
    const doc = (await makeDocument(team.admin, hidden.id)).id;
    const onDoc = await assign(team.admin, 'document', doc, { type: 'user', id: team.member.id });
    const onFolder = await assign(team.admin, 'folder', hidden.id, { type: 'org', id: team.org.id });
    expect(await myAssignmentIds(team.member)).toEqual(expect.arrayContaining([onDoc.id, onFolder.id]));
    await setAcl(team.admin, 'folders', hidden.id, [revoke(team.member.id, Permission.Read)]);
    const after = await myAssignmentIds(team.member);
    expect(after).not.toContain(onDoc.id);
    expect(after).not.toContain(onFolder.id);
    expect(await myAssignmentIds(team.roleMember)).toContain(onFolder.id);
    // Nor can it be claimed or listed by item.
    expect((await team.member.api.post(`workflow/assignments/document/${onDoc.id}/claim`)).status).toBe(404);
    expect((await team.member.api.get('workflow/assignments', { headers: {} })).body.results.some((a: Json) => a.object_id === doc)).toBe(false);
    expect((await team.member.api.get(`workflow/assignments?document_id=${doc}`)).status).toBe(404);

    const trashed = (await makeDocument(team.admin, folderId)).id;
    const onTrashed = await assign(team.admin, 'document', trashed, { type: 'org', id: team.org.id });
    expect((await team.admin.api.delete(`documentation/documents/${trashed}`)).status).toBe(204);
    expect(await myAssignmentIds(team.member)).not.toContain(onTrashed.id);
  });

  it("lists one item's assignments (open and completed) to anyone who may Read it", async () => {
    const doc = (await makeDocument(team.admin, folderId)).id;
    const a = await assign(team.admin, 'document', doc, { type: 'user', id: team.roleMember.id });
    const b = await assign(team.admin, 'document', doc, { type: 'role', id: team.role.id });
    await assign(team.admin, 'folder', folderId, { type: 'org', id: team.org.id });
    const res = await team.member.api.get(`workflow/assignments?document_id=${doc}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((x: Json) => x.id)).toEqual([b.id, a.id]);
    expect(res.body.total).toBe(2);
    const folder = await team.member.api.get(`workflow/assignments?folder_id=${folderId}`);
    expect(folder.body.results.every((x: Json) => x.kind === 'folder' && x.object_id === folderId)).toBe(true);
  });

  it.each([
    ['document_id=nope', 'document_id'],
    ['folder_id=nope', 'folder_id'],
    [`document_id=${'0190c7e5-0000-7000-8000-000000000000'}&folder_id=root`, 'document_id'],
  ])('refuses ?%s: 422 naming %s', async (query, field) => {
    const res = await team.member.api.get(`workflow/assignments?${query}`);
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.map((e: Json) => e.field)).toContain(field);
  });

  it("answers 404 for another organisation's item and a missing one", async () => {
    expect((await team.member.api.get(`workflow/assignments?document_id=${other.docId}`)).status).toBe(404);
    expect((await team.member.api.get(`workflow/assignments?folder_id=${missingId()}`)).status).toBe(404);
  });

  it('needs a sign-in and a current organisation', async () => {
    expect((await server.client().get('workflow/assignments')).status).toBe(401);
  });
});

describe('claim, unclaim, complete', () => {
  const step = (user: TestUser, kind: string, id: string, what: 'claim' | 'unclaim' | 'complete') =>
    user.api.post(`workflow/assignments/${kind}/${id}/${what}`);

  it('a holder of the role claims; the updated assignment; others get 409 with a detail; the claimer unclaims', async () => {
    const a = await assign(team.admin, 'document', docId, { type: 'role', id: team.role.id });
    const notMine = await step(team.member, 'document', a.id, 'claim');
    expect(notMine.status).toBe(403);
    const claimed = await step(team.roleMember, 'document', a.id, 'claim');
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body).toMatchObject({ id: a.id, claimed: true, claimed_by_username: team.roleMember.username, completed: false });
    const again = await step(team.roleMember, 'document', a.id, 'claim');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(`This assignment has already been claimed by ${team.roleMember.username}`);
    // still listed for the role, shown as claimed
    const listed = (await team.roleMember.api.get('workflow/assignments')).body.results.find((x: Json) => x.id === a.id);
    expect(listed).toMatchObject({ claimed: true });
    expect((await step(team.member, 'document', a.id, 'unclaim')).status).toBe(403);
    const unclaimed = await step(team.roleMember, 'document', a.id, 'unclaim');
    expect(unclaimed.status).toBe(200);
    expect(unclaimed.body).toMatchObject({ claimed: false, claimed_by_username: null });
    const twice = await step(team.roleMember, 'document', a.id, 'unclaim');
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('This assignment is not claimed');
  });

  it('for the organisation any member claims; an org admin may unclaim for them', async () => {
    const a = await assign(team.admin, 'folder', folderId, { type: 'org', id: team.org.id });
    expect((await step(team.member, 'folder', a.id, 'claim')).status).toBe(200);
    const byAdmin = await step(team.admin, 'folder', a.id, 'unclaim');
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body.claimed).toBe(false);
  });

  it('complete: the claimer once claimed (issue #44: an assignee may complete an unclaimed one); then it leaves my list', async () => {
    const a = await assign(team.admin, 'document', docId, { type: 'user', id: team.member.id });
    // Not an assignee: refused while unclaimed.
    expect((await step(team.roleMember, 'document', a.id, 'complete')).status).toBe(403);
    expect((await step(team.member, 'document', a.id, 'claim')).status).toBe(200);
    expect((await step(team.admin, 'document', a.id, 'complete')).status).toBe(403);
    const done = await step(team.member, 'document', a.id, 'complete');
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ completed: true, claimed: true });
    expect(await myAssignmentIds(team.member)).not.toContain(a.id);
    for (const what of ['claim', 'unclaim', 'complete'] as const) {
      const res = await step(team.member, 'document', a.id, what);
      expect(res.status, what).toBe(409);
      expect(res.body.detail).toBe('This assignment has already been completed');
    }
    // the item's tab still lists it, completed
    const tab = await team.member.api.get(`workflow/assignments?document_id=${docId}`);
    expect(tab.body.results.find((x: Json) => x.id === a.id)).toMatchObject({ completed: true });
  });

  it("answers 404 for a wrong kind, a malformed or missing id and another organisation's assignment", async () => {
    const a = await assign(team.admin, 'document', docId, { type: 'org', id: team.org.id });
    expect((await step(team.member, 'folder', a.id, 'claim')).status).toBe(404);
    expect((await step(team.member, 'correction', a.id, 'claim')).status).toBe(404);
    expect((await step(team.member, 'report', a.id, 'claim')).status).toBe(404);
    expect((await step(team.member, 'document', 'nope', 'claim')).status).toBe(404);
    expect((await step(team.member, 'document', missingId(), 'claim')).status).toBe(404);
    for (const what of ['claim', 'unclaim', 'complete'] as const) {
      expect((await step(other.admin, 'document', a.id, what)).status).toBe(404);
    }
  });
});
