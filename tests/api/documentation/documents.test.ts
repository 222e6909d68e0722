import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, documentVersions } from '../../../src/server/db/schema.ts';
import { useTestServer } from '../support/harness.ts';
import { rootId } from './support.ts';
import { ALL, grant, makeDocument, makeFolder, makeTeam, missingId, Permission, setAcl, type Team } from '../support/factories.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

const form = (ids: string[]) => ({
  questions: Object.fromEntries(ids.map((id) => [id, { title: `Question ${id}`, valueType: 'true/false', widget: 'radio buttons', required: true }])),
  question_index: ids,
});

describe('POST documentation/documents', () => {
  it('creates each doctype with empty contents by default, as version 1 (201)', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Docs');
    const expected = {
      presentation: { pages: {}, page_index: [] },
      form: { questions: {}, question_index: [] },
      sheet: { questions: {}, question_index: [], form_links: {}, form_ids: [] },
      report: { questions: {}, question_index: [], form_links: {}, form_ids: [] },
    } as const;
    for (const doctype of ['presentation', 'form', 'sheet', 'report'] as const) {
      const res = await team.admin.api.post('documentation/documents', { folder_id: folder.id, name: `A ${doctype}`, doctype });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        document_id: res.body.id,
        folder_id: folder.id,
        name: `A ${doctype}`,
        description: '',
        doctype,
        kind: 'document',
        version: 1,
        latest_version: 1,
        path: [
          { id: await rootId(team.admin), name: team.org.name },
          { id: folder.id, name: 'Docs' },
        ],
        root_id: await rootId(team.admin),
        contents: expected[doctype],
        draft_contents: null,
        draft_user_id: null,
        user_permissions: ALL,
        created_at: expect.any(String),
        created_by_username: team.admin.username,
        changelog: '',
        modified_at: expect.any(String),
      });
      const versions = await server.db.select().from(documentVersions).where(eq(documentVersions.documentId, res.body.id));
      expect(versions).toHaveLength(1);
      expect(versions[0]).toMatchObject({ version: 1, changelog: '', contents: expected[doctype] });
    }
    const [event] = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, 'DocumentCreated'), eq(activityEvents.folderId, folder.id)));
    expect(event!.context).toEqual({ name: 'A presentation', doctype: 'presentation', folder_id: folder.id, folder_name: 'Docs' });
  });

  it('keeps given contents that fit the doctype', async () => {
    // A new presentation has no uploads yet, so no pages (tests/api/presentations: pages are saved with PUT).
    const contents = { pages: {}, page_index: [] };
    const doc = await makeDocument(team.admin, 'root', 'presentation', 'Slides', contents);
    expect(doc.contents).toEqual(contents);
    // A sheet's questions are its checklists' published questions, each naming its checklist (issue #13).
    const checklist = await makeDocument(team.admin, 'root', 'form', undefined, form(['q1']));
    const sheet = await makeDocument(team.admin, 'root', 'sheet', 'Sheet', {
      ...form(['q1']),
      questions: { q1: { title: 'q1', form_id: checklist.id } },
      form_links: { q1: null },
      form_ids: [checklist.id],
    });
    expect(sheet.contents).toMatchObject({ form_links: { q1: null }, form_ids: [checklist.id] });
  });

  it('refuses bad bodies with 422 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ folder_id: 'root', doctype: 'form' }, 'name: Field required'],
      [{ folder_id: 'root', name: '  ', doctype: 'form' }, 'Name is required'],
      [{ folder_id: 'root', name: 'x' }, 'doctype: Field required'],
      [{ folder_id: 'root', name: 'x', doctype: 'checklist' }, 'doctype: doctype must be one of presentation, form, sheet, report'],
      [{ name: 'x', doctype: 'form' }, 'folder_id'],
      [{ folder_id: 'x', name: 'x', doctype: 'form' }, 'folder_id'],
      [{ folder_id: 'root', name: 'x', doctype: 'form', contents: [] }, 'contents'],
      [{ folder_id: 'root', name: 'x', doctype: 'form', contents: { questions: {} } }, 'contents.question_index: Field required'],
      [{ folder_id: 'root', name: 'x', doctype: 'form', contents: { questions: { q: 'text' }, question_index: ['q'] } }, 'contents.questions.q'],
      [{ folder_id: 'root', name: 'x', doctype: 'form', contents: { questions: {}, question_index: ['q'] } }, 'contents.question_index.0: q is not one of questions'],
      [{ folder_id: 'root', name: 'x', doctype: 'form', contents: { ...form(['q']), question_index: ['q', 'q'] } }, 'question_index must not repeat an id'],
      [{ folder_id: 'root', name: 'x', doctype: 'form', contents: { ...form(['q']), pages: {} } }, 'Unrecognized key'],
      [{ folder_id: 'root', name: 'x', doctype: 'form', contents: { ...form([]), sheet_id: 'nope' } }, 'contents.sheet_id'],
      [{ folder_id: 'root', name: 'x', doctype: 'presentation', contents: form([]) }, 'contents'],
      [{ folder_id: 'root', name: 'x', doctype: 'presentation', contents: { pages: [], page_index: [] } }, 'contents.pages'],
      [{ folder_id: 'root', name: 'x', doctype: 'sheet', contents: form([]) }, 'contents.form_links: Field required'],
      [{ folder_id: 'root', name: 'x', doctype: 'report', contents: { ...form([]), form_links: { a: 1 }, form_ids: [] } }, 'contents.form_links.a'],
      [{ folder_id: 'root', name: 'x', doctype: 'sheet', contents: { ...form([]), form_links: {}, form_ids: ['x'] } }, 'contents.form_ids.0'],
    ];
    for (const [body, detail] of cases) {
      const res = await team.admin.api.post('documentation/documents', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail, JSON.stringify(body)).toContain(detail);
    }
  });

  it('refuses what jsonb cannot store — nesting past 64 levels, unpaired surrogates — with 422, and takes emoji', async () => {
    const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : [nested(depth - 1)]);
    const withValue = (value: unknown) => ({ questions: { q: { title: 'x', value } }, question_index: ['q'] });
    const cases: [Record<string, unknown>, string][] = [
      [{ folder_id: 'root', name: 'x', doctype: 'form', contents: withValue(nested(70)) }, 'contents: must not nest deeper than 64 levels'],
      [{ folder_id: 'root', name: 'x', doctype: 'form', contents: withValue('a\ud800b') }, 'contents: must be valid Unicode text'],
      [{ folder_id: 'root', name: 'x', doctype: 'form', contents: { questions: { 'q\udc00': {} }, question_index: ['q\udc00'] } }, 'contents: must be valid Unicode text'],
      [{ folder_id: 'root', name: 'x\ud800', doctype: 'form' }, 'name: name must be valid Unicode text'],
      [{ folder_id: 'root', name: 'x', description: '\udfff', doctype: 'form' }, 'description: description must be valid Unicode text'],
    ];
    for (const [body, detail] of cases) {
      const res = await team.admin.api.post('documentation/documents', body);
      expect(res.status, detail).toBe(422);
      expect(res.body.detail).toContain(detail);
    }
    // Far deeper than the call stack (written as text: building it as an object would overflow here).
    const deep = `{"folder_id":"root","name":"x","doctype":"form","contents":{"questions":{"q":{"v":${'['.repeat(50_000)}${']'.repeat(50_000)}}},"question_index":["q"]}}`;
    const deepRes = await team.admin.api.request('POST', 'documentation/documents', { body: deep, headers: { 'content-type': 'application/json' } });
    expect(deepRes.status).toBe(422);
    expect(deepRes.body.detail).toBe('contents: must not nest deeper than 64 levels');

    const doc = await makeDocument(team.admin, 'root', 'form', 'Emoji 📋', withValue(['✅ 👍🏽', nested(40)]));
    expect(doc.name).toBe('Emoji 📋');
    expect(doc.contents.questions.q.value[0]).toBe('✅ 👍🏽');
    const deepDraft = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, draft_contents: withValue(nested(100)) });
    expect(deepDraft.status).toBe(422);
    expect(deepDraft.body.detail).toBe('draft_contents: must not nest deeper than 64 levels');
    const badLog = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, contents: withValue(1), changelog: '\ud800' });
    expect(badLog.status).toBe(422);
  });

  it('needs Write and Create Documents on the folder; 404 for a folder the caller cannot see', async () => {
    const res = await team.member.api.post('documentation/documents', { folder_id: 'root', name: 'x', doctype: 'form' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("You need 'Write' and 'Create Documents' permission on this folder to add a document to it");
    const missing = await team.admin.api.post('documentation/documents', { folder_id: missingId(), name: 'x', doctype: 'form' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ detail: 'Folder not found' });
  });
});

