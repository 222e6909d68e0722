/**
 * GET /healthz and GET /readyz (issue #47, operations/health.ts): no sign-in; /readyz answers 503 naming
 * the part that fails — each broken here in turn: the upload storage, the migrations, the database. No
 * version or path in either answer.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestServer, useTestServer } from '../support/harness.ts';

const server = useTestServer();

async function probe(url: string, path: string) {
  const res = await fetch(`${url}${path}`);
  return { status: res.status, text: await res.text(), headers: res.headers };
}

function revealsNothing(text: string, dataDir: string) {
  expect(text).not.toContain(dataDir);
  expect(text).not.toMatch(/version|\d+\.\d+\.\d+|node|postgres|pglite|\//i);
}

describe('GET /healthz', () => {
  it('answers 200 without signing in, and tells nothing of the server', async () => {
    const res = await probe(server.url, '/healthz');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    revealsNothing(res.text, server.config.dataDir);
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers, the migrations are applied and the uploads can be written', async () => {
    const res = await probe(server.url, '/readyz');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
    revealsNothing(res.text, server.config.dataDir);
  });

  it('answers 503 naming the storage when the upload folder cannot be written', async () => {
    const uploads = join(server.config.dataDir, 'uploads');
    await rm(uploads, { recursive: true, force: true });
    await writeFile(uploads, 'not a folder');
    try {
      const res = await probe(server.url, '/readyz');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toMatchObject({ status: 'not ready', failing: ['storage'] });
      revealsNothing(res.text, server.config.dataDir);
    } finally {
      await rm(uploads, { force: true });
    }
    expect((await probe(server.url, '/readyz')).status).toBe(200);
  });

  it('answers 503 naming the migrations when one of this build is not applied', async () => {
    const found = (await server.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as { rows: unknown[] };
    const [last] = found.rows as {
      id: number;
      hash: string;
      created_at: string;
    }[];
    await server.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const res = await probe(server.url, '/readyz');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toMatchObject({ failing: ['migrations'], checks: { database: 'ok', migrations: 'failing', storage: 'ok' } });
    } finally {
      await server.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await probe(server.url, '/readyz')).status).toBe(200);
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const broken = await startTestServer();
    const client = (broken.db as unknown as { $client: { end?: () => Promise<void>; close?: () => Promise<void> } }).$client;
    await (client.end ? client.end() : client.close!());
    const res = await probe(broken.url, '/readyz');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.text)).toMatchObject({ failing: ['database', 'migrations'], checks: { database: 'failing', storage: 'ok' } });
    revealsNothing(res.text, broken.config.dataDir);
    // Alive all the same: restarting the process would not bring the database back.
    expect((await probe(broken.url, '/healthz')).status).toBe(200);
    await broken.close().catch(() => undefined);
  }, 120_000);
});
