/**
 * The request log (issue #47): one JSON object a line with the request's id, method, the route's PATTERN,
 * status, duration and the caller's ids — never the address, so no token in a path or a query reaches it.
 */
import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestId } from '../../../../src/server/http/request-id.ts';
import { requestLog } from '../../../../src/server/http/request-log.ts';
import { createLogger } from '../../../../src/server/operations/logger.ts';

function collected(format: 'json' | 'pretty' = 'json') {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, log: createLogger({ level: 'info', format, destination }) };
}

async function settle() {
  await new Promise((resolve) => setImmediate(resolve));
}

describe('requestLog', () => {
  it('writes id, method, route pattern, status, duration and who — never the address or its query', async () => {
    const { lines, log } = collected();
    const app = new Hono<{ Variables: { caller: { user: { id: string } }; member: { orgId: string } } }>();
    app.use('*', requestId());
    app.use('*', requestLog(log));
    app.get('/api/v1/things/:id', (c) => {
      c.set('caller', { user: { id: 'user-1' } });
      c.set('member', { orgId: 'org-1' });
      return c.text('ok');
    });
    const res = await app.request('http://h/api/v1/things/share_supersecret?token=alsosecret', { headers: { 'X-Request-Id': 'lb-7f3a:01' } });
    expect(res.status).toBe(200);
    await settle();
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 'info', reqId: 'lb-7f3a:01', method: 'GET', route: '/api/v1/things/:id', status: 200, userId: 'user-1', orgId: 'org-1' });
    expect(typeof entry.durationMs).toBe('number');
    expect(Date.parse(String(entry.time))).not.toBeNaN();
    expect(lines[0]).not.toContain('supersecret');
    expect(lines[0]).not.toContain('alsosecret');
  });

  it('names a page by its pattern in the route table, and a file by its folder', async () => {
    const { lines, log } = collected();
    const app = new Hono();
    app.use('*', requestLog(log));
    app.get('*', (c) => c.text('page'));
    await app.request('http://h/fill/share_abcdefSECRET');
    await app.request('http://h/_astro/app.AbCd1234.js');
    await settle();
    expect(lines.map((l) => (JSON.parse(l) as { route: string }).route)).toEqual(['/fill/:token', '/_astro/*']);
    expect(lines.join('\n')).not.toContain('SECRET');
  });

  it('writes a 5xx answer at level error', async () => {
    const { lines, log } = collected();
    const app = new Hono();
    app.use('*', requestLog(log));
    app.get('/x', (c) => c.text('no', 503));
    await app.request('http://h/x');
    await settle();
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', status: 503, route: '/x' });
  });

  it('reads as a short line with LOG_FORMAT=pretty', async () => {
    const { lines, log } = collected('pretty');
    const app = new Hono();
    app.use('*', requestLog(log));
    app.get('/x', (c) => c.text('ok'));
    await app.request('http://h/x');
    await settle();
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}request method=GET route=\/x status=200 durationMs=[\d.]+$/);
  });
});
