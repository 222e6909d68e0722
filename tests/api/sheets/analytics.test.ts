/**
 * GET documentation/documents/{id}/analytics of a result sheet or report (issue #45 "A result sheet charts
 * any of its number or date columns the same way"; "The numbers come from the database"): rows per bucket
 * of the row's time, each number or decimal column's count, failing, min, median and max per bucket, each
 * date-time column's count per bucket of the answer's own date — every figure equal to the test's own count
 * from the sheet-data call's rows; no Read → 404; bad queries → 422.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';
import { makeChecklist, makeTeam, missingId, Permission, question, revoke, setAcl, type Team } from '../support/factories.ts';
import { makeSheet, sheetOver, submitAt, type Checklist } from './support.ts';
import type { Json } from '../support/http.ts';
import { call } from '../openapi/support.ts';

const server = useTestServer();
let team: Team;
let sheet: { id: string };
let report: { id: string };
let inspectionId: string;

const DAY = 86_400;
const at = (day: number, h: number) => new Date(Date.UTC(2026, 3, day, h));
const START = Date.UTC(2026, 2, 30) / 1000; // a Monday
const RANGE = `start_time=${START}&end_time=${START + 21 * DAY}`;

// Register rows: [day of April, hour, temperature, when]; inspections: [day, hour, tag, count].
const REGISTER: [number, number, string, number | null, string | null][] = [
  [1, 8, 'A', 4, '2026-03-31T22:30:00Z'],
  [1, 9, 'B', 9.5, '2026-04-01T08:00:00Z'],
  [1, 10, 'C', 3, null],
  [2, 12, 'D', 1, '2026-04-02T12:00:00Z'],
  [8, 7, 'E', 6, '2026-04-02T13:00:00Z'],
  [9, 23, 'F', null, '2026-04-15T00:00:00Z'],
  [14, 5, 'G', 7.25, '2026-04-14T23:59:00Z'],
];
const INSPECTIONS: [number, number, string, number][] = [
  [3, 9, 'A', 12],
  [10, 9, 'E', 3],
];

beforeAll(async () => {
  team = await makeTeam(server);
  const regQuestions = {
    reg_tag: question('text', { title: 'Asset tag', required: false }),
    reg_temp: question('decimal', { title: 'Cold room °C', required: false, validation: { enabled: true, min: 2, max: 8 } as never }),
    reg_when: question('datetime', { title: 'Checked at', required: false }),
  };
  const register: Checklist = { id: (await makeChecklist(team.admin, regQuestions, 'root', 'Register')).id as string, name: 'Register', questions: regQuestions as Record<string, Json> };
  const inspQuestions = { insp_tag: question('text', { title: 'Asset tag', required: false }), insp_count: question('number', { title: 'Count', required: false }) };
  const inspection: Checklist = { id: (await makeChecklist(team.admin, inspQuestions, 'root', 'Inspection')).id as string, name: 'Inspection', questions: inspQuestions as Record<string, Json> };
  inspectionId = inspection.id;
  const contents = sheetOver([register, inspection], { insp_tag: 'reg_tag' });
  sheet = (await makeSheet(team.admin, contents)) as { id: string };
  report = (await makeSheet(team.admin, contents, 'report', 'A report')) as { id: string };
  for (const [day, h, tag, temp, when] of REGISTER) {
    await submitAt(server, team.member, register.id, at(day, h), { reg_tag: tag, ...(temp === null ? {} : { reg_temp: temp }), ...(when === null ? {} : { reg_when: when }) });
  }
  for (const [day, h, tag, count] of INSPECTIONS) await submitAt(server, team.member, inspection.id, at(day, h), { insp_tag: tag, insp_count: count });
});

const analytics = (query: string, user = team.member, id = sheet.id) => user.api.get(`documentation/documents/${id}/analytics?${query}`);

interface Row {
  created_at: string;
  record: Record<string, { value: unknown; valid: boolean }>;
}

/** The bucket (epoch second of its start) holding `ms` in UTC: a day, or a week from Monday. */
const bucketOf = (ms: number, bucket: 'day' | 'week') => {
  const day = Math.floor(ms / 1000 / DAY) * DAY;
  if (bucket === 'day') return day;
  const weekday = (new Date(day * 1000).getUTCDay() + 6) % 7;
  return day - weekday * DAY;
};

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = (s.length - 1) / 2;
  return (s[Math.floor(mid)]! + s[Math.ceil(mid)]!) / 2;
};

