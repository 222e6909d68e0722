/**
 * GET documentation/documents/{id}/analytics (issue #45): a checklist's results per day, week or month
 * in the caller's zone, counted by the database. The test counts the same rows itself (from the data
 * call's rows) and compares; buckets in Europe/Berlin across the spring daylight-saving change; a hidden
 * question's answer never fails; no Read → 404; bad queries → 422. Also the data call's new filters, and
 * the table the answers are counted from (checklist_answer_values): filled as each submission is stored,
 * emptied with it.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';
import { makeChecklist, makeFolder, makeTeam, missingId, Permission, question, revoke, setAcl, type Team } from '../support/factories.ts';
import { submit } from './support.ts';

const server = useTestServer();
let team: Team;
let checklist: { id: string };

const temp = question('decimal', { title: 'Cold room °C', required: false, validation: { enabled: true, min: 2, max: 8 } as never });
const questions = {
  ok: question('pass/fail', { title: 'Floor clean' }),
  door: question('true/false', { title: 'Door locked?' }),
  colour: question('single choice', { title: 'Label colour', choices: ['Red', 'Blue'], required: false }),
  temp,
  parts: question('multiple choice', { title: 'Parts seen', choices: ['Lid', 'Base'], required: false }),
  // Shown only when the door is not locked; its answer sent anyway is dropped, never counted as failing.
  cold: question('number', { title: 'Minutes open', required: false, validation: { enabled: true, min: 0, max: 5 } as never, show_if: { question: 'door', op: 'equals', value: false } }),
};

/** [UTC time, answers]: around the spring change in Berlin (2026-03-29 02:00 → 03:00) and over some weeks. */
const ROWS: [string, Record<string, unknown>][] = [
  ['2026-03-28T22:30:00Z', { ok: 'pass', door: true, colour: 'Red', temp: 4, parts: ['Lid', 'Base'] }], // Berlin 23:30 on the 28th
  ['2026-03-28T23:30:00Z', { ok: 'fail', door: true, colour: 'Blue', temp: 9.5, cold: 99, parts: ['Lid'] }], // 00:30 on the 29th; cold hidden
  ['2026-03-29T01:30:00Z', { ok: 'pass', door: false, temp: 6, cold: 7 }], // 03:30 CEST on the 29th; cold shown and failing
  ['2026-03-29T21:30:00Z', { ok: 'pass', door: true, colour: 'Red', temp: 3, parts: ['Base'] }], // 23:30 on the 29th
  ['2026-03-29T22:30:00Z', { ok: 'pass', door: false, colour: 'Red', temp: 1, cold: 2 }], // 00:30 on the 30th
  ['2026-04-02T10:00:00Z', { ok: 'fail', door: true, colour: 'Blue', temp: 5 }],
  ['2026-04-08T10:00:00Z', { ok: 'pass', door: true, temp: 7 }],
  ['2026-04-20T10:00:00Z', { ok: 'pass', door: true, colour: 'Red' }],
];

const seconds = (iso: string) => Date.parse(iso) / 1000;
const RANGE = `start_time=${seconds('2026-03-01T00:00:00Z')}&end_time=${seconds('2026-05-01T00:00:00Z')}`;
const analytics = (query: string, user = team.member, id = checklist.id) => user.api.get(`documentation/documents/${id}/analytics?${query}`);

interface Row {
  created_at: string;
  created_by_username: string | null;
  validation_errors: number;
  record: Record<string, { value: unknown; valid: boolean }>;
}
let rows: Row[];

const dayStarts = new Map<string, number>();
/** The day a moment falls on in `zone`, as the epoch second of that day's local midnight. */
function dayStart(iso: string, zone: string): number {
  const known = dayStarts.get(`${iso} ${zone}`);
  if (known !== undefined) return known;
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const [d, m, y] = parts.split('-').reverse();
  // The local midnight: try each UTC offset from -14 h to +14 h (by quarter hours) until the zone's clock reads 00:00 of that day.
  for (let q = -56; q <= 56; q++) {
    const candidate = Date.parse(`${parts}T00:00:00Z`) - q * 900_000;
    if (clock.format(new Date(candidate)) === `${d}/${m}/${y}, 00:00`) {
      dayStarts.set(`${iso} ${zone}`, candidate / 1000);
      return candidate / 1000;
    }
  }
  throw new Error(`no midnight for ${iso} in ${zone}`);
}