describe('GET documentation/documents/{id} and …/version/{n}', () => {
  it('answers the latest version and each older one as it was', async () => {
    const doc = await makeDocument(team.admin, 'root', 'form', 'Checks', form(['a']));
    const published = await team.admin.api.put(`documentation/documents/${doc.id}`, {
      version: 1,
      name: 'Checks v2',
      description: 'second',
      doctype: 'form',
      contents: form(['a', 'b']),
      changelog: 'added b',
    });
    expect(published.status).toBe(200);

    const latest = await team.member.api.get(`documentation/documents/${doc.id}`);
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({
      name: 'Checks v2',
      description: 'second',
      version: 2,
      latest_version: 2,
      changelog: 'added b',
      contents: form(['a', 'b']),
      user_permissions: Permission.Read,
    });
    const first = await team.member.api.get(`documentation/documents/${doc.id}/version/1`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: doc.id,
      document_id: doc.id,
      name: 'Checks',
      description: doc.description,
      version: 1,
      latest_version: 2,
      changelog: '',
      contents: form(['a']),
      draft_contents: null,
      draft_user_id: null,
    });
    expect((await team.member.api.get(`documentation/documents/${doc.id}/version/2`)).body).toEqual(latest.body);
  });

  it('answers 404 for a missing document or version', async () => {
    const doc = await makeDocument(team.admin);
    for (const path of [`${missingId()}`, 'nope', `${doc.id}/version/3`, `${doc.id}/version/0`, `${doc.id}/version/x`, `${doc.id}/version/-1`, `${doc.id}/version/99999999999999`]) {
      const res = await team.admin.api.get(`documentation/documents/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.detail, path).toMatch(/^(Document|Version) not found$/);
    }
  });
});

describe('PUT documentation/documents/{id}', () => {
  it('publishes a new immutable version and clears the draft', async () => {
    const doc = await makeDocument(team.admin);
    await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, draft_contents: form(['draft']) });
    // The whole document sent back, as the editor does.
    const whole = (await team.admin.api.get(`documentation/documents/${doc.id}`)).body;
    const res = await team.admin.api.put(`documentation/documents/${doc.id}`, { ...whole, contents: form(['x']), changelog: 'first edit' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: 2, contents: form(['x']), draft_contents: null, draft_user_id: null, changelog: 'first edit' });
    const v1 = await team.admin.api.get(`documentation/documents/${doc.id}/version/1`);
    expect(v1.body.contents).toEqual({ questions: {}, question_index: [] });
    const [event] = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, 'DocumentUpdated'), eq(activityEvents.documentId, doc.id)));
    expect(event!.context).toMatchObject({ name: doc.name, previous_name: doc.name, version: 2, changelog: 'first edit' });
  });

  it('saves and discards a draft without a new version', async () => {
    const doc = await makeDocument(team.admin);
    const saved = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, draft_contents: form(['d']) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, draft_contents: form(['d']), draft_user_id: team.admin.id, contents: doc.contents });
    const again = await team.admin.api.get(`documentation/documents/${doc.id}`);
    expect(again.body.draft_contents).toEqual(form(['d']));
    const discarded = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, draft_contents: null, draft_user_id: null });
    expect(discarded.status).toBe(200);
    expect(discarded.body).toMatchObject({ version: 1, draft_contents: null, draft_user_id: null });
    const history = await team.admin.api.get(`documentation/documents/${doc.id}/history`);
    expect(history.body.total).toBe(1);
  });

  it('publishes a new name or description as a new version of the same contents, keeping the draft', async () => {
    const doc = await makeDocument(team.admin, 'root', 'form', 'Before', form(['k']));
    await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, draft_contents: form(['k', 'l']) });
    const res = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, name: 'After' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'After', version: 2, contents: form(['k']), draft_contents: form(['k', 'l']) });
    const contents = await team.admin.api.get('documentation/folders/root/contents?limit=1000');
    expect(contents.body.results.find((r: { id: string }) => r.id === doc.id)).toMatchObject({ name: 'After', version: 2 });
  });

  it('answers 409 for a stale version and changes nothing', async () => {
    const doc = await makeDocument(team.admin);
    expect((await team.admin.api.put(`documentation/documents/${doc.id}`, { version: 1, contents: form(['a']) })).status).toBe(200);
    for (const body of [
      { version: 1, contents: form(['b']) },
      { version: 1, draft_contents: form(['b']) },
      { version: 1, draft_contents: null },
      { version: 3, name: 'later' },
    ]) {
      const res = await team.admin.api.put(`documentation/documents/${doc.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.detail).toContain('changed by someone else');
    }
    const now = await team.admin.api.get(`documentation/documents/${doc.id}`);
    expect(now.body).toMatchObject({ version: 2, contents: form(['a']), draft_contents: null, name: doc.name });
  });

  it('refuses bad bodies: 422 for shapes, 400 for another doctype', async () => {
    const doc = await makeDocument(team.admin);
    const cases: [unknown, number, string][] = [
      [{ contents: form([]) }, 422, 'version: Field required'],
      [{ version: 'one', contents: form([]) }, 422, 'version'],
      [{ version: 1 }, 422, 'contents: give contents to publish'],
      [{ version: 1, contents: null }, 422, 'contents'],
      [{ version: 1, contents: { pages: {}, page_index: [] } }, 422, 'contents'],
      [{ version: 1, draft_contents: { questions: 1, question_index: [] } }, 422, 'draft_contents.questions'],
      [{ version: 1, name: '', contents: form([]) }, 422, 'Name is required'],
      [{ version: 1, changelog: 5, contents: form([]) }, 422, 'changelog'],
      [{ version: 1, doctype: 'memo', contents: form([]) }, 422, 'doctype'],
      [{ version: 1, doctype: 'sheet', contents: form([]) }, 400, 'The doctype of a document cannot be changed (this one is a form)'],
      ['text', 422, ''],
    ];
    for (const [body, status, detail] of cases) {
      const res = await team.admin.api.put(`documentation/documents/${doc.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail, JSON.stringify(body)).toContain(detail);
    }
    expect((await team.admin.api.get(`documentation/documents/${doc.id}`)).body.version).toBe(1);
  });

  it('needs Write; a role granted Read sees the document read-only', async () => {
    const folder = await makeFolder(team.admin);
    await setAcl(team.admin, 'folders', folder.id, [{ subject: team.org.id, is_grant: false, permissions: Permission.Read }, grant(team.role.id, Permission.Read)]);
    const doc = await makeDocument(team.admin, folder.id);
    const seen = await team.roleMember.api.get(`documentation/documents/${doc.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.user_permissions).toBe(Permission.Read);
    const res = await team.roleMember.api.put(`documentation/documents/${doc.id}`, { version: 1, contents: form(['x']) });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("You need 'Write' permission to edit this document");
    expect((await team.member.api.get(`documentation/documents/${doc.id}`)).status).toBe(404);

    await setAcl(team.admin, 'documents', doc.id, [grant(team.role.id, Permission.Write)]);
    const edited = await team.roleMember.api.put(`documentation/documents/${doc.id}`, { version: 1, contents: form(['x']) });
    expect(edited.status).toBe(200);
    expect(edited.body.user_permissions).toBe(Permission.Read | Permission.Write);
  });
});

describe('DELETE documentation/documents/{id}', () => {
  it('moves the document to the trash (204) and needs Delete', async () => {
    const doc = await makeDocument(team.admin);
    const refused = await team.member.api.delete(`documentation/documents/${doc.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("You need 'Delete' permission to delete this document");
    expect((await team.admin.api.delete(`documentation/documents/${doc.id}`)).status).toBe(204);
    expect((await team.admin.api.get(`documentation/documents/${doc.id}`)).status).toBe(404);
    expect((await team.admin.api.delete(`documentation/documents/${doc.id}`)).status).toBe(404);
    const [event] = await server.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, 'DocumentDeleted'), eq(activityEvents.documentId, doc.id)));
    expect(event!.context).toMatchObject({ name: doc.name, folder_name: team.org.name });
  });
});

describe('GET documentation/documents/{id}/history', () => {
  it('lists versions newest first with skip and limit', async () => {
    const doc = await makeDocument(team.admin);
    for (let v = 1; v <= 4; v++) {
      const res = await team.admin.api.put(`documentation/documents/${doc.id}`, { version: v, contents: form([`q${v}`]), changelog: `change ${v}` });
      expect(res.status).toBe(200);
    }
    const all = await team.member.api.get(`documentation/documents/${doc.id}/history`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    expect(all.body.results.map((r: { version: number }) => r.version)).toEqual([5, 4, 3, 2, 1]);
    expect(all.body.results[0]).toEqual({
      version: 5,
      created_at: expect.any(String),
      created_by_username: team.admin.username,
      changelog: 'change 4',
      document_id: doc.id,
    });
    const page = await team.member.api.get(`documentation/documents/${doc.id}/history?skip=1&limit=2`);
    expect(page.body.results.map((r: { version: number }) => r.version)).toEqual([4, 3]);
    expect(page.body.total).toBe(5);
    for (const query of ['skip=-1', 'limit=0', 'limit=5000', 'limit=x']) {
      expect((await team.member.api.get(`documentation/documents/${doc.id}/history?${query}`)).status, query).toBe(422);
    }
    expect((await team.member.api.get(`documentation/documents/${missingId()}/history`)).status).toBe(404);
  });
});
