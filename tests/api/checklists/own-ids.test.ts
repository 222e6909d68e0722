/**
 * Ids that a body stores must be the caller's organisation's own (issue 10): a checklist's question
 * media (upload ids), its validation roles and users, its `sheet_id`, a result sheet's or report's
 * `form_ids`. Another organisation's id — or one that names nothing — answers 422 naming the field (a
 * body's field, as for ACL subjects; 404 is for the addressed item), on create, publish and draft save
 * alike, and nothing is stored.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../../src/server/db/schema.ts';
import {
  createRole,
  makeChecklist,
  makeDocument,
  makeTeam,
  missingId,
  orgWithAdmin,
  question,
  registerAndActivate,
  type Team,
  type TestUser,
  uploadFile,
} from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
let team: Team;
let theirs: { admin: TestUser; role: string; checklist: string; upload: string; sheet: string };
let ours: { checklist: string; upload: string; sheet: string };

beforeAll(async () => {
  team = await makeTeam(server);
  const other = await orgWithAdmin(server);
  const theirChecklist = await makeChecklist(other.admin, { q: question('true/false') });
  theirs = {
    admin: other.admin,
    role: (await createRole(server, other.org.id)).id,
    checklist: theirChecklist.id,
    upload: await uploadFile(server, other.admin, theirChecklist.id),
    sheet: (await makeDocument(other.admin, 'root', 'sheet')).id,
  };
  const ourChecklist = await makeChecklist(team.admin, { q: question('true/false') });
  ours = {
    checklist: ourChecklist.id,
    upload: await uploadFile(server, team.admin, ourChecklist.id),
    sheet: (await makeDocument(team.admin, 'root', 'sheet')).id,
  };
});

/** Checklist contents with one question `q` changed as given, and the form's own fields. */
const checklistContents = (changes: Record<string, unknown>, form: Record<string, unknown> = {}) => ({
  ...form,
  questions: { q: { ...question('single choice', { choices: ['A', 'B'] }), ...changes } },
  question_index: ['q'],
});

const withValidation = (who: { roles?: string[]; users?: string[] }) =>
  checklistContents({ validation: { enabled: true, value: 'A', roles: who.roles ?? [], users: who.users ?? [] } });

describe('ids a checklist stores', () => {
  it('question media must be a file of this organisation', async () => {
    const stranger = await registerAndActivate(server);
    const cases: [unknown, string][] = [
      [checklistContents({ media: theirs.upload, content_type: 'image/png', filename: 'a.png' }), 'contents.questions.q.media: is not a file of this organization'],
      [checklistContents({ media: missingId() }), 'contents.questions.q.media: is not a file of this organization'],
      [checklistContents({ media: 'not-an-id' }), 'contents.questions.q.media: is not a file of this organization'],
      [withValidation({ roles: [team.role.id, theirs.role] }), 'contents.questions.q.validation.roles.1: is not a role of this organization'],
      [withValidation({ users: [theirs.admin.id] }), 'contents.questions.q.validation.users.0: is not a user of this organization'],
      [withValidation({ users: [team.member.id, stranger.id] }), 'contents.questions.q.validation.users.1: is not a user of this organization'],
      [checklistContents({}, { sheet_id: theirs.sheet }), 'contents.sheet_id: is not a document of this organization'],
    ];
    for (const [contents, detail] of cases) {
      const created = await team.admin.api.post('documentation/documents', { folder_id: 'root', name: 'Foreign', doctype: 'form', contents });
      expect(created.status, detail).toBe(422);
      expect(created.body.detail).toBe(detail);
      expect(created.body.errors).toEqual([{ field: detail.split(':')[0], message: detail.split(': ')[1] }]);
    }
    const listed = await team.admin.api.get('documentation/folders/root/contents?limit=1000');
    expect(listed.body.results.map((r: { name: string }) => r.name)).not.toContain('Foreign');

    // Several at once: every field named.
    const several = await team.admin.api.post('documentation/documents', {
      folder_id: 'root',
      name: 'Foreign',
      doctype: 'form',
      contents: { ...withValidation({ roles: [theirs.role], users: [theirs.admin.id] }), sheet_id: theirs.sheet },
    });
    expect(several.status).toBe(422);
    expect(several.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['contents.questions.q.validation.roles.0', 'contents.questions.q.validation.users.0', 'contents.sheet_id'].sort(),
    );
  });

  it('the organisation’s own ids are taken (a switched-off member still counts as one of its users)', async () => {
    // No API switches a membership off yet: as an org admin's switch would.
    const leaver = team.roleMember;
    await server.db.update(memberships).set({ isActive: false }).where(and(eq(memberships.orgId, team.org.id), eq(memberships.userId, leaver.id)));
    const contents = {
      ...withValidation({ roles: [team.role.id], users: [team.member.id, leaver.id, team.admin.id] }),
      sheet_id: ours.sheet,
    };
    contents.questions.q = { ...contents.questions.q, media: ours.upload } as typeof contents.questions.q;
    const created = await team.admin.api.post('documentation/documents', { folder_id: 'root', name: 'Own', doctype: 'form', contents });
    expect(created.status, created.text).toBe(201);
    expect(created.body.contents.sheet_id).toBe(ours.sheet);
  });

  it('publishing and saving a draft refuse them the same way; nothing changes', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    const published = await team.admin.api.put(`documentation/documents/${doc.id}`, {
      version: 1,
      contents: checklistContents({ media: theirs.upload }),
    });
    expect(published.status).toBe(422);
    expect(published.body.detail).toBe('contents.questions.q.media: is not a file of this organization');
    const draft = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, draft_contents: withValidation({ roles: [theirs.role] }) });
    expect(draft.status).toBe(422);
    expect(draft.body.detail).toBe('draft_contents.questions.q.validation.roles.0: is not a role of this organization');
    const now = await team.admin.api.get(`documentation/documents/${doc.id}`);
    expect(now.body).toMatchObject({ version: 1, draft_contents: null });

    const ok = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, draft_contents: checklistContents({ media: ours.upload }) });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('ids a result sheet or report stores', () => {
  it('form_ids must be documents of this organisation', async () => {
    for (const doctype of ['sheet', 'report'] as const) {
      const contents = { questions: {}, question_index: [], form_links: {}, form_ids: [ours.checklist, theirs.checklist] };
      const created = await team.admin.api.post('documentation/documents', { folder_id: 'root', name: 'Foreign', doctype, contents });
      expect(created.status).toBe(422);
      expect(created.body.detail).toBe('contents.form_ids.1: is not a document of this organization');
      const own = await team.admin.api.post('documentation/documents', { folder_id: 'root', name: 'Own', doctype, contents: { ...contents, form_ids: [ours.checklist] } });
      expect(own.status, own.text).toBe(201);
      const changed = await team.admin.api.put(`documentation/documents/${own.body.id}`, { version: 1, contents: { ...contents, form_ids: [missingId()] } });
      expect(changed.status).toBe(422);
      expect(changed.body.detail).toBe('contents.form_ids.0: is not a document of this organization');
    }
  });
});