/** The test's own count: rows per bucket key. */
function countBy<K>(list: readonly Row[], key: (row: Row) => K, keep: (row: Row) => boolean = () => true): Map<K, number> {
  const counted = new Map<K, number>();
  for (const row of list) if (keep(row)) counted.set(key(row), (counted.get(key(row)) ?? 0) + 1);
  return counted;
}

beforeAll(async () => {
  team = await makeTeam(server);
  checklist = await makeChecklist(team.admin, questions);
  try {
    for (const [i, [at, answers]] of ROWS.entries()) {
      server.clock.freeze(new Date(at));
      const record = Object.fromEntries(Object.entries(answers).map(([id, value]) => [id, { value }]));
      const res = await submit(i % 3 === 0 ? team.roleMember : team.member, checklist.id, record);
      expect(res.status, res.text).toBe(201);
    }
  } finally {
    server.clock.reset();
  }
  const listed = await team.member.api.get(`documentation/documents/${checklist.id}/data`);
  rows = listed.body.results;
  expect(rows).toHaveLength(ROWS.length);
});

describe('GET documentation/documents/{id}/analytics', () => {
  it('counts submissions per day in Europe/Berlin as the test counts them, across the daylight-saving change', async () => {
    const res = await analytics(`${RANGE}&bucket=day&tz=Europe/Berlin`);
    expect(res.status, res.text).toBe(200);
    const all = countBy(rows, (r) => dayStart(r.created_at, 'Europe/Berlin'));
    const failing = countBy(rows, (r) => dayStart(r.created_at, 'Europe/Berlin'), (r) => r.validation_errors > 0);
    const expected = [...all.keys()].sort((a, b) => a - b).map((start) => ({ start, submissions: all.get(start), failing: failing.get(start) ?? 0 }));
    expect(res.body.buckets).toEqual(expected);
    // The spring day itself: 23 hours, from 2026-03-28T23:00Z (00:00 CET) to 2026-03-29T22:00Z (00:00 CEST).
    expect(res.body.buckets.slice(0, 3)).toEqual([
      { start: seconds('2026-03-27T23:00:00Z'), submissions: 1, failing: 0 },
      { start: seconds('2026-03-28T23:00:00Z'), submissions: 3, failing: 2 },
      { start: seconds('2026-03-29T22:00:00Z'), submissions: 1, failing: 1 },
    ]);
  });

  it('cuts the same rows otherwise in UTC, and by week (from Monday) and month', async () => {
    const utc = await analytics(`${RANGE}&bucket=day&tz=UTC`);
    expect(utc.body.buckets.slice(0, 2)).toEqual([
      { start: seconds('2026-03-28T00:00:00Z'), submissions: 2, failing: 1 },
      { start: seconds('2026-03-29T00:00:00Z'), submissions: 3, failing: 2 },
    ]);
    const weeks = await analytics(`${RANGE}&bucket=week&tz=Europe/Berlin`);
    expect(weeks.body.buckets.map((b: { start: number; submissions: number }) => [new Date(b.start * 1000).toISOString(), b.submissions])).toEqual([
      ['2026-03-22T23:00:00.000Z', 4], // Monday 23 March, CET
      ['2026-03-29T22:00:00.000Z', 2], // Monday 30 March, CEST
      ['2026-04-05T22:00:00.000Z', 1],
      ['2026-04-19T22:00:00.000Z', 1],
    ]);
    const months = await analytics(`${RANGE}&bucket=month&tz=Europe/Berlin`);
    expect(months.body.buckets).toEqual([
      { start: seconds('2026-02-28T23:00:00Z'), submissions: 5, failing: 3 },
      { start: seconds('2026-03-31T22:00:00Z'), submissions: 3, failing: 1 },
    ]);
    const total = (list: { submissions: number }[]) => list.reduce((sum, b) => sum + b.submissions, 0);
    expect([total(utc.body.buckets), total(weeks.body.buckets), total(months.body.buckets)]).toEqual([8, 8, 8]);
  });

  it('answers each question per bucket: answers, failing, and a number question’s min, median and max', async () => {
    const res = await analytics(`${RANGE}&bucket=month&tz=Europe/Berlin`);
    const byId = Object.fromEntries(res.body.questions.map((q: { question_id: string }) => [q.question_id, q]));
    expect(res.body.questions.map((q: { question_id: string }) => q.question_id)).toEqual(['ok', 'door', 'colour', 'temp', 'parts', 'cold']);
    expect(byId.ok).toMatchObject({ title: 'Floor clean', value_type: 'pass/fail' });
    const march = (id: string) => byId[id].buckets[0];
    // The test's own count from the rows of March (Berlin).
    const inMarch = rows.filter((r) => Date.parse(r.created_at) < Date.parse('2026-03-31T22:00:00Z'));
    const answered = (id: string) => inMarch.filter((r) => r.record[id] && r.record[id].value !== null && r.record[id].value !== '');
    expect(march('ok')).toEqual({
      start: seconds('2026-02-28T23:00:00Z'),
      count: answered('ok').length,
      failing: answered('ok').filter((r) => !r.record.ok!.valid).length,
      answers: { pass: 4, fail: 1 },
      min: null,
      p50: null,
      max: null,
    });
    expect(march('door').answers).toEqual({ true: 3, false: 2 });
    expect(march('colour').answers).toEqual({ Red: 3, Blue: 1 });
    // A multiple choice: each choice given, once per submission that chose it.
    expect(march('parts')).toMatchObject({ count: 3, failing: 0, answers: { Lid: 2, Base: 2 }, min: null });
    const temps = answered('temp').map((r) => r.record.temp!.value as number).sort((a, b) => a - b);
    expect(temps).toEqual([1, 3, 4, 6, 9.5]);
    expect(march('temp')).toMatchObject({ count: 5, failing: 2, min: 1, p50: 4, max: 9.5 });
    // Hidden by its condition (door locked): the 99 was dropped; only the two shown answers count, one failing.
    expect(march('cold')).toMatchObject({ count: 2, failing: 1, min: 2, max: 7, p50: 4.5 });
    expect(inMarch.filter((r) => r.record.cold?.value === 99)).toHaveLength(0);
    expect(byId.cold.buckets).toHaveLength(1);
  });

  it('takes the results page’s filters: valid or failing, a member, and names the submitters', async () => {
    const failing = await analytics(`${RANGE}&bucket=month&tz=UTC&status=failing`);
    expect(failing.body.buckets.map((b: { submissions: number; failing: number }) => [b.submissions, b.failing])).toEqual([[3, 3], [1, 1]]);
    const valid = await analytics(`${RANGE}&bucket=month&tz=UTC&status=valid`);
    expect(valid.body.buckets.map((b: { failing: number }) => b.failing)).toEqual([0, 0]);
    const mine = await analytics(`${RANGE}&bucket=month&tz=UTC&created_by=${team.roleMember.id}`);
    expect(mine.body.buckets.reduce((n: number, b: { submissions: number }) => n + b.submissions, 0)).toBe(3);
    expect(failing.body.submitters).toEqual([
      { user_id: team.member.id, share_link_id: null, name: team.member.username, submissions: 5 },
      { user_id: team.roleMember.id, share_link_id: null, name: team.roleMember.username, submissions: 3 },
    ]);
  });

  it('needs Read: 404 without it (as the data call), 401 signed out', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    await setAcl(team.admin, 'documents', doc.id, [revoke(team.role.id, Permission.Read)]);
    expect((await analytics(RANGE, team.member, doc.id)).status).toBe(200);
    const refused = await analytics(RANGE, team.roleMember, doc.id);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ detail: 'Document not found' });
    expect((await analytics(RANGE, team.member, missingId())).status).toBe(404);
    expect((await server.client().get(`documentation/documents/${doc.id}/analytics?${RANGE}`)).status).toBe(401);
  });

  it('refuses an unknown zone, a bucket outside the three and a range over 5 years with 422', async () => {
    const cases: [string, string][] = [
      [`${RANGE}&tz=Mars/Olympus`, 'tz'],
      [`${RANGE}&tz=`, 'tz'],
      [`${RANGE}&bucket=hour`, 'bucket'],
      [`start_time=0&end_time=${5 * 366 * 86_400}`, 'end_time'],
      [`start_time=100&end_time=100`, 'end_time'],
      [`end_time=100`, 'start_time'],
      [`${RANGE}&status=maybe`, 'status'],
      [`${RANGE}&created_by=nobody`, 'created_by'],
    ];
    for (const [query, field] of cases) {
      const res = await analytics(query);
      expect(res.status, query).toBe(422);
      expect(res.body.detail, query).toContain(field);
    }
    expect((await analytics(`start_time=0&end_time=${Math.floor(5 * 365 * 86_400)}`)).status).toBe(200);
  });
});

