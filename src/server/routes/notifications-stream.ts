/**
 * GET documentation/notifications/stream (issue #12): the caller's notifications in their current
 * organisation as they are written, as server-sent events (text/event-stream), through the live hub
 * (src/server/live/hub.ts). Signed in like every call: the page reads the stream through THE transport
 * with its bearer token (src/shared/transport `stream`), not with EventSource, which cannot send one —
 * so no token or ticket ever sits in an address (logs, history, Referer).
 *
 * Events:
 * - `ready` first, `{unread}`: the stream is registered; the page reads the list again if its count differs
 *   (something came between its GET and this stream) — with `retry:` for clients that reconnect on their own;
 * - `notification`, id = the notification's id, a NotificationPush `{notification, unread}`;
 * - `resync` `{}`: the server's LISTEN connection was lost a moment; read the list again;
 * - `reconnect` `{}`: the server is stopping (operations/shutdown.ts); the stream ends after it, connect again;
 * - a comment line every HEARTBEAT_MS, so proxies keep an idle stream open.
 * Last-Event-ID is not replayed: after any reconnect the page reads the list once (GET
 * documentation/notifications), which is the whole truth. The stream ends when the server stops, when
 * its login session has ended or gone idle (seen at the next push), or when the client goes away.
 * Asked without `Accept: text/event-stream` it answers 406 (a plain GET would wait forever).
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { sessionCallerOf } from '../auth/login-sessions.ts';
import type { MemberEnv } from '../env.ts';
import { problemAnswer } from '../http/error-handler.ts';
import { operation } from '../openapi/operation.ts';
import { liveHubOf, type LiveEvent } from '../live/hub.ts';
import { unreadNotifications } from '../services/notifications/panel.ts';

/** How long the browser waits before reconnecting on its own (EventSource's `retry:`). */
export const RETRY_MS = 2000;

/** Past LIVE_STREAMS_PER_PROCESS: Retry-After, in seconds. */
const FULL_RETRY_S = 30;

export const notificationsStream = new Hono<MemberEnv>();

notificationsStream.get('/', operation({
  summary: 'My notifications as they come (server-sent events)',
  description: 'Send Accept: text/event-stream. Events: ready {unread} first, then notification {notification, unread} (id: the notification’s id), resync {} (read the list again); a comment line now and then keeps the stream open.',
  tag: 'Notifications',
  answers: { 200: { media: 'text/event-stream', description: 'The event stream' } },
  errors: [406, 503],
}), async (c) => {
  // Only a client that asks for an event stream gets one (EventSource and the transport send this Accept);
  // anything else would wait on an answer that never ends.
  if (!/(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(c.req.header('accept') ?? '')) {
    return problemAnswer(c, 406, 'This call answers text/event-stream only (send Accept: text/event-stream)');
  }
  const hub = await liveHubOf(c.var.deps);
  // The server is stopping (its hub has ended every stream): the page tries again later.
  if (!hub || hub.isStopped) return problemAnswer(c, 503, 'The server is shutting down');
  // A process holds so many open pages at most (LIVE_STREAMS_PER_PROCESS): past it, the page tries again
  // a little later (by then on another process behind the load balancer, or here once a page has left).
  if (hub.openStreams >= c.var.deps.config.liveStreamsPerProcess) {
    c.header('Retry-After', String(FULL_RETRY_S));
    return problemAnswer(c, 503, 'This server holds as many live connections as it can; try again in a moment');
  }
  const member = c.var.member;
  const sessionId = sessionCallerOf(c.var.caller).session.id;
  c.header('X-Accel-Buffering', 'no'); // nginx: pass each event on at once
  return streamSSE(c, async (sse) => {
    let done: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (done = resolve));
    // Writes one after another, each after the last has been taken (a slow reader holds only its own queue).
    let queue: Promise<unknown> = Promise.resolve();
    const write = (text: () => Promise<unknown>) => {
      queue = queue.then(() => (sse.closed || sse.aborted ? undefined : text()));
    };
    const send = (e: LiveEvent | { event: 'ready'; data: { unread: number } }) =>
      write(() =>
        sse.writeSSE({
          event: e.event,
          data: JSON.stringify(e.data),
          ...('id' in e ? { id: e.id } : {}),
          ...(e.event === 'ready' || e.event === 'reconnect' ? { retry: RETRY_MS } : {}),
        }),
      );
    const forget = hub.add({
      member,
      sessionId,
      send,
      ping: () => write(() => sse.write(': ping\n\n')),
      close: () => done(),
    });
    sse.onAbort(() => {
      forget();
      done();
    });
    send({ event: 'ready', data: { unread: await unreadNotifications(c.var.deps, member) } });
    await ended;
    forget();
    await queue;
  });
});
