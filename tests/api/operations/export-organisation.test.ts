/**
 * GET settings/export.zip (issue #47, GDPR Art. 20): an org admin downloads the organisation's data as one
 * ZIP. The answer is opened with a zip reader (yauzl) and every part is checked against what the API says:
 * README.txt, organisation.json, users.json (members, e-mail addresses, roles), roles.json, folders.json,
 * each document with every version, a checklist's submissions as JSON and as THE results page's CSV (parsed
 * back), a submission's photo byte for byte from the storage driver, and activity.json — and nothing of
 * another organisation is anywhere in it. A plain member gets 403, so does an admin's API token; the export
 * is in the activity log.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import * as paths from '../../../src/shared/api/paths.ts';
import { makeApiToken } from '../api-tokens/support.ts';
import {
  createRole,
  createUserDirectly,
  fileBytes,
  makeChecklist,
  makeFolder,
  makeShareLink,
  orgWithAdmin,
  question,
  type TestOrg,
  type TestUser,
} from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { postUpload, signOne } from '../support/uploads.ts';
import { download as downloadFrom, jsonOf, text, unzip, type Download } from './export-zip.ts';

const server = useTestServer();
const download = (token: string) => downloadFrom(server, token);

let ours: { admin: TestUser; member: TestUser; org: TestOrg; role: { id: string; name: string } };
let checklist: { id: string; name: string };
let folder: { id: string; name: string };
let photo: { id: string; bytes: Uint8Array<ArrayBuffer> };
let theirs: { admin: TestUser; org: TestOrg; checklistId: string; secret: string };
let entries: Map<string, Buffer>;
let answer: Download;

beforeAll(async () => {
  const { admin, org } = await orgWithAdmin(server);
  const role = await createRole(server, admin, 'Inspectors');
  const member = await createUserDirectly(server, admin, { roles: [role.id] });
  ours = { admin, member, org, role };
  folder = await makeFolder(admin, 'root', 'Plant 1');
  const questions = {
    q_tag: question('text', { title: 'Asset tag', required: false }),
    q_temp: question('decimal', { title: 'Temperature', required: false }),
    q_photo: question('text', { title: 'Door', required: false, photoVerification: true }),
  };
  checklist = await makeChecklist(admin, questions, folder.id, 'Boiler check');
  const edited = await admin.api.put(paths.documentation.document(checklist.id), {
    version: 1,
    contents: { questions: { ...questions, q_temp: { ...questions.q_temp, title: 'Temperature (°C)' } }, question_index: ['q_tag', 'q_temp', 'q_photo'] },
  });
  expect(edited.status, edited.text).toBe(200);
  photo = { id: '', bytes: fileBytes('image/png', 300) };
  const signed = await signOne(member, checklist.id, { filename: 'door.png', file_size: 300, content_type: 'image/png' });
  expect((await postUpload(server, signed, photo.bytes)).status).toBe(204);
  photo.id = signed.upload_id;
  const first = await member.api.post(paths.documentation.data(checklist.id), { record: { q_tag: { value: '=B-7, "north"' }, q_temp: { value: 81.5 }, q_photo: { value: 'Shut', media: [photo.id] } } });
  expect(first.status, first.text).toBe(201);
  const link = await makeShareLink(admin, checklist.id, 'Kiosk');
  const kiosk = { api: server.client(link.token) } as TestUser;
  const kioskPhoto = await signOne(kiosk, checklist.id, { filename: 'kiosk.jpg', file_size: 200, content_type: 'image/jpeg' });
  expect((await postUpload(server, kioskPhoto, fileBytes('image/jpeg', 200))).status).toBe(204);
  const viaLink = await kiosk.api.post(paths.documentation.data(checklist.id), {
    record: { q_tag: { value: 'B-8' }, q_temp: { value: 79 }, q_photo: { value: 'Open', media: [kioskPhoto.upload_id] } },
  });
  expect(viaLink.status, viaLink.text).toBe(201);

  const other = await orgWithAdmin(server);
  const secret = 'Other organisation secret checklist';
  const theirChecklist = await makeChecklist(other.admin, { o_q: question('text', { title: 'Their question', required: false }) }, 'root', secret);
  expect((await other.admin.api.post(paths.documentation.data(theirChecklist.id), { record: { o_q: { value: 'their answer' } } })).status).toBe(201);
  theirs = { admin: other.admin, org: other.org, checklistId: theirChecklist.id, secret };

  answer = await download(admin.token);
  expect(answer.status, answer.bytes.toString('utf8').slice(0, 300)).toBe(200);
  entries = await unzip(answer.bytes);
});

describe('GET settings/export.zip', () => {
  it('answers a ZIP download named after the organisation, never cached', () => {
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.zip"/);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(answer.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('holds a README that names every file kind, and the organisation', () => {
    const readme = text(entries, 'README.txt');
    for (const name of ['organisation.json', 'users.json', 'roles.json', 'folders.json', 'document.json', 'versions.json', 'submissions.json', 'submissions.csv', 'files.json', 'files/', 'activity.json']) {
      expect(readme).toContain(name);
    }
    expect(readme).toContain(ours.org.name);
    const org = jsonOf(entries, 'organisation.json');
    expect(org).toMatchObject({ id: ours.org.id, name: ours.org.name, exported_by: { id: ours.admin.id, username: ours.admin.username } });
  });

  it('holds the members with their e-mail addresses and roles, and the roles', () => {
    const users = jsonOf(entries, 'users.json') as { id: string; email: string; is_org_admin: boolean; roles: { id: string }[] }[];
    expect(users.map((u) => u.id).sort()).toEqual([ours.admin.id, ours.member.id].sort());
    expect(users.find((u) => u.id === ours.admin.id)).toMatchObject({ email: ours.admin.email, is_org_admin: true });
    expect(users.find((u) => u.id === ours.member.id)).toMatchObject({ email: ours.member.email, is_org_admin: false, roles: [{ id: ours.role.id, name: 'Inspectors' }] });
    expect(jsonOf(entries, 'roles.json')).toEqual([expect.objectContaining({ id: ours.role.id, name: 'Inspectors' })]);
  });

  it('holds every folder and every document with every published version', async () => {
    const folders = jsonOf(entries, 'folders.json') as { id: string; name: string; parent_id: string | null }[];
    expect(folders.find((f) => f.id === folder.id)).toMatchObject({ name: 'Plant 1' });
    expect(folders.filter((f) => f.parent_id === null)).toHaveLength(1);
    const dir = `documents/${checklist.id}/`;
    const doc = jsonOf(entries, `${dir}document.json`);
    const now = (await ours.admin.api.get(paths.documentation.document(checklist.id))).body;
    expect(doc).toMatchObject({ id: checklist.id, folder_id: folder.id, name: 'Boiler check', doctype: 'form', version: now.version });
    const versions = jsonOf(entries, `${dir}versions.json`) as { version: number; contents: { questions: Record<string, { title: string }> } }[];
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: now.version }, (_, i) => i + 1));
    expect(versions.at(-1)!.contents.questions.q_temp!.title).toBe('Temperature (°C)');
  });

  it("holds a checklist's submissions as JSON and as the results page's CSV", () => {
    const dir = `documents/${checklist.id}/`;
    const submissions = jsonOf(entries, `${dir}submissions.json`) as { created_by: string | null; created_by_username: string; record: Record<string, { value: unknown }> }[];
    expect(submissions).toHaveLength(2);
    expect(submissions[0]).toMatchObject({ created_by: ours.member.id, created_by_username: ours.member.username, record: { q_temp: { value: 81.5 } } });
    expect(submissions[1]).toMatchObject({ created_by: null, created_by_username: 'share: Kiosk' });
    const csv = parse(text(entries, `${dir}submissions.csv`), { bom: true }) as string[][];
    expect(csv[0]).toEqual(['Datetime', 'Submitted By', 'Status', 'Asset tag', 'Temperature (°C)', 'Door']);
    expect(csv.slice(1).map((r) => r.slice(1))).toEqual([
      [ours.member.username, 'Valid', `'=B-7, "north"`, '81.5', 'Shut'],
      ['share: Kiosk', 'Valid', 'B-8', '79', 'Open'],
    ]);
  });

  it("holds the documents' files from the storage, byte for byte, listed in files.json", () => {
    const dir = `documents/${checklist.id}/`;
    const files = jsonOf(entries, `${dir}files.json`) as { id: string; filename: string; path: string }[];
    expect(files).toHaveLength(2);
    const door = files.find((f) => f.id === photo.id);
    expect(door).toMatchObject({ filename: 'door.png', content_type: 'image/png', size: 300, path: `${dir}files/${photo.id}-door.png` });
    expect(new Uint8Array(entries.get(door!.path)!)).toEqual(photo.bytes);
  });

  it('holds the activity log, this export included', () => {
    const events = jsonOf(entries, 'activity.json') as { type: string; document_id: string | null; actor_id: string | null }[];
    const types = events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['FolderCreated', 'DocumentCreated', 'DataSubmitted', 'RoleCreated', 'OrganisationExported']));
    expect(events.filter((e) => e.type === 'DataSubmitted' && e.document_id === checklist.id)).toHaveLength(2);
  });

  it("holds nothing of another organisation's", () => {
    const everything = [...entries.entries()].map(([name, bytes]) => `${name}\n${bytes.toString('utf8')}`).join('\n');
    for (const foreign of [theirs.org.id, theirs.org.name, theirs.admin.id, theirs.admin.email, theirs.admin.username, theirs.checklistId, theirs.secret, 'their answer']) {
      expect(everything).not.toContain(foreign);
    }
    expect([...entries.keys()].filter((name) => name.startsWith('documents/')).every((name) => !name.includes(theirs.checklistId))).toBe(true);
  });

  it('is recorded in the activity log', async () => {
    const log = await ours.admin.api.get(`${paths.activity}?limit=50`);
    expect(log.status).toBe(200);
    expect(log.body.results).toEqual(expect.arrayContaining([expect.objectContaining({ activity_type: 'OrganisationExported', username: ours.admin.username })]));
  });

  it('refuses a plain member (403) and an API token, even an admin’s (403)', async () => {
    const member = await download(ours.member.token);
    expect(member.status).toBe(403);
    const token = await makeApiToken(server, ours.admin, ours.org.id, { scope: 'read-write' });
    const byToken = await download(token.token);
    expect(byToken.status).toBe(403);
    expect(JSON.parse(byToken.bytes.toString('utf8')).detail).toBe("An API token cannot export the organisation's data");
  });
});
