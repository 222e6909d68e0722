/**
 * Server-sent events in the one transport: the parser (pieces split anywhere, every line ending, comments,
 * multi-line data, id and retry) and `transport.events` against a real HTTP server — the bearer token
 * sent, each event as it comes, a refusal with the server's detail (401 told to the hook), a dropped
 * connection as status 0, and an abort left alone.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createTransport, EventStreamParser, type ServerSentEvent } from '../../../../src/shared/transport/index.ts';

describe('EventStreamParser', () => {
  const body = ': hello\n\nevent: ready\ndata: {"unread":2}\nretry: 2000\n\r\nid: 7\r\nevent: notification\rdata: a\ndata:b\n\ndata: plain\n\nevent: empty\n\n';
  const expected: ServerSentEvent[] = [
    { event: 'ready', data: '{"unread":2}', id: undefined, retry: 2000 },
    { event: 'notification', data: 'a\nb', id: '7', retry: undefined },
    { event: 'message', data: 'plain', id: '7', retry: undefined },
  ];

  it('reads events, whatever the pieces the body comes in', () => {
    expect(new EventStreamParser().push(body)).toEqual(expected);
    for (const size of [1, 2, 3, 5, 8, 13]) {
      const parser = new EventStreamParser();
      const got: ServerSentEvent[] = [];
      for (let i = 0; i < body.length; i += size) got.push(...parser.push(body.slice(i, i + size)));
      expect(got, `pieces of ${size}`).toEqual(expected);
    }
  });

  it('keeps an unfinished event until its blank line', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: x\ndata: 1\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'x', data: '1', id: undefined, retry: undefined }]);
  });
});

let server: Server;
let origin = '';
const seen: IncomingMessage[] = [];
const open = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    if (req.url === '/api/v1/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': ping\n\nevent: ready\ndata: {"unread":1}\n\n');
      setTimeout(() => {
        res.write('event: notification\nid: n1\ndata: {"a":');
        setTimeout(() => res.end('1}\n\n'), 20);
      }, 20);
      return;
    }
    if (req.url === '/api/v1/drop') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: ready\ndata: {}\n\n');
      setTimeout(() => res.destroy(), 30);
      return;
    }
    if (req.url === '/api/v1/forever') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: ready\ndata: {}\n\n');
      open.add(res);
      return;
    }
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: 'Could not validate credentials' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of open) res.end();
  await new Promise((resolve) => server.close(resolve));
});

describe('transport.events', () => {
  it('sends the bearer token and hands over each event as it comes, then settles when the server ends', async () => {
    const transport = createTransport({ base: `${origin}/api/v1`, token: () => 'tok' });
    const got: ServerSentEvent[] = [];
    let opened = 0;
    await transport.events('stream', (e) => got.push(e), { onOpen: () => opened++ });
    expect(opened).toBe(1);
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer tok');
    expect(seen.at(-1)?.headers.accept).toBe('text/event-stream');
    expect(got.map((e) => [e.event, e.data, e.id])).toEqual([
      ['ready', '{"unread":1}', undefined],
      ['notification', '{"a":1}', 'n1'],
    ]);
  });

  it("rejects a refusal with the server's detail and tells the 401 hook", async () => {
    const told: ApiError[] = [];
    const transport = createTransport({ base: `${origin}/api/v1`, token: () => 'bad', onUnauthorized: (e) => told.push(e) });
    const err = await transport.events('refused', () => undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, detail: 'Could not validate credentials' });
    expect(told).toHaveLength(1);
  });

  it('rejects with status 0 when the connection drops, after the events already read', async () => {
    const got: string[] = [];
    const err = await createTransport({ base: `${origin}/api/v1` })
      .events('drop', (e) => got.push(e.event))
      .catch((e: unknown) => e);
    expect(got).toEqual(['ready']);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
  });

  it('rejects with the AbortError when aborted, telling no hook', async () => {
    const told: ApiError[] = [];
    const abort = new AbortController();
    const reading = createTransport({ base: `${origin}/api/v1`, onError: (e) => told.push(e) }).events('forever', () => abort.abort(), { signal: abort.signal });
    const err = await reading.catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(told).toHaveLength(0);
  }, 5000);
});