describe('GET documentation/documents/{id}/data: the results page’s filters', () => {
  const data = (query: string) => team.member.api.get(`documentation/documents/${checklist.id}/data?${query}`);
  it('filters by valid or failing and by submitter', async () => {
    const failing = await data('status=failing');
    expect(failing.body.total).toBe(rows.filter((r) => r.validation_errors > 0).length);
    expect(failing.body.results.every((r: Row) => r.validation_errors > 0)).toBe(true);
    const valid = await data('status=valid&limit=2');
    expect(valid.body.total).toBe(rows.filter((r) => r.validation_errors === 0).length);
    const mine = await data(`created_by=${team.roleMember.id}`);
    expect(mine.body.results.map((r: Row) => r.created_by_username)).toEqual([team.roleMember.username, team.roleMember.username, team.roleMember.username]);
    expect((await data(`share_link_id=${team.member.id}`)).body.total).toBe(0);
  });
});

describe('checklist_answer_values: the answers the analytics count', () => {
  interface ValueRow {
    question_id: string;
    value_text: string | null;
    value_number: number | null;
    value_choices: string[] | null;
    failing: boolean;
    hidden: boolean;
  }
  const valuesOf = async (submissionId: string) =>
    (
      (await server.db.execute(
        sql`SELECT question_id, value_text, value_number, value_choices, failing, hidden FROM checklist_answer_values WHERE submission_id = ${submissionId}::uuid ORDER BY question_id`,
      )) as unknown as { rows: ValueRow[] }
    ).rows;

  it('holds each answer with a value of a submission as it is stored, typed, and loses it with the submission', async () => {
    const folder = await makeFolder(team.admin);
    const doc = await makeChecklist(team.admin, questions, folder.id);
    const at = '2026-04-10T10:00:00Z';
    server.clock.freeze(new Date(at));
    let res;
    try {
      res = await submit(team.member, doc.id, { ok: { value: 'fail' }, door: { value: false }, colour: { value: '' }, temp: { value: 9.5 }, parts: { value: ['Lid', 'Base'] }, cold: { value: 99 } });
    } finally {
      server.clock.reset();
    }
    expect(res.status, res.text).toBe(201);
    // Answered: ok, door, temp, parts and cold (shown: the door is not locked; 99 is out of its range); colour '' is no answer.
    const rows = (await valuesOf(res.body.id)).map((r) => ({ ...r, value_number: r.value_number === null ? null : Number(r.value_number), value_choices: r.value_choices && [...r.value_choices].sort() }));
    expect(rows).toEqual([
      { question_id: 'cold', value_text: null, value_number: 99, value_choices: null, failing: true, hidden: false },
      { question_id: 'door', value_text: 'false', value_number: null, value_choices: null, failing: false, hidden: false },
      { question_id: 'ok', value_text: 'fail', value_number: null, value_choices: null, failing: true, hidden: false },
      { question_id: 'parts', value_text: null, value_number: null, value_choices: ['Base', 'Lid'], failing: false, hidden: false },
      { question_id: 'temp', value_text: null, value_number: 9.5, value_choices: null, failing: true, hidden: false },
    ]);
    const range = `start_time=${seconds('2026-04-01T00:00:00Z')}&end_time=${seconds('2026-05-01T00:00:00Z')}&bucket=month&tz=UTC`;
    const counted = await analytics(range, team.member, doc.id);
    expect(counted.body.buckets).toEqual([{ start: seconds('2026-04-01T00:00:00Z'), submissions: 1, failing: 1 }]);
    expect(counted.body.questions.find((q: { question_id: string }) => q.question_id === 'parts').buckets[0].answers).toEqual({ Lid: 1, Base: 1 });

    // A submission removed (as its checklist's purge from the trash removes it): its answers go with it, and nothing counts it.
    await server.db.execute(sql`DELETE FROM checklist_submissions WHERE id = ${res.body.id}::uuid`);
    expect(await valuesOf(res.body.id)).toEqual([]);
    const after = await analytics(range, team.member, doc.id);
    expect(after.body.buckets).toEqual([]);
    expect(after.body.questions.every((q: { buckets: unknown[] }) => q.buckets.length === 0)).toBe(true);
    // A trashed checklist has no analytics (404 as for its data).
    expect((await team.admin.api.delete(`documentation/folders/${folder.id}`)).status).toBe(204);
    expect((await analytics(range, team.member, doc.id)).status).toBe(404);
  });
});

