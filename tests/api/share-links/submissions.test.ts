/**
 * Submissions through a share link (issue #29): the same validation, Idempotency-Key (per link),
 * DataSubmitted event, notifications and corrective actions as any submission; the row has no user
 * (created_by null, share_link_id set) and its author reads `share: {name}` wherever rows are shown —
 * the submitted answer, the checklist's data, one row, a result sheet's rows and its CSV, the row's PDF,
 * the activity log, the notifications (panel and e-mail) and the corrective actions.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, assignments, checklistSubmissions, uploads } from '../../../src/server/db/schema.ts';
import { mailDueNotifications } from '../../../src/server/services/notifications/email.ts';
import { defaultValidation } from '../../../src/shared/checklists/index.ts';
import { fileBytes, makeChecklist, makeDocument, makeShareLink, makeTeam, question, type Team, uploadFile } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiClient, Json } from '../support/http.ts';
import { postUpload, type SignedUpload } from '../support/uploads.ts';
import { shareClient, shareSubmit } from './support.ts';

const server = useTestServer({ env: { NOTIFICATION_MAIL_WINDOW_MS: '1000' } });
let team: Team;
let checklist: { id: string; name: string };
let link: { id: string; name: string; token: string };
let client: ApiClient;

const AUTHOR = 'share: Front door';

beforeAll(async () => {
  team = await makeTeam(server);
  checklist = await makeChecklist(
    team.admin,
    {
      locked: question('pass/fail', { title: 'Door locked', validation: { ...defaultValidation('pass/fail'), roles: [team.role.id] } }),
      note: question('text', { required: false }),
    },
    'root',
    'Closing checks',
  );
  link = await makeShareLink(team.admin, checklist.id, 'Front door');
  client = shareClient(server, link.token);
  // The member follows the checklist, with e-mail.
  const followed = await team.member.api.post(`documentation/documents/${checklist.id}/subscription`, { email_notifications: true });
  expect(followed.status, followed.text).toBe(200);
});

async function sharedRow(record: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Json> {
  const res = await shareSubmit(client, checklist.id, record, headers);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('POST documentation/documents/{id}/data with a share token', () => {
  it('stores the row without a user, with its link, and answers its author as share: {name}', async () => {
    const row = await sharedRow({ locked: { value: 'pass' }, note: { value: 'All good' } });
    expect(row).toMatchObject({ document_id: checklist.id, version: 1, created_by_username: AUTHOR, validation_errors: 0 });
    const [stored] = await server.db.select().from(checklistSubmissions).where(eq(checklistSubmissions.id, row.id));
    expect(stored).toMatchObject({ createdBy: null, shareLinkId: link.id, orgId: team.org.id });
  });

  it('validates as any submission: 422 naming the field', async () => {
    const res = await shareSubmit(client, checklist.id, { locked: { value: 'maybe' }, stray: { value: 1 } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['record.locked.value', 'record.stray']);
  });

  it('the same Idempotency-Key twice stores one row; another link with the same key stores its own', async () => {
    const key = 'share-key-1';
    const before = (await server.db.select().from(checklistSubmissions).where(eq(checklistSubmissions.shareLinkId, link.id))).length;
    const first = await shareSubmit(client, checklist.id, { locked: { value: 'pass' } }, { 'idempotency-key': key });
    const again = await shareSubmit(client, checklist.id, { locked: { value: 'pass' } }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const changed = await shareSubmit(client, checklist.id, { locked: { value: 'fail' } }, { 'idempotency-key': key });
    expect(changed.status).toBe(422);
    expect((await server.db.select().from(checklistSubmissions).where(eq(checklistSubmissions.shareLinkId, link.id))).length).toBe(before + 1);

    const other = await makeShareLink(team.admin, checklist.id, 'Back door');
    const theirs = await shareSubmit(shareClient(server, other.token), checklist.id, { locked: { value: 'pass' } }, { 'idempotency-key': key });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.created_by_username).toBe('share: Back door');
    const rows = await server.db.select().from(checklistSubmissions).where(inArray(checklistSubmissions.id, [first.body.id, theirs.body.id]));
    expect(rows.map((r) => r.shareLinkId).sort()).toEqual([link.id, other.id].sort());
  });

  it("takes a photo the link signed and uploaded, not a member's", async () => {
    const photographed = await makeChecklist(team.admin, { photo: question('true/false', { photoVerification: true }) });
    const photoLink = await makeShareLink(team.admin, photographed.id, 'Camera');
    const camera = shareClient(server, photoLink.token);
    const signed = await camera.post(`documentation/documents/${photographed.id}/sign-content-upload`, [{ filename: 'door.png', file_size: 256, content_type: 'image/png' }]);
    expect(signed.status, signed.text).toBe(201);
    const upload = signed.body[0] as SignedUpload;
    expect((await postUpload(server, upload, fileBytes('image/png', 256))).status).toBe(204);
    const [row] = await server.db.select().from(uploads).where(eq(uploads.id, upload.upload_id));
    expect(row).toMatchObject({ orgId: team.org.id, documentId: photographed.id, createdBy: null });
    const ok = await shareSubmit(camera, photographed.id, { photo: { value: true, media: [upload.upload_id] } });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.record.photo.media).toEqual([upload.upload_id]);

    const members = await uploadFile(server, team.member, photographed.id);
    const refused = await shareSubmit(camera, photographed.id, { photo: { value: true, media: [members] } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([{ field: 'record.photo.media.0', message: 'is not a completed upload of yours for this checklist' }]);
  });

  it("media-urls: the questions' pictures and the photos of share links, never a member's photo", async () => {
    const picture = await makeChecklist(team.admin, {});
    const pictureId = await uploadFile(server, team.admin, picture.id);
    const shown = await makeChecklist(team.admin, { q: question('true/false', { required: false }) });
    const questionPicture = await uploadFile(server, team.admin, shown.id);
    const current = (await team.admin.api.get(`documentation/documents/${shown.id}`)).body;
    const contents = { ...current.contents, questions: { q: { ...current.contents.questions.q, media: questionPicture } } };
    expect((await team.admin.api.put(`documentation/documents/${shown.id}`, { version: current.version, contents })).status).toBe(200);
    const reader = shareClient(server, (await makeShareLink(team.admin, shown.id)).token);
    const signed = await reader.post(`documentation/documents/${shown.id}/sign-content-upload`, [{ filename: 'p.png', file_size: 256, content_type: 'image/png' }]);
    expect((await postUpload(server, signed.body[0] as SignedUpload, fileBytes('image/png', 256))).status).toBe(204);
    const linkPhoto = signed.body[0].upload_id as string;
    const memberPhoto = await uploadFile(server, team.member, shown.id);
    const res = await reader.get(
      `documentation/documents/${shown.id}/media-urls?upload_id=${questionPicture}&upload_id=${linkPhoto}&upload_id=${memberPhoto}&upload_id=${pictureId}`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((m: { upload_id: string }) => m.upload_id).sort()).toEqual([questionPicture, linkPhoto].sort());
    // A member with Read gets every file of the checklist.
    const member = await team.member.api.get(`documentation/documents/${shown.id}/media-urls?upload_id=${memberPhoto}&upload_id=${linkPhoto}`);
    expect(member.body.total).toBe(2);
  });
});

describe('a shared row wherever rows are shown', () => {
  let rowId: string;

  beforeAll(async () => {
    rowId = (await sharedRow({ locked: { value: 'fail' }, note: { value: 'Left open' } })).id;
  });

  it("in the checklist's data and as one row", async () => {
    const data = await team.admin.api.get(`documentation/documents/${checklist.id}/data`);
    expect(data.body.results.find((r: Json) => r.id === rowId)).toMatchObject({ created_by_username: AUTHOR });
    const one = await team.admin.api.get(`documentation/documents/documentdata/${rowId}`);
    expect(one.body).toMatchObject({ id: rowId, created_by_username: AUTHOR });
    const pdf = await fetch(team.admin.api.url(`documentation/documents/documentdata/${rowId}/export.pdf`), {
      headers: { authorization: `Bearer ${team.admin.token}` },
    });
    expect(pdf.status).toBe(200);
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(await pdf.arrayBuffer()), useSystemFonts: false, isEvalSupported: false }).promise;
    const content = await (await doc.getPage(1)).getTextContent();
    expect(content.items.map((item) => ('str' in item ? item.str : '')).join(' ')).toContain(`Submitted By: ${AUTHOR}`);
  });

  it("in a result sheet's rows and its CSV", async () => {
    const stored = (await team.admin.api.get(`documentation/documents/${checklist.id}`)).body.contents;
    const questions = Object.fromEntries(Object.entries(stored.questions as Record<string, Json>).map(([id, q]) => [id, { ...q, form_id: checklist.id }]));
    const sheet = await makeDocument(team.admin, 'root', 'sheet', 'Door sheet', {
      questions,
      question_index: stored.question_index,
      form_links: { locked: null },
      form_ids: [checklist.id],
    });
    const rows = await team.admin.api.get(`documentation/documents/${sheet.id}/sheet-data`);
    expect(rows.status, rows.text).toBe(200);
    const shown = rows.body.results.find((r: Json) => r.submissions[checklist.id] === rowId);
    expect(shown).toMatchObject({ created_by_username: AUTHOR });
    const csv = await team.admin.api.get(`documentation/documents/${sheet.id}/export.csv`);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(AUTHOR);
  });

  it('in the activity log: DataSubmitted without an actor, said by the link', async () => {
    const [event] = await server.db.select().from(activityEvents).where(eq(activityEvents.type, 'DataSubmitted')).then((all) => all.filter((e) => e.context.submission_id === rowId));
    expect(event).toMatchObject({ actorId: null, context: { share_link_id: link.id, share_link_name: 'Front door' } });
    const log = await team.admin.api.get('activity');
    expect(log.body.results.find((e: Json) => e.id === event!.id)).toMatchObject({ username: AUTHOR, actor: null, activity_type: 'DataSubmitted' });
  });

  it("in the follower's notifications and their e-mail", async () => {
    const panel = await team.member.api.get('documentation/notifications');
    const told = panel.body.results.find((n: Json) => n.context_data.submission_id === rowId);
    expect(told).toMatchObject({ activity_type: 'DataSubmitted', username: AUTHOR });
    server.clock.advance(5000);
    await mailDueNotifications({ db: server.db, config: server.config, mail: server.deps.mail, now: server.deps.now });
    const mail = await server.outbox.last(team.member.email);
    expect(mail.text).toContain(`${AUTHOR} submitted the checklist Closing checks with 1 validation error`);
  });

  it('raises the corrective action, assigned by the link', async () => {
    const [raised] = await server.db.select().from(assignments).where(eq(assignments.submissionId, rowId));
    expect(raised).toMatchObject({ kind: 'correction', assignedToType: 'role', assignedToId: team.role.id, assignedBy: null });
    const listed = (await team.roleMember.api.get('workflow/assignments')).body.results.find((a: Json) => a.submission_id === rowId);
    expect(listed).toMatchObject({ assigned_by_username: AUTHOR, failing_answers: [{ question_id: 'locked', title: 'Door locked', value: 'fail' }] });
  });
});
