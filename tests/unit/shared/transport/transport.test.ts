/**
 * The one transport (src/shared/transport) against a real HTTP server on a free port: what it sends
 * (base, bearer or other credentials, JSON and form bodies, Idempotency-Key, query) and how every failure
 * reads (status + `{detail}`, status 0 when no answer came, the 401 hook, aborts left alone), and a call
 * naming its page read answered by `early`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, addressOf, createTransport, newIdempotencyKey, sendSignedUpload } from '../../../../src/shared/transport/index.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let origin = '';
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      const reply = (status: number, data?: unknown) => {
        res.writeHead(status, data === undefined ? {} : { 'content-type': 'application/json' });
        res.end(data === undefined ? undefined : JSON.stringify(data));
      };
      if (path === '/api/v1/echo') return reply(200, { ok: true });
      if (path === '/api/v1/busy') {
        res.writeHead(429, { 'content-type': 'application/problem+json', 'retry-after': '120' });
        return res.end(JSON.stringify({ detail: 'Too many attempts, please try again later' }));
      }
      if (path === '/api/v1/empty') return reply(204);
      if (path === '/api/v1/me') return reply(401, { detail: 'Could not validate credentials' });
      if (path === '/api/v1/invalid') return reply(422, { detail: [{ msg: 'name is required' }, { msg: 'limit is too large' }] });
      if (path === '/api/v1/next-step') return reply(403, { detail: 'Choose your own password to continue', password_change_token: 'abc' });
      if (path === '/api/v1/plain') {
        res.writeHead(503, 'Service Unavailable', { 'content-type': 'text/plain' });
        return res.end('down');
      }
      if (path === '/uploads/signed') return reply(401, { detail: 'Signature expired' });
      if (path === '/api/v1/problem') {
        // As the API answers every refusal (RFC 9457, src/server/http/problem-types.ts).
        res.writeHead(409, { 'content-type': 'application/problem+json' });
        return res.end(JSON.stringify({ type: 'tag:ringbinder,2026:problem/conflict', title: 'Conflict', status: 409, detail: 'This folder was changed by someone else' }));
      }
      if (path === '/api/v1/problem-stream') {
        res.writeHead(406, { 'content-type': 'application/problem+json' });
        return res.end(JSON.stringify({ type: 'tag:ringbinder,2026:problem/not-acceptable', title: 'Not acceptable', status: 406, detail: 'Send Accept: text/event-stream' }));
      }
      if (path === '/api/v1/slow') return void setTimeout(() => reply(200, {}), 500);
      reply(404, { detail: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections(); // keep-alive connections would hold close() for seconds
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const last = () => seen[seen.length - 1]!;

describe('createTransport', () => {
  it('calls paths relative to the base with the bearer token of the moment, and answers the parsed body', async () => {
    let token: string | undefined = 'first';
    const transport = createTransport({ base: `${origin}/api/v1/`, token: () => token });
    expect(await transport.call('echo')).toEqual({ ok: true });
    expect(last().headers.authorization).toBe('Bearer first');
    token = undefined;
    await transport.call('/api/v1/echo');
    expect(last().headers.authorization).toBeUndefined();
    expect(await transport.call('empty', { method: 'DELETE' })).toBeUndefined();
    expect(last().method).toBe('DELETE');
  });

  it('asks `early` for a call that names its page read (with the address and query it would send), and only for such a call', async () => {
    const asked: [string, string][] = [];
    const transport = createTransport({
      base: `${origin}/api/v1`,
      token: () => 't',
      early: (name, address) => {
        asked.push([name, address]);
        return name === 'me' ? Promise.resolve(new Response('{"from":"page"}', { status: 200, headers: { 'Content-Type': 'application/json' } })) : undefined;
      },
    });
    const before = seen.length;
    expect(await transport.call('echo', { pageRead: 'me', query: { a: 1 } })).toEqual({ from: 'page' });
    expect(asked).toEqual([['me', `${origin}/api/v1/echo?a=1`]]);
    expect(seen.length).toBe(before); // answered by the page: nothing sent
    expect(await transport.call('echo', { pageRead: 'folder' })).toEqual({ ok: true }); // none for that name: the network
    expect(await transport.call('echo')).toEqual({ ok: true }); // no name: `early` is not asked
    expect(asked.map(([name]) => name)).toEqual(['me', 'folder']);
    expect(seen.length).toBe(before + 2);
  });

  it('sends credentials headers instead of the bearer when given (room for share tokens)', async () => {
    const transport = createTransport({ base: `${origin}/api/v1`, token: () => 'unused', credentials: () => ({ 'X-Share-Token': 'abc' }) });
    await transport.call('echo');
    expect(last().headers['x-share-token']).toBe('abc');
    expect(last().headers.authorization).toBeUndefined();
  });

  it('sends any JSON value as JSON, forms form-encoded, repeated query keys, and the Idempotency-Key', async () => {
    const transport = createTransport({ base: `${origin}/api/v1`, token: () => 't' });
    await transport.call('echo', { method: 'POST', json: 'a bare token' });
    expect(last()).toMatchObject({ method: 'POST', body: '"a bare token"' });
    expect(last().headers['content-type']).toBe('application/json');
    await transport.call('echo', { method: 'POST', json: false });
    expect(last().body).toBe('false');
    await transport.call('echo', { form: { username: 'anna', password: 'p w' } });
    expect(last()).toMatchObject({ method: 'POST', body: 'username=anna&password=p+w' });
    expect(last().headers['content-type']).toContain('application/x-www-form-urlencoded');
    await transport.call('echo', { query: { ordering: ['kind', '-name'], skip: 0, limit: undefined } });
    expect(last().url).toBe('/api/v1/echo?ordering=kind&ordering=-name&skip=0');
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await transport.call('echo', { method: 'POST', json: { record: {} }, idempotencyKey: key });
    expect(last().headers['idempotency-key']).toBe(key);
  });

  it('reads the Retry-After of a refusal in seconds (issue #43: a kiosk sends its queued answers after it)', async () => {
    const transport = createTransport({ base: `${origin}/api/v1` });
    await expect(transport.call('busy')).rejects.toMatchObject({ status: 429, retryAfter: 120 });
    await expect(transport.call('invalid')).rejects.toMatchObject({ status: 422, retryAfter: undefined });
  });

  it("reads every refusal one way: the status and the server's {detail}, a 422's list joined", async () => {
    const errors: ApiError[] = [];
    const transport = createTransport({ base: `${origin}/api/v1`, onError: (e) => errors.push(e) });
    await expect(transport.call('missing')).rejects.toMatchObject({ status: 404, detail: 'Not found', network: false });
    await expect(transport.call('invalid')).rejects.toMatchObject({ status: 422, detail: 'name is required; limit is too large' });
    await expect(transport.call('plain')).rejects.toMatchObject({ status: 503, detail: 'Service Unavailable' });
    expect(errors.map((e) => e.status)).toEqual([404, 422, 503]);
    expect(errors.every((e) => e instanceof ApiError)).toBe(true);
  });

  it('reads problem details (application/problem+json) as JSON: the detail, and the type beside it', async () => {
    const transport = createTransport({ base: `${origin}/api/v1` });
    const refused = await transport.call('problem').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, detail: 'This folder was changed by someone else', body: { type: 'tag:ringbinder,2026:problem/conflict', status: 409 } });
    await expect(transport.events('problem-stream', () => undefined)).rejects.toMatchObject({ status: 406, detail: 'Send Accept: text/event-stream' });
  });

  it('keeps the whole answer of a refusal as `body`: what the server says beside its detail (a next step’s token)', async () => {
    const transport = createTransport({ base: `${origin}/api/v1` });
    const refused = await transport.call('next-step').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, detail: 'Choose your own password to continue', body: { password_change_token: 'abc' } });
    await expect(transport.call('plain')).rejects.toMatchObject({ status: 503, body: 'down' });
  });

  it('tells a 401 to onUnauthorized (then onError), and no other status', async () => {
    const told: string[] = [];
    const transport = createTransport({
      base: `${origin}/api/v1`,
      token: () => 'revoked',
      onUnauthorized: (e) => told.push(`unauthorized ${e.detail}`),
      onError: (e) => told.push(`error ${e.status}`),
    });
    await expect(transport.call('me')).rejects.toMatchObject({ status: 401, detail: 'Could not validate credentials' });
    await expect(transport.call('missing')).rejects.toMatchObject({ status: 404 });
    expect(told).toEqual(['unauthorized Could not validate credentials', 'error 401', 'error 404']);
  });

  it('a call that gets no answer is status 0, network', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const transport = createTransport({ base: `http://127.0.0.1:${port}/api/v1` });
    const error = await transport.call('echo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, network: true });
  });

  it('an aborted call rejects with its AbortError, not as a failure of the API', async () => {
    const errors: ApiError[] = [];
    const transport = createTransport({ base: `${origin}/api/v1`, onError: (e) => errors.push(e) });
    const controller = new AbortController();
    const call = transport.call('slow', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(errors).toEqual([]);
  });

  it('a signed upload goes without credentials to the signed address, and its refusal reaches no hook', async () => {
    const told: number[] = [];
    const transport = createTransport({ base: `${origin}/api/v1`, token: () => 'secret', onUnauthorized: (e) => told.push(e.status), onError: (e) => told.push(e.status) });
    const signed = { url: `${origin}/uploads/signed`, fields: { key: 'k1', policy: 'p' } };
    await expect(sendSignedUpload(transport, signed, new Blob(['jpeg bytes'], { type: 'image/jpeg' }), 'photo.jpg')).rejects.toMatchObject({
      status: 401,
      detail: 'Signature expired',
    });
    expect(last().headers.authorization).toBeUndefined();
    expect(last().headers['content-type']).toContain('multipart/form-data');
    expect(last().body.indexOf('name="key"')).toBeLessThan(last().body.indexOf('name="file"; filename="photo.jpg"'));
    expect(told).toEqual([]);
  });
});

describe('addressOf', () => {
  it('joins relative paths to the base; resolves addresses against the base origin; keeps absolute ones', () => {
    expect(addressOf('/api/v1', 'auth/me')).toBe('/api/v1/auth/me');
    expect(addressOf('/api/v1/', '/auth/me'.slice(1))).toBe('/api/v1/auth/me');
    expect(addressOf('https://rb.example/api/v1', '/api/v1/uploads/x')).toBe('https://rb.example/api/v1/uploads/x');
    expect(addressOf('/api/v1', 'https://s3.example/bucket')).toBe('https://s3.example/bucket');
  });
});
