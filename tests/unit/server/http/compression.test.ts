import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compression, THRESHOLD } from '../../../../src/server/http/compression.ts';

const big = { results: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Fire safety checklist ${i}` })), total: 100 };

function app() {
  const a = new Hono();
  a.use('*', compression());
  a.get('/big', (c) => c.json(big));
  a.get('/small', (c) => c.json({ detail: 'Not found' }, 404));
  a.get('/no-transform', (c) => {
    c.header('Cache-Control', 'no-transform');
    return c.json(big);
  });
  a.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  return a;
}

describe('compression', () => {
  it('compresses a large JSON answer with brotli when accepted, whole, with its length', async () => {
    const res = await app().request('/big', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
    expect(JSON.parse(brotliDecompressSync(body).toString('utf8'))).toEqual(big);
  });

  it('uses gzip, then deflate, when brotli is not accepted', async () => {
    const gz = await app().request('/big', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8'))).toEqual(big);
    const df = await app().request('/big', { headers: { 'Accept-Encoding': 'deflate' } });
    expect(df.headers.get('Content-Encoding')).toBe('deflate');
    expect(JSON.parse(inflateSync(Buffer.from(await df.arrayBuffer())).toString('utf8'))).toEqual(big);
  });

  it(`sends answers under ${THRESHOLD} bytes as they are, status kept`, async () => {
    const res = await app().request('/small', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await res.json()).toEqual({ detail: 'Not found' });
  });

  it('leaves alone what the client does not accept, no-transform answers and binary types', async () => {
    for (const [path, accept] of [
      ['/big', 'identity'],
      ['/big', 'br;q=0, gzip;q=0'],
      ['/no-transform', 'gzip'],
      ['/image', 'gzip'],
    ] as const) {
      const res = await app().request(path, { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('Content-Encoding'), `${path} with ${accept}`).toBeNull();
    }
  });

  it('chooses by q value, brotli first among equals', () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('gzip, *;q=0')).toBe('gzip');
  });
});
