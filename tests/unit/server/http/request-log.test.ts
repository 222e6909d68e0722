/** The request log masks secrets: tokens, codes and client secrets never reach it. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { maskedPath, requestLog } from '../../../../src/server/http/request-log.ts';

describe('maskedPath', () => {
  it.each([
    ['http://h/auth/activate?token=abc.DEF-123', '/auth/activate?token=***'],
    ['http://h/reset-password?token=s3cr3t&next=/login', '/reset-password?token=***&next=/login'],
    ['http://h/x?access_token=a&code=123456&client_secret=654321', '/x?access_token=***&code=***&client_secret=***'],
    ['http://h/x?TOKEN=a&Code=b', '/x?TOKEN=***&Code=***'],
    ['http://h/x?a=1&token=', '/x?a=1&token=***'],
  ])('%s → %s', (url, masked) => {
    expect(maskedPath(url)).toBe(masked);
  });

  it('leaves addresses without secrets as they are', () => {
    expect(maskedPath('http://h/api/v1/auth/me')).toBe('/api/v1/auth/me');
    expect(maskedPath('http://h/documentation/browse/f1?sort=name&mytoken=1&tokens=2')).toBe(
      '/documentation/browse/f1?sort=name&mytoken=1&tokens=2',
    );
  });
});

describe('requestLog', () => {
  it('writes method, masked address, status and time', async () => {
    const lines: string[] = [];
    const app = new Hono();
    app.use('*', requestLog((line) => lines.push(line)));
    app.get('/auth/activate', (c) => c.text('ok'));
    const res = await app.request('http://h/auth/activate?token=supersecret');
    expect(res.status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GET \/auth\/activate\?token=\*\*\* 200 \d+\.\dms$/);
    expect(lines.join()).not.toContain('supersecret');
  });
});

describe('the request id in the log line', () => {
  it('writes the answer’s X-Request-Id: the request’s own when sane, a new one otherwise', async () => {
    const { requestId } = await import('../../../../src/server/http/request-id.ts');
    const lines: string[] = [];
    const app = new Hono();
    app.use('*', requestId());
    app.use('*', requestLog((line) => lines.push(line)));
    app.get('/x', (c) => c.text('ok'));
    const given = await app.request('http://h/x', { headers: { 'X-Request-Id': 'lb-7f3a:01' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a:01');
    expect(lines[0]).toMatch(/^GET \/x 200 \d+\.\dms id=lb-7f3a:01$/);
    const forged = await app.request('http://h/x', { headers: { 'X-Request-Id': 'a b\tGET /admin 200' } });
    const id = forged.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[1]).toBe(lines[1]!.replace(/id=.*$/, `id=${id}`));
    expect(lines[1]).not.toContain('/admin');
  });
});

describe('the batched stdout writer', () => {
  it('writes the lines of one turn of the event loop together, in order, once', async () => {
    const { writeBatched } = await import('../../../../src/server/http/request-log.ts');
    const writes: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => {
      writes.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      writeBatched('GET /a 200 1.0ms');
      writeBatched('GET /b 404 0.5ms');
      expect(writes).toEqual([]);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.stdout.write = original;
    }
    expect(writes).toEqual(['GET /a 200 1.0ms\nGET /b 404 0.5ms\n']);
  });
});