/** The test's own figures from the rows: per bucket of the row's time, and of a date-time column's value. */
function expected(rows: Row[], bucket: 'day' | 'week') {
  const group = <T>(items: T[], key: (t: T) => number) => {
    const m = new Map<number, T[]>();
    for (const item of items) m.set(key(item), [...(m.get(key(item)) ?? []), item]);
    return [...m.entries()].sort(([a], [b]) => a - b);
  };
  const failingRow = (r: Row) => Object.values(r.record).some((a) => !a.valid);
  const numbers = (id: string) =>
    group(
      rows.filter((r) => typeof r.record[id]?.value === 'number'),
      (r) => bucketOf(Date.parse(r.created_at), bucket),
    ).map(([start, rs]) => {
      const values = rs.map((r) => r.record[id]!.value as number);
      return { start, count: rs.length, failing: rs.filter((r) => !r.record[id]!.valid).length, answers: {}, min: Math.min(...values), p50: median(values), max: Math.max(...values) };
    });
  const dates = (id: string) =>
    group(
      rows.filter((r) => typeof r.record[id]?.value === 'string'),
      (r) => bucketOf(Date.parse(r.record[id]!.value as string), bucket),
    ).map(([start, rs]) => ({ start, count: rs.length, failing: rs.filter((r) => !r.record[id]!.valid).length, answers: {}, min: null, p50: null, max: null }));
  return {
    buckets: group(rows, (r) => bucketOf(Date.parse(r.created_at), bucket)).map(([start, rs]) => ({ start, submissions: rs.length, failing: rs.filter(failingRow).length })),
    questions: [
      { question_id: 'reg_temp', title: 'Cold room °C', value_type: 'decimal', buckets: numbers('reg_temp') },
      { question_id: 'reg_when', title: 'Checked at', value_type: 'datetime', buckets: dates('reg_when') },
      { question_id: 'insp_count', title: 'Count', value_type: 'number', buckets: numbers('insp_count') },
    ],
    submitters: [],
  };
}

describe('GET documentation/documents/{id}/analytics of a result sheet', () => {
  it("counts the sheet's rows and its number and date-time columns per bucket, as the test counts them from the rows", async () => {
    const data = await team.member.api.get(`documentation/documents/${sheet.id}/sheet-data?${RANGE}&limit=100`);
    expect(data.status, data.text).toBe(200);
    const rows = data.body.results as Row[];
    expect(rows.length).toBeGreaterThan(5);
    for (const bucket of ['day', 'week'] as const) {
      const res = await analytics(`${RANGE}&bucket=${bucket}&tz=UTC`);
      expect(res.status, res.text).toBe(200);
      expect(res.body, bucket).toEqual(expected(rows, bucket));
    }
    // A report answers the same.
    const fromReport = await analytics(`${RANGE}&bucket=week&tz=UTC`, team.member, report.id);
    expect(fromReport.status, fromReport.text).toBe(200);
    expect(fromReport.body.buckets).toEqual(expected(rows, 'week').buckets);
  });

  it('answers what the OpenAPI document says (the checklists\' Analytics schema)', async () => {
    const res = await call(team.member.api, 'get', '/documentation/documents/{id}/analytics', { id: sheet.id }, { query: `${RANGE}&bucket=week&tz=Europe/Berlin` });
    expect(res.status).toBe(200);
    expect(res.body.questions).toHaveLength(3);
  });

  it("cuts the buckets in the caller's zone: the 08:00 UTC row of 1 April is that day's in Berlin, the 31 March 22:30 UTC date is 1 April's", async () => {
    const res = await analytics(`${RANGE}&bucket=day&tz=Europe/Berlin`);
    expect(res.status, res.text).toBe(200);
    const berlinDay = (d: number) => Date.UTC(2026, 3, d) / 1000 - 2 * 3600;
    const when = res.body.questions.find((q: { question_id: string }) => q.question_id === 'reg_when');
    expect(when.buckets.find((b: { start: number }) => b.start === berlinDay(1)).count).toBe(2);
    // 14 April 23:59 UTC and 15 April 00:00 UTC are both 15 April in Berlin.
    expect(when.buckets.find((b: { start: number }) => b.start === berlinDay(15)).count).toBe(2);
  });

  it("leaves out the columns of a checklist the reader may not Read (its answers are not theirs)", async () => {
    const all = await analytics(`${RANGE}&bucket=week&tz=UTC`);
    await setAcl(team.admin, 'documents', inspectionId, [revoke(team.role.id, Permission.Read)]);
    try {
      const res = await analytics(`${RANGE}&bucket=week&tz=UTC`, team.roleMember);
      expect(res.status, res.text).toBe(200);
      expect(res.body.questions.map((q: { question_id: string }) => q.question_id)).toEqual(['reg_temp', 'reg_when']);
      expect(res.body.questions).toEqual(all.body.questions.slice(0, 2));
    } finally {
      await setAcl(team.admin, 'documents', inspectionId, []);
    }
  });

  it('needs Read: 404 without it (as the data call), 401 signed out', async () => {
    await setAcl(team.admin, 'documents', sheet.id, [revoke(team.role.id, Permission.Read)]);
    try {
      const refused = await analytics(RANGE, team.roleMember);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ detail: 'Document not found' });
      expect((await analytics(RANGE)).status).toBe(200);
    } finally {
      await setAcl(team.admin, 'documents', sheet.id, []);
    }
    expect((await analytics(RANGE, team.member, missingId())).status).toBe(404);
    expect((await server.client().get(`documentation/documents/${sheet.id}/analytics?${RANGE}`)).status).toBe(401);
  });

  it('refuses an unknown zone, a bucket outside the three and a range over 5 years with 422', async () => {
    const cases: [string, string][] = [
      [`${RANGE}&tz=Mars/Olympus`, 'tz'],
      [`${RANGE}&bucket=hour`, 'bucket'],
      [`start_time=0&end_time=${5 * 366 * DAY}`, 'end_time'],
    ];
    for (const [query, field] of cases) {
      const res = await analytics(query);
      expect(res.status, query).toBe(422);
      expect(res.body.detail, query).toContain(field);
    }
  });
});
