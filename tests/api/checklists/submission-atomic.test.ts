/**
 * A checklist submission, its DataSubmitted event and its subscribers' notifications are written
 * together or not at all (issue #12 with issue #4's hot path: a submission without photos or corrective
 * actions). The test makes the notifications' insert fail with a trigger of its own on this file's
 * database and shows nothing of the submission is left; a retry with the same Idempotency-Key then
 * stores the row once WITH its notifications.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, checklistSubmissions, notifications } from '../../../src/server/db/schema.ts';
import { makeChecklist, makeFolder, makeTeam, question, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { submit } from './support.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

/** Refuses every notification for `userId` (only this file's database has it). */
async function refuseNotificationsFor(userId: string): Promise<void> {
  await server.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_notification() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'notification refused by the test'; END $$`),
  );
  await server.db.execute(
    sql.raw(`CREATE TRIGGER test_refuse_notification BEFORE INSERT ON notifications FOR EACH ROW
      WHEN (NEW.user_id = '${userId}'::uuid) EXECUTE FUNCTION test_refuse_notification()`),
  );
}

afterEach(async () => {
  await server.db.execute(sql.raw('DROP TRIGGER IF EXISTS test_refuse_notification ON notifications'));
});

const storedRows = (documentId: string) => server.db.select().from(checklistSubmissions).where(eq(checklistSubmissions.documentId, documentId));
const submittedEvents = (documentId: string) =>
  server.db
    .select()
    .from(activityEvents)
    .where(and(eq(activityEvents.documentId, documentId), eq(activityEvents.type, 'DataSubmitted')));
const notificationsOf = (userId: string) => server.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('a submission and its notifications in one transaction', () => {
  it('when its notifications cannot be written, the submission and its event are not stored either; a retry stores all', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Kiosk');
    const checklist = await makeChecklist(team.admin, { ok: question('true/false') }, folder.id, 'Daily round');
    expect((await team.admin.api.post(`documentation/folders/${folder.id}/subscription`, {})).status).toBe(200);
    const before = (await notificationsOf(team.admin.id)).length;

    await refuseNotificationsFor(team.admin.id);
    const failed = await submit(team.member, checklist.id, { ok: { value: true } }, { 'Idempotency-Key': 'kiosk-1' });
    expect(failed.status).not.toBe(201);
    expect(await storedRows(checklist.id)).toEqual([]);
    expect(await submittedEvents(checklist.id)).toEqual([]);
    expect((await notificationsOf(team.admin.id)).length).toBe(before);

    // The kiosk retries with the same key: stored now, once, and its subscriber hears of it.
    await server.db.execute(sql.raw('DROP TRIGGER test_refuse_notification ON notifications'));
    const retried = await submit(team.member, checklist.id, { ok: { value: true } }, { 'Idempotency-Key': 'kiosk-1' });
    expect(retried.status, retried.text).toBe(201);
    expect(await storedRows(checklist.id)).toHaveLength(1);
    const [event] = await submittedEvents(checklist.id);
    expect(event).toBeDefined();
    const heard = (await notificationsOf(team.admin.id)).filter((n) => n.eventId === event!.id);
    expect(heard).toHaveLength(1);
  });

  it('a submission raising corrective actions is refused whole as well', async () => {
    const folder = await makeFolder(team.admin, 'root', 'Kiosk with corrections');
    const pf = question('pass/fail');
    const checklist = await makeChecklist(team.admin, { pf: { ...pf, validation: { ...pf.validation, roles: [team.role.id] } } }, folder.id, 'Failing round');
    expect((await team.admin.api.post(`documentation/folders/${folder.id}/subscription`, {})).status).toBe(200);
    await refuseNotificationsFor(team.admin.id);
    const failed = await submit(team.member, checklist.id, { pf: { value: 'fail' } });
    expect(failed.status).not.toBe(201);
    expect(await storedRows(checklist.id)).toEqual([]);
    expect(await submittedEvents(checklist.id)).toEqual([]);
  });
});
