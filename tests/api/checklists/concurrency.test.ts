/**
 * Submissions under load and retries: 50 concurrent submissions are all stored; a submission retried
 * with the same Idempotency-Key is stored once — one after the other and all at once. On PostgreSQL
 * (DATABASE_URL set) the requests really run in parallel on a pool of connections; on PGlite they are
 * serialised, so only the PostgreSQL run proves the concurrency — the outcome must be the same on both.
 * The key is THE mechanism of every creating POST (src/server/http/idempotency.ts; tests/api/idempotency).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, checklistSubmissions } from '../../../src/server/db/schema.ts';
import { createOrg, makeChecklist, makeTeam, orgWithAdmin, question, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { submit } from './support.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

const N = 50;
/** Fifty requests at once on a busy machine. */
const HEAVY = 120_000;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const rowsOf = (documentId: string) => server.db.select().from(checklistSubmissions).where(eq(checklistSubmissions.documentId, documentId));
const eventsOf = (documentId: string) =>
  server.db
    .select()
    .from(activityEvents)
    .where(and(eq(activityEvents.type, 'DataSubmitted'), eq(activityEvents.documentId, documentId)));

describe(`${N} concurrent submissions (${database})`, () => {
  it('are all stored, each with its own event', async () => {
    const doc = await makeChecklist(team.admin, { n: question('number'), note: question('text', { required: false }) });
    const users = [team.admin, team.member, team.roleMember];
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => submit(users[i % users.length]!, doc.id, { n: { value: i }, note: { value: `writer ${i}` } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(201));
    const rows = await rowsOf(doc.id);
    expect(rows).toHaveLength(N);
    expect(rows.map((r) => (r.record as { n: { value: number } }).n.value).sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i));
    expect(new Set(rows.map((r) => r.id)).size).toBe(N);
    expect(await eventsOf(doc.id)).toHaveLength(N);
    const listed = await team.member.api.get(`documentation/documents/${doc.id}/data`);
    expect(listed.body.total).toBe(N);
  }, HEAVY);
});

describe(`Idempotency-Key (${database})`, () => {
  it('a retried submission is stored once and answered exactly as the first time', async () => {
    const doc = await makeChecklist(team.admin, { q: question('pass/fail') });
    const key = crypto.randomUUID();
    const first = await submit(team.member, doc.id, { q: { value: 'fail' } }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    for (let retry = 0; retry < 3; retry++) {
      const again = await submit(team.member, doc.id, { q: { value: 'fail' } }, { 'Idempotency-Key': key });
      expect(again.status).toBe(201);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await rowsOf(doc.id)).toHaveLength(1);
    expect(await eventsOf(doc.id)).toHaveLength(1);
    const [row] = await rowsOf(doc.id);
    expect(row).toMatchObject({ id: first.body.id, createdBy: team.member.id });
  });

  it('the same request with its keys in another order is the same request', async () => {
    const doc = await makeChecklist(team.admin, { a: question('true/false', { allowComments: true }), b: question('text') });
    const key = crypto.randomUUID();
    const first = await team.member.api.request('POST', `documentation/documents/${doc.id}/data`, {
      body: '{"record":{"a":{"value":true,"comments":"ok"},"b":{"value":"x"}}}',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });
    const reordered = await team.member.api.request('POST', `documentation/documents/${doc.id}/data`, {
      body: '{ "record": { "b": { "value": "x" }, "a": { "comments": "ok", "value": true } } }',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
    });
    expect([first.status, reordered.status]).toEqual([201, 201]);
    expect(reordered.body).toEqual(first.body);
    expect(await rowsOf(doc.id)).toHaveLength(1);
  });

  it(`concurrent retries with one key (${N} at once) store one row; every answer is that row`, async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: N }, () => submit(team.member, doc.id, { q: { value: true } }, { 'Idempotency-Key': key })));
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(201));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(N - 1);
    expect(await rowsOf(doc.id)).toHaveLength(1);
    expect(await eventsOf(doc.id)).toHaveLength(1);
  }, HEAVY);

  it('the same key with a different request → 422, nothing stored; the first row stays', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    const key = crypto.randomUUID();
    const first = await submit(team.member, doc.id, { q: { value: true } }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const res = await submit(team.member, doc.id, { q: { value: false } }, { 'Idempotency-Key': key });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      detail: 'Idempotency-Key: was already used for a different request',
      errors: [{ field: 'Idempotency-Key', message: 'was already used for a different request' }],
    });
    expect(await rowsOf(doc.id)).toHaveLength(1);
  });

  it('a key belongs to one address: the same key on another checklist is another key', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    const other = await makeChecklist(team.admin, { q: question('true/false') });
    const key = crypto.randomUUID();
    expect((await submit(team.member, doc.id, { q: { value: true } }, { 'Idempotency-Key': key })).status).toBe(201);
    const elsewhere = await submit(team.member, other.id, { q: { value: true } }, { 'Idempotency-Key': key });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.headers.get('idempotent-replayed')).toBeNull();
    expect(await rowsOf(doc.id)).toHaveLength(1);
    expect(await rowsOf(other.id)).toHaveLength(1);
  });

  it('a refused submission is not remembered: corrected, the same key stores it', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    const key = crypto.randomUUID();
    expect((await submit(team.member, doc.id, { q: { value: 'yes' } }, { 'Idempotency-Key': key })).status).toBe(422);
    expect((await submit(team.member, doc.id, { q: { value: true } }, { 'Idempotency-Key': key })).status).toBe(201);
    expect(await rowsOf(doc.id)).toHaveLength(1);
  });

  it('a retry after the checklist was republished still answers the first row', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    const key = crypto.randomUUID();
    const first = await submit(team.member, doc.id, { q: { value: true } }, { 'Idempotency-Key': key });
    const republished = await team.admin.api.put(`documentation/documents/${doc.id}`, {
      version: 1,
      contents: { questions: { other: question('text') }, question_index: ['other'] },
    });
    expect(republished.status).toBe(200);
    const again = await submit(team.member, doc.id, { q: { value: true } }, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.body.version).toBe(1);
  });

  it('keys belong to one user in one organisation', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    const key = crypto.randomUUID();
    const mine = await submit(team.member, doc.id, { q: { value: true } }, { 'Idempotency-Key': key });
    const theirs = await submit(team.roleMember, doc.id, { q: { value: true } }, { 'Idempotency-Key': key });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);

    const { admin } = await orgWithAdmin(server);
    const first = await makeChecklist(admin, { q: question('true/false') });
    const inFirst = await submit(admin, first.id, { q: { value: true } }, { 'Idempotency-Key': key });
    await createOrg(admin);
    const second = await makeChecklist(admin, { q: question('true/false') });
    const inSecond = await submit(admin, second.id, { q: { value: true } }, { 'Idempotency-Key': key });
    expect([inFirst.status, inSecond.status]).toEqual([201, 201]);
    expect(inSecond.body.document_id).toBe(second.id);
  });

  // The race with a request still in flight, for every creating POST: tests/api/idempotency/in-flight.test.ts.

  it('a malformed key → 400', async () => {
    const doc = await makeChecklist(team.admin, { q: question('true/false') });
    for (const key of ['', 'with space', 'x'.repeat(256), 'ümlaut']) {
      const res = await team.member.api.request('POST', `documentation/documents/${doc.id}/data`, {
        body: JSON.stringify({ record: { q: { value: true } } }),
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
      });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body).toMatchObject({ detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters' });
    }
    expect(await rowsOf(doc.id)).toHaveLength(0);
  });
});
