/**
 * The ceiling of our stack on this machine: a minimal Hono app on @hono/node-server with a node-postgres
 * pool of the same size as the server's, and no sign-in, no permissions, no validation — each route
 * runs ONE statement for the same rows as ours and answers them as JSON, compressed like ours:
 * - GET  /folders/{id}/contents: one SELECT of a folder's first 100 live items (folders first, by name)
 *   with their creators' and modifiers' usernames — the rows of our contents page;
 * - POST /documents/{id}/data: reads the JSON body and INSERTs one submission row (RETURNING it) — the
 *   row our submission stores.
 * The throughput bench runs it in a process of its own (`spawnMinimalServer`, minimal-route.ts), as the server
 * under test runs in its own (`npm start`), so neither wakes with the other's work.
 */
import { spawn } from 'node:child_process';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { uuidv7 } from '../../src/shared/ids.ts';
import { POOL_SIZE } from '../../src/server/db/connection.ts';
import { compression } from '../../src/server/http/compression.ts';

export interface MinimalServer {
  url: string;
  stop(): Promise<void>;
}

const CONTENTS = `
  SELECT i.kind, i.id, i.name, i.description, i.doctype, i.version, i.created_at, i.modified_at,
         c.username AS created_by_username, m.username AS modified_by_username
    FROM (SELECT 'folder' AS kind, 0 AS kind_rank, id, parent_id, name, description, NULL::text AS doctype, version,
                 created_by, created_at, modified_by, modified_at, deleted_at FROM folders
          UNION ALL
          SELECT 'document', 1, id, folder_id, name, description, doctype, version,
                 created_by, created_at, modified_by, modified_at, deleted_at FROM documents) i
    LEFT JOIN users c ON c.id = i.created_by
    LEFT JOIN users m ON m.id = i.modified_by
   WHERE i.parent_id = $1 AND i.deleted_at IS NULL
   ORDER BY i.kind_rank, lower(i.name), i.name, i.id
   LIMIT 100`;

const INSERT = `
  INSERT INTO checklist_submissions (id, org_id, document_id, version, record, validation_errors, created_by, created_at)
  VALUES ($1, $2, $3, 1, $4, 0, $5, now())
  RETURNING id, document_id, version, created_at, record, validation_errors`;

/** `orgId` and `userId`: whose submissions the minimal route stores (it signs no one in). */
export async function startMinimalServer(databaseUrl: string, who: { orgId: string; userId: string }): Promise<MinimalServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
  // As the server's pool (src/server/db/connection.ts): a connection the database ends is logged, not a crash.
  pool.on('error', (err) => console.error(`minimal route: PostgreSQL connection lost: ${err.message}`));
  const app = new Hono();
  app.use('*', compression());
  app.get('/folders/:id/contents', async (c) => {
    const { rows } = await pool.query(CONTENTS, [c.req.param('id')]);
    return c.json({ results: rows, total: rows.length });
  });
  app.post('/documents/:id/data', async (c) => {
    const body = (await c.req.json()) as { record: unknown };
    const { rows } = await pool.query(INSERT, [uuidv7(), who.orgId, c.req.param('id'), JSON.stringify(body.record), who.userId]);
    return c.json(rows[0], 201);
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

/** The minimal route in a child process (`node --import tsx tests/bench/minimal-route.ts`). */
export async function spawnMinimalServer(databaseUrl: string, who: { orgId: string; userId: string }): Promise<MinimalServer & { pid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/minimal-route.ts'], {
    env: { ...process.env, MINIMAL_DATABASE_URL: databaseUrl, MINIMAL_ORG_ID: who.orgId, MINIMAL_USER_ID: who.userId },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening (\S+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the minimal route exited with ${code} before listening`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
