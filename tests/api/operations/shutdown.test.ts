/**
 * A clean stop (issue #47, operations/shutdown.ts), on the real server process: SIGTERM during a burst of
 * checklist submissions. Every submission acknowledged is stored and none other is; every other one gets
 * an answer the client can retry (503 with Retry-After) or was never taken (connection refused) — none is
 * cut with a reset. An open live stream is told to reconnect. The process exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/connection.ts';
import { makeChecklist, question, type TestUser } from '../support/factories.ts';
import { adminOf, startServerProcess, type ServerProcess } from './support.ts';

const TIMEOUT_MS = 5_000;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.dispose();
});

type Outcome = { kind: 'stored'; id: string } | { kind: 'retry'; status: number; retryAfter: string | null } | { kind: 'refused' } | { kind: 'cut'; what: string };

async function submit(apiUrl: string, token: string, documentId: string, n: number): Promise<Outcome> {
  try {
    const res = await fetch(`${apiUrl}/documentation/documents/${documentId}/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ record: { note: { value: `burst ${n}` } } }),
    });
    const body = (await res.json()) as { id?: string };
    if (res.status === 201 && body.id) return { kind: 'stored', id: body.id };
    return { kind: 'retry', status: res.status, retryAfter: res.headers.get('retry-after') };
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'cut', what: `${code ?? ''} ${String((err as Error).cause ?? err)}` };
  }
}

/** Opens the live stream and collects what it says until it ends. */
async function liveStream(apiUrl: string, token: string): Promise<{ opened: Promise<void>; ended: Promise<string> }> {
  const res = await fetch(`${apiUrl}/documentation/notifications/stream`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = '';
  let opened: () => void = () => undefined;
  const openedPromise = new Promise<void>((resolve) => (opened = resolve));
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return text;
      text += new TextDecoder().decode(value);
      if (text.includes('event: ready')) opened();
    }
  })();
  return { opened: openedPromise, ended };
}

/** Whether a request already settled with anything but a stored submission. */
async function anyRefused(burst: Promise<Outcome>[]): Promise<boolean> {
  const settled = await Promise.all(burst.map((p) => Promise.race([p, Promise.resolve(undefined)])));
  return settled.some((o) => o !== undefined && o.kind !== 'stored');
}

async function storedIds(s: ServerProcess, documentId: string): Promise<string[]> {
  if (s.databaseUrl) {
    const client = new pg.Client({ connectionString: s.databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ id: string }>('select id from checklist_submissions where document_id = $1', [documentId])).rows.map((r) => r.id);
    } finally {
      await client.end();
    }
  }
  const database = await openDatabase({ dataDir: join(s.dataDir, 'pglite') });
  try {
    const result = (await database.db.execute(sql`select id from checklist_submissions where document_id = ${documentId}`)) as unknown as { rows: { id: string }[] };
    return result.rows.map((r) => r.id);
  } finally {
    await database.close();
  }
}

describe('SIGTERM during a burst of submissions', () => {
  it('answers every request — stored, or 503 with Retry-After — tells live streams to reconnect, and exits in time', async () => {
    server = await startServerProcess({ SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS) });
    const s = server;
    const admin = await adminOf(s);
    const checklist = await makeChecklist({ api: admin } as unknown as TestUser, { note: question('text') });
    const stream = await liveStream(s.apiUrl, admin.token!);
    await stream.opened;

    const burst: Promise<Outcome>[] = [];
    for (let n = 0; n < 25; n++) burst.push(submit(s.apiUrl, admin.token!, checklist.id as string, n));
    await Promise.race(burst);
    const signalled = Date.now();
    s.child.kill('SIGTERM');
    // More while it stops, until one is refused (on a busy machine the signal may take a moment to be heard).
    for (let n = 25; n < 50 || (n < 400 && s.child.exitCode === null && !(await anyRefused(burst))); n++) {
      burst.push(submit(s.apiUrl, admin.token!, checklist.id as string, n));
      if (n % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const outcomes = await Promise.all(burst);
    const code = await s.exited;
    const tookMs = Date.now() - signalled;

    expect(outcomes.filter((o) => o.kind === 'cut'), 'requests cut without an answer').toEqual([]);
    for (const o of outcomes) if (o.kind === 'retry') expect(o).toEqual({ kind: 'retry', status: 503, retryAfter: '1' });
    const acknowledged = outcomes.flatMap((o) => (o.kind === 'stored' ? [o.id] : []));
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(outcomes.some((o) => o.kind !== 'stored'), 'some requests came after the stop began').toBe(true);
    expect(code).toBe(0);
    // Within SHUTDOWN_TIMEOUT_MS, with room for a busy machine (the process's own last resort is 1 s past it).
    expect(tookMs).toBeLessThan(TIMEOUT_MS + 3_000);
    expect((await stream.ended)).toContain('event: reconnect');
    expect((await storedIds(s, checklist.id as string)).sort()).toEqual([...acknowledged].sort());
    expect(s.lines.some((l) => l.includes('SIGTERM received'))).toBe(true);
  }, 240_000);
});
