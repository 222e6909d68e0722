/**
 * workflow/schedules (issue #44) with the injected clock: the calls and their refusals, the opening pass
 * (once, whatever the number of passes or processes), done / late / missed, one_for_all both ways, and the
 * daylight-saving changes of Europe/Berlin and America/New_York.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/connection.ts';
import { assignments } from '../../../src/server/db/schema.ts';
import { runSchedulePass } from '../../../src/server/services/schedules/schedule-pass.ts';
import { openDueOccurrences } from '../../../src/server/services/schedules/opening-pass.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import {
  makeChecklist,
  makeDocument,
  makeTeam,
  memberOf,
  missingId,
  orgWithAdmin,
  question,
  type Team,
  type TestUser,
} from '../support/factories.ts';
import type { Json } from '../support/http.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer({ env: { SCHEDULE_INTERVAL_MS: String(60 * 60 * 1000) } });
let team: Team;
let checklistId: string;
const MIN = 60_000;

beforeAll(async () => {
  team = await makeTeam(server, { rootAsMade: true });
  checklistId = (await makeChecklist(team.admin, { q: question('text', { required: false }) }, 'root', 'Cold room')).id;
});
afterEach(() => server.clock.reset());

const pass = () => runSchedulePass({ db: server.db, now: server.deps.now });
const at = (iso: string) => server.clock.freeze(new Date(iso));
const schedule = async (user: TestUser, body: Record<string, unknown>) =>
  user.api.post(paths.workflow.schedules, {
    object_id: checklistId,
    assigned_to: { type: 'role', id: team.role.id },
    rrule: 'FREQ=DAILY;BYHOUR=6;BYMINUTE=0',
    timezone: 'Europe/Berlin',
    window_minutes: 60,
    ...body,
  });
const made = async (body: Record<string, unknown>, user = team.admin) => {
  const res = await schedule(user, body);
  expect(res.status, res.text).toBe(201);
  return res.body as Json;
};
const submit = async (user: TestUser) => {
  const res = await user.api.post(paths.documentation.data(checklistId), { record: { q: { value: 'cold' } } });
  expect(res.status, res.text).toBe(201);
  return res.body as Json;
};
const occurrences = async (id: string, from: string, to: string) => {
  const res = await team.admin.api.get(`${paths.workflow.occurrences(id)}?from=${Date.parse(from) / 1000}&to=${Date.parse(to) / 1000}`);
  expect(res.status, res.text).toBe(200);
  return res.body.results as Json[];
};
const openedOf = (scheduleId: string) => server.db.select().from(assignments).where(eq(assignments.scheduleId, scheduleId));

describe('POST workflow/schedules', () => {
  it('schedules a checklist: 201 with its id, next_due_at and the defaults', async () => {
    at('2026-12-07T08:00:00Z');
    const s = await made({ notes: 'Fridge below 5°C' });
    expect(s).toMatchObject({
      object_id: checklistId,
      object_name: 'Cold room',
      assigned_to: { type: 'role', id: team.role.id, name: team.role.name },
      one_for_all: true,
      allow_late: false,
      next_due_at: '2026-12-08T05:00:00.000Z',
      created_by_username: team.admin.username,
      recent: [],
    });
    const read = await team.member.api.get(paths.workflow.schedule(s.id));
    expect(read.status, read.text).toBe(200);
    expect((await team.member.api.get(paths.workflow.schedules)).body.results.map((x: Json) => x.id)).toContain(s.id);
  });

  it.each([
    ['an invalid rrule', { rrule: 'FREQ=SOMETIMES' }, 'rrule'],
    ['an unknown zone', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['a window longer than the interval', { rrule: 'FREQ=MINUTELY;INTERVAL=5', window_minutes: 6 }, 'window_minutes'],
    ['a window of no minutes', { window_minutes: 0 }, 'window_minutes'],
    ['an end before the start', { starts_at: '2026-12-10T00:00:00Z', ends_at: '2026-12-09T00:00:00Z' }, 'ends_at'],
    ['a start that is not a date', { starts_at: 'soon' }, 'starts_at'],
    ['an unknown assignee type', { assigned_to: { type: 'group', id: missingId() } }, 'assigned_to.type'],
    ['another organisation’s user', { assigned_to: { type: 'user', id: missingId() } }, 'assigned_to.id'],
    ['a share link of no checklist', { assigned_to: { type: 'share_link', id: missingId() } }, 'assigned_to.id'],
  ])('refuses %s: 422 naming the field', async (_, change, field) => {
    const res = await schedule(team.admin, change);
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.map((e: Json) => e.field)).toContain(field);
  });

  it('needs Write on a checklist: 403 with Read, 404 without; not a checklist is 422', async () => {
    const outsider = await orgWithAdmin(server);
    const theirs = await makeChecklist(outsider.admin, {}, 'root');
    expect((await schedule(team.admin, { object_id: theirs.id })).status).toBe(404);
    const readOnly = await makeTeam(server);
    const doc = await makeChecklist(readOnly.admin, {}, 'root');
    const refused = await readOnly.member.api.post(paths.workflow.schedules, {
      object_id: doc.id,
      assigned_to: { type: 'org', id: readOnly.org.id },
      rrule: 'FREQ=DAILY',
      timezone: 'UTC',
      window_minutes: 60,
    });
    expect(refused.status, refused.text).toBe(403);
    const theirsMade = await readOnly.admin.api.post(paths.workflow.schedules, {
      object_id: doc.id,
      assigned_to: { type: 'org', id: readOnly.org.id },
      rrule: 'FREQ=DAILY',
      timezone: 'UTC',
      window_minutes: 60,
    });
    expect(theirsMade.status, theirsMade.text).toBe(201);
    expect((await readOnly.member.api.get(paths.workflow.schedule(theirsMade.body.id))).status).toBe(200);
    expect((await readOnly.member.api.put(paths.workflow.schedule(theirsMade.body.id), { object_id: doc.id, assigned_to: { type: 'org', id: readOnly.org.id }, rrule: 'FREQ=DAILY', timezone: 'UTC', window_minutes: 60 })).status).toBe(403);
    expect((await readOnly.member.api.delete(paths.workflow.schedule(theirsMade.body.id))).status).toBe(403);
    const folderDoc = await makeDocument(team.admin, 'root', 'presentation');
    expect((await schedule(team.admin, { object_id: folderDoc.id })).body.errors?.[0]?.field).toBe('object_id');
    const s = await made({});
    expect((await outsider.admin.api.get(paths.workflow.schedule(s.id))).status).toBe(404);
    expect((await outsider.admin.api.delete(paths.workflow.schedule(s.id))).status).toBe(404);
  });
});

describe('occurrences', () => {
  it('opens each occurrence once; a submission in the window makes it done, none makes it missed', async () => {
    at('2026-12-07T04:00:00Z');
    const s = await made({});
    at('2026-12-08T05:00:30Z');
    await pass();
    await pass();
    await Promise.all([openDueOccurrences({ db: server.db, now: server.deps.now }), openDueOccurrences({ db: server.db, now: server.deps.now })]);
    const opened = await openedOf(s.id);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.dueAt!.toISOString()).toBe('2026-12-08T06:00:00.000Z');
    // It is on the role member's dashboard, due at the window's close.
    const mine = (await team.roleMember.api.get('workflow/assignments')).body.results.find((a: Json) => a.id === opened[0]!.id);
    expect(mine).toMatchObject({ status: 'open', due_at: '2026-12-08T06:00:00.000Z', schedule_id: s.id, opens_at: '2026-12-08T05:00:00.000Z' });
    at('2026-12-08T05:20:00Z');
    const row = await submit(team.roleMember);
    at('2026-12-09T06:30:00Z'); // the 9th's window (05:00–06:00 UTC) closed without a submission
    await pass(); // too late to open the 9th's
    at('2026-12-10T05:10:00Z');
    await pass();
    at('2026-12-10T06:01:00Z');
    await pass();
    const list = await occurrences(s.id, '2026-12-08T00:00:00Z', '2026-12-12T00:00:00Z');
    expect(list.map((o) => [o.due_at, o.status])).toEqual([
      ['2026-12-08T05:00:00.000Z', 'done'],
      ['2026-12-10T05:00:00.000Z', 'missed'],
      ['2026-12-11T05:00:00.000Z', 'upcoming'],
    ]);
    expect(list[0]).toMatchObject({ completed_by_username: team.roleMember.username, submission_id: row.id, closes_at: '2026-12-08T06:00:00.000Z' });
    const schedules = (await team.admin.api.get(paths.workflow.schedule(s.id))).body;
    expect(schedules.recent.map((r: Json) => r.status)).toEqual(['done', 'missed']);
  });

  it('late submissions allowed: after the window it is late; a submission after a closed window without it completes nothing', async () => {
    const doc = await makeChecklist(team.admin, { q: question('text', { required: false }) }, 'root', 'Forklift');
    at('2026-12-07T04:00:00Z');
    const late = await made({ object_id: doc.id, allow_late: true, rrule: 'FREQ=DAILY;BYHOUR=7;BYMINUTE=0', window_minutes: 30 });
    at('2026-12-08T06:05:00Z');
    await pass();
    at('2026-12-08T07:00:00Z');
    await pass();
    const res = await team.roleMember.api.post(paths.documentation.data(doc.id), { record: { q: { value: 'ok' } } });
    expect(res.status).toBe(201);
    expect((await occurrences(late.id, '2026-12-08T00:00:00Z', '2026-12-08T12:00:00Z')).map((o) => o.status)).toEqual(['late']);
  });

  it('one_for_all: false gives each holder of the role an occurrence of their own; true, one for all', async () => {
    const second = await memberOf(server, team.admin, [team.role.id]);
    const doc = await makeChecklist(team.admin, { q: question('text', { required: false }) }, 'root', 'Fire doors');
    at('2026-12-07T04:00:00Z');
    const each = await made({ object_id: doc.id, one_for_all: false, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=9;BYMINUTE=0', window_minutes: 120 });
    const all = await made({ object_id: doc.id, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=9;BYMINUTE=0', window_minutes: 120 });
    at('2026-12-10T08:30:00Z'); // Thursday 09:30 in Berlin
    await pass();
    const mine = await openedOf(each.id);
    expect(mine.map((a) => a.assignedToId).sort()).toEqual([team.roleMember.id, second.id].sort());
    expect(await openedOf(all.id)).toHaveLength(1);
    const res = await second.api.post(paths.documentation.data(doc.id), { record: { q: { value: 'shut' } } });
    expect(res.status).toBe(201);
    const after = await openedOf(each.id);
    expect(after.find((a) => a.assignedToId === second.id)!.completedAt).not.toBeNull();
    expect(after.find((a) => a.assignedToId === team.roleMember.id)!.completedAt).toBeNull();
    expect((await openedOf(all.id))[0]!.completedBy).toBe(second.id);
  });

  it('a minutely rule opens every 5 minutes', async () => {
    const doc = await makeChecklist(team.admin, {}, 'root', 'Oven');
    at('2026-12-07T10:00:00Z');
    const s = await made({ object_id: doc.id, rrule: 'FREQ=MINUTELY;INTERVAL=5', timezone: 'UTC', window_minutes: 5 });
    for (const minute of [0, 2, 5, 7, 10]) {
      at(new Date(Date.parse('2026-12-07T10:00:30Z') + minute * MIN).toISOString());
      await pass();
    }
    expect((await openedOf(s.id)).map((a) => a.opensAt!.toISOString()).sort()).toEqual([
      '2026-12-07T10:00:00.000Z',
      '2026-12-07T10:05:00.000Z',
      '2026-12-07T10:10:00.000Z',
    ]);
  });

  it.each([
    ['Europe/Berlin', '2026-03-27T00:00:00Z', ['2026-03-28T05:30:00Z', '2026-03-29T04:30:00Z', '2026-10-24T04:30:00Z', '2026-10-25T05:30:00Z'], ['2026-03-28T05:00:00.000Z', '2026-03-29T04:00:00.000Z', '2026-10-24T04:00:00.000Z', '2026-10-25T05:00:00.000Z']],
    ['America/New_York', '2026-03-06T00:00:00Z', ['2026-03-07T11:30:00Z', '2026-03-08T10:30:00Z', '2026-10-31T10:30:00Z', '2026-11-01T11:30:00Z'], ['2026-03-07T11:00:00.000Z', '2026-03-08T10:00:00.000Z', '2026-10-31T10:00:00.000Z', '2026-11-01T11:00:00.000Z']],
  ])('06:00 %s stays 06:00 across the spring and autumn changes', async (timezone, start, passes, expected) => {
    const doc = await makeChecklist(team.admin, {}, 'root', `Morning ${timezone}`);
    at(start);
    const s = await made({ object_id: doc.id, timezone });
    for (const moment of passes) {
      at(moment);
      await pass();
    }
    expect((await openedOf(s.id)).map((a) => a.opensAt!.toISOString()).sort()).toEqual(expected);
  });
});

describe('made inside a window', () => {
  it('opens the occurrence whose window holds at once', async () => {
    const doc = await makeChecklist(team.admin, {}, 'root', 'Right now');
    at('2026-12-07T05:10:00Z'); // 06:10 in Berlin, the 06:00 window open until 07:00
    const s = await made({ object_id: doc.id });
    expect(s.next_due_at).toBe('2026-12-08T05:00:00.000Z');
    expect((await openedOf(s.id)).map((a) => a.opensAt!.toISOString())).toEqual(['2026-12-07T05:00:00.000Z']);
  });
});

describe('PUT and DELETE', () => {
  it('editing changes the occurrences from the next one on; deleting ends them; the trash pauses them', async () => {
    const doc = await makeChecklist(team.admin, {}, 'root', 'Gate');
    at('2026-12-07T04:00:00Z');
    const s = await made({ object_id: doc.id });
    const body = { object_id: doc.id, assigned_to: { type: 'org', id: team.org.id }, rrule: 'FREQ=DAILY;BYHOUR=8;BYMINUTE=0', timezone: 'Europe/Berlin', window_minutes: 30 };
    const changed = await team.admin.api.put(paths.workflow.schedule(s.id), body);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ next_due_at: '2026-12-07T07:00:00.000Z', assigned_to: { type: 'org' }, window_minutes: 30 });
    expect((await team.admin.api.put(paths.workflow.schedule(s.id), { ...body, rrule: 'nope' })).status).toBe(422);
    // The checklist in the trash: nothing opens.
    expect((await team.admin.api.delete(`documentation/documents/${doc.id}`)).status).toBe(204);
    at('2026-12-07T07:10:00Z');
    await pass();
    expect(await openedOf(s.id)).toHaveLength(0);
    expect((await team.admin.api.get(paths.workflow.schedule(s.id))).status).toBe(404);
    const other = await made({});
    expect((await team.admin.api.delete(paths.workflow.schedule(other.id))).status).toBe(204);
    expect((await team.admin.api.get(paths.workflow.schedule(other.id))).status).toBe(404);
  });
});

describe('two server processes on one database', () => {
  it.runIf(!!process.env.DATABASE_URL)('create each occurrence once', async () => {
    const doc = await makeChecklist(team.admin, {}, 'root', 'Twice');
    at('2026-12-07T04:00:00Z');
    const s = await made({ object_id: doc.id, one_for_all: false, assigned_to: { type: 'org', id: team.org.id } });
    at('2026-12-08T05:00:30Z');
    const other = await openDatabase({ databaseUrl: server.databaseUrl! });
    try {
      const now = server.deps.now;
      await Promise.all([
        openDueOccurrences({ db: server.db, now }),
        openDueOccurrences({ db: other.db, now }),
        openDueOccurrences({ db: other.db, now }),
        openDueOccurrences({ db: server.db, now }),
      ]);
    } finally {
      await other.close();
    }
    const opened = await server.db.select().from(assignments).where(and(eq(assignments.scheduleId, s.id)));
    const members = (await team.admin.api.get('users/')).body.results?.length ?? 4;
    expect(opened.length).toBeGreaterThan(0);
    expect(new Set(opened.map((a) => a.assignedToId)).size).toBe(opened.length);
    expect(opened.length).toBeLessThanOrEqual(members);
  });
});
