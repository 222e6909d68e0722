/**
 * Every answer that lists an item carries the CALLER's own subscription options for it (issue #12), as
 * folder contents do: the answers of move, copy and restore-from-trash, and the trash list. A copy is a
 * new item: nobody's subscription comes with it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeDocument, makeFolder, makeTeam, type Team, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

const DEFAULTS = { validation_errors_only: false, email_notifications: false };

async function subscribe(user: TestUser, kind: 'folders' | 'documents', id: string, options: object): Promise<void> {
  const res = await user.api.post(`documentation/${kind}/${id}/subscription`, options);
  expect(res.status, res.text).toBe(200);
}

describe("the caller's subscription options in answers that list an item", () => {
  it('move answers the moved folder and document with the options the caller chose', async () => {
    const from = await makeFolder(team.admin, 'root', 'Move from');
    const to = await makeFolder(team.admin, 'root', 'Move to');
    const folder = await makeFolder(team.admin, from.id, 'Moved folder');
    const doc = await makeDocument(team.admin, from.id, 'form', 'Moved doc');
    await subscribe(team.admin, 'folders', folder.id, { validation_errors_only: true, email_notifications: true });
    await subscribe(team.admin, 'documents', doc.id, { email_notifications: true });
    // Someone else's subscription is not the caller's.
    await subscribe(team.member, 'documents', doc.id, { validation_errors_only: true });

    const movedFolder = await team.admin.api.post(`documentation/folders/${to.id}/move`, { folder_id: folder.id });
    expect(movedFolder.status, movedFolder.text).toBe(200);
    expect(movedFolder.body.subscription_options).toEqual({ validation_errors_only: true, email_notifications: true });
    const movedDoc = await team.admin.api.post(`documentation/folders/${to.id}/move`, { document_id: doc.id });
    expect(movedDoc.status, movedDoc.text).toBe(200);
    expect(movedDoc.body.subscription_options).toEqual({ validation_errors_only: false, email_notifications: true });

    // The same as the destination's contents say.
    const contents = await team.admin.api.get(`documentation/folders/${to.id}/contents`);
    expect(contents.status, contents.text).toBe(200);
    const listed = (contents.body.results as { id: string; subscription_options: unknown }[]).map((r) => [r.id, r.subscription_options]);
    expect(Object.fromEntries(listed)).toEqual({ [folder.id]: movedFolder.body.subscription_options, [doc.id]: movedDoc.body.subscription_options });
  });

  it('copy answers a new item: no subscription comes with it', async () => {
    const to = await makeFolder(team.admin, 'root', 'Copy to');
    const doc = await makeDocument(team.admin, 'root', 'form', 'Copied doc');
    const folder = await makeFolder(team.admin, 'root', 'Copied folder');
    await subscribe(team.admin, 'documents', doc.id, { email_notifications: true });
    await subscribe(team.admin, 'folders', folder.id, { email_notifications: true });
    const copiedDoc = await team.admin.api.post(`documentation/folders/${to.id}/copy`, { document_id: doc.id });
    expect(copiedDoc.status, copiedDoc.text).toBe(201);
    expect(copiedDoc.body.subscription_options).toEqual(DEFAULTS);
    const copiedFolder = await team.admin.api.post(`documentation/folders/${to.id}/copy`, { folder_id: folder.id });
    expect(copiedFolder.status, copiedFolder.text).toBe(201);
    expect(copiedFolder.body.subscription_options).toEqual(DEFAULTS);
  });

  it('the trash list and restore-from-trash answer the options the caller chose', async () => {
    const parent = await makeFolder(team.admin, 'root', 'Trash parent');
    const folder = await makeFolder(team.admin, parent.id, 'Trashed folder');
    const doc = await makeDocument(team.admin, parent.id, 'form', 'Trashed doc');
    await subscribe(team.admin, 'folders', folder.id, { validation_errors_only: true });
    await subscribe(team.admin, 'documents', doc.id, { validation_errors_only: true, email_notifications: true });
    expect((await team.admin.api.delete(`documentation/folders/${folder.id}`)).status).toBe(204);
    expect((await team.admin.api.delete(`documentation/documents/${doc.id}`)).status).toBe(204);

    const trash = await team.admin.api.get(`documentation/trash/${parent.id}`);
    expect(trash.status, trash.text).toBe(200);
    const inTrash = Object.fromEntries((trash.body.results as { id: string; subscription_options: unknown }[]).map((r) => [r.id, r.subscription_options]));
    expect(inTrash).toEqual({
      [folder.id]: { validation_errors_only: true, email_notifications: false },
      [doc.id]: { validation_errors_only: true, email_notifications: true },
    });

    const restoredFolder = await team.admin.api.post(`documentation/folders/${folder.id}/restore-from-trash`);
    expect(restoredFolder.status, restoredFolder.text).toBe(200);
    expect(restoredFolder.body.subscription_options).toEqual({ validation_errors_only: true, email_notifications: false });
    const restoredDoc = await team.admin.api.post(`documentation/documents/${doc.id}/restore-from-trash`);
    expect(restoredDoc.status, restoredDoc.text).toBe(200);
    expect(restoredDoc.body.subscription_options).toEqual({ validation_errors_only: true, email_notifications: true });
  });
});