/*
 * The rollups (migration 0030): the counts are read from per-day and per-hour rollups, and from the answers
 * themselves only where a bucket boundary or the range's end falls inside an hour. Every zone, every range
 * and every change of the submissions must count as the rows do.
 */
describe('GET …/analytics from the rollups: any zone, any range, kept as submissions change', () => {
  interface QuestionOut {
    question_id: string;
    buckets: { start: number; count: number; failing: number; answers: Record<string, number>; min: number | null; p50: number | null; max: number | null }[];
  }
  const answeredIn = (list: readonly Row[], id: string) => list.filter((r) => r.record[id] && r.record[id].value !== null && r.record[id].value !== '');
  /** The test's own per-day count of `list` in `zone`: submissions, and question `id`'s count, failing, min and max. */
  function expectedDays(list: readonly Row[], zone: string, id: string) {
    const days = [...new Set(list.map((r) => dayStart(r.created_at, zone)))].sort((a, b) => a - b);
    const of = (start: number) => list.filter((r) => dayStart(r.created_at, zone) === start);
    const buckets = days.map((start) => ({ start, submissions: of(start).length, failing: of(start).filter((r) => r.validation_errors > 0).length }));
    const question = days
      .map((start) => {
        const answered = answeredIn(of(start), id);
        const numbers = answered.map((r) => r.record[id]!.value).filter((x): x is number => typeof x === 'number');
        return { start, count: answered.length, failing: answered.filter((r) => !r.record[id]!.valid).length, min: numbers.length ? Math.min(...numbers) : null, max: numbers.length ? Math.max(...numbers) : null };
      })
      .filter((b) => b.count > 0);
    return { buckets, question };
  }
  const questionOf = (body: { questions: QuestionOut[] }, id: string) =>
    body.questions.find((q) => q.question_id === id)!.buckets.map(({ start, count, failing, min, max }) => ({ start, count, failing, min, max }));

  it('counts per day in zones whose midnight is not on the UTC hour (Asia/Kolkata, Australia/Adelaide) as the test counts', async () => {
    for (const zone of ['Asia/Kolkata', 'Australia/Adelaide', 'America/St_Johns', 'Europe/Berlin']) {
      const res = await analytics(`${RANGE}&bucket=day&tz=${zone}`);
      expect(res.status, res.text).toBe(200);
      for (const id of ['ok', 'temp', 'cold']) {
        const expected = expectedDays(rows, zone, id);
        expect(res.body.buckets, zone).toEqual(expected.buckets);
        expect(questionOf(res.body, id), `${zone} ${id}`).toEqual(expected.question);
      }
    }
  });

  it('counts a range that starts and ends inside an hour', async () => {
    const start = '2026-03-28T23:10:00Z';
    const end = '2026-03-29T21:40:00Z';
    const inRange = rows.filter((r) => r.created_at >= new Date(start).toISOString() && r.created_at < new Date(end).toISOString());
    expect(inRange).toHaveLength(3);
    const res = await analytics(`start_time=${seconds(start)}&end_time=${seconds(end)}&bucket=day&tz=Asia/Kolkata`);
    const expected = expectedDays(inRange, 'Asia/Kolkata', 'temp');
    expect(res.body.buckets).toEqual(expected.buckets);
    expect(questionOf(res.body, 'temp')).toEqual(expected.question);
  });

  it('counts as the answers themselves do: valid plus failing (read from the answers) equals all (from the rollups)', async () => {
    const all = await analytics(`${RANGE}&bucket=week&tz=Europe/Berlin`);
    const valid = await analytics(`${RANGE}&bucket=week&tz=Europe/Berlin&status=valid`);
    const failing = await analytics(`${RANGE}&bucket=week&tz=Europe/Berlin&status=failing`);
    for (const id of ['ok', 'door', 'colour', 'temp', 'parts']) {
      const sum = new Map<number, { count: number; answers: Record<string, number> }>();
      for (const part of [valid.body, failing.body])
        for (const b of part.questions.find((q: QuestionOut) => q.question_id === id).buckets as QuestionOut['buckets']) {
          const into = sum.get(b.start) ?? { count: 0, answers: {} };
          into.count += b.count;
          for (const [k, n] of Object.entries(b.answers)) into.answers[k] = (into.answers[k] ?? 0) + n;
          sum.set(b.start, into);
        }
      const whole = (all.body.questions.find((q: QuestionOut) => q.question_id === id).buckets as QuestionOut['buckets']).map((b) => [b.start, b.count, b.answers]);
      expect(whole, id).toEqual([...sum.entries()].sort((a, b) => a[0] - b[0]).map(([start, b]) => [start, b.count, b.answers]));
    }
  });

  it('takes a removed submission off (its minimum and maximum too) and moves an erased submitter', async () => {
    const doc = await makeChecklist(team.admin, questions);
    const ids: string[] = [];
    try {
      for (const [at, temp] of [['2026-04-10T10:05:00Z', 9.5], ['2026-04-10T10:20:00Z', 1], ['2026-04-10T10:40:00Z', 5], ['2026-04-11T08:00:00Z', 3]] as const) {
        server.clock.freeze(new Date(at));
        const res = await submit(team.member, doc.id, { ok: { value: 'pass' }, door: { value: true }, temp: { value: temp } });
        expect(res.status, res.text).toBe(201);
        ids.push(res.body.id);
      }
    } finally {
      server.clock.reset();
    }
    const range = `start_time=${seconds('2026-04-01T00:00:00Z')}&end_time=${seconds('2026-05-01T00:00:00Z')}&bucket=month&tz=UTC`;
    const temp = async () => (await analytics(range, team.member, doc.id)).body.questions.find((q: QuestionOut) => q.question_id === 'temp').buckets[0];
    expect(await temp()).toMatchObject({ count: 4, min: 1, max: 9.5, p50: 4 });
    await server.db.execute(sql`DELETE FROM checklist_submissions WHERE id IN (${ids[0]}::uuid, ${ids[1]}::uuid)`);
    expect(await temp()).toMatchObject({ count: 2, min: 3, max: 5, p50: 4 });
    // The submitter erased (created_by set null, as deleting a user does): counted under no member.
    await server.db.execute(sql`UPDATE checklist_submissions SET created_by = NULL WHERE id = ${ids[2]}::uuid`);
    const after = (await analytics(range, team.member, doc.id)).body;
    expect(after.buckets).toEqual([{ start: seconds('2026-04-01T00:00:00Z'), submissions: 2, failing: 0 }]);
    expect(after.submitters.map((s: { user_id: string | null; submissions: number }) => [s.user_id, s.submissions])).toEqual([
      [team.member.id, 1],
      [null, 1],
    ]);
  });
});
