/**
 * A clean stop (SIGTERM, Ctrl-C; docs/operations.md "Stopping and restarting"). Once `begin()` is called:
 * - /readyz answers 503 (operations/health.ts): the load balancer sends new requests elsewhere;
 * - a request that arrives now — on a connection kept alive, or one the balancer still opens — is answered
 *   503 with `Retry-After` and `Connection: close`, its body read first (an unread body would make the
 *   kernel answer the client's next bytes with a reset); nothing of it runs;
 * - the requests in flight run to their answer, each sent with `Connection: close`;
 * - the listening socket stays open until those are done and no request has come for QUIET_MS (closing it
 *   earlier resets the connections waiting in its backlog), then closes; idle connections close with it.
 * The caller (server.ts) then stops the live streams and the background work and closes the database.
 */
import type { MiddlewareHandler } from 'hono';
import type { ServerType } from '@hono/node-server';
import { Server as NetServer } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { problemAnswer } from '../http/error-handler.ts';

/** No new request for this long (and none in flight): the listening socket closes. */
const QUIET_MS = 150;
/** How long a refused client should wait before trying again (any process behind the balancer may answer). */
export const RETRY_AFTER_SECONDS = 1;

export class Drain {
  private inFlight = 0;
  private stopping = false;
  private lastArrival = 0;
  private readonly waiters = new Set<() => void>();

  get isStopping(): boolean {
    return this.stopping;
  }

  /** The app's first middleware: counts requests in flight; refuses new ones once stopping. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      this.lastArrival = Date.now();
      if (this.stopping) {
        await c.req.raw.body?.pipeTo(new WritableStream()).catch(() => undefined);
        c.header('Retry-After', String(RETRY_AFTER_SECONDS));
        c.header('Connection', 'close');
        c.header('Cache-Control', 'no-store');
        return problemAnswer(c, 503, 'The server is restarting; try again in a moment');
      }
      this.inFlight++;
      try {
        await next();
      } finally {
        this.inFlight--;
        if (this.stopping) c.res.headers.set('Connection', 'close');
        this.wake();
      }
      return undefined;
    };
  }

  begin(): void {
    this.stopping = true;
    this.lastArrival = Date.now();
  }

  /**
   * Waits for the requests in flight and a quiet moment (at most until `deadline`), then closes the
   * listening socket and the idle connections; settles when the server has let go of its connections or
   * at the deadline (the rest are then cut).
   */
  async closeServer(server: ServerType, deadline: number): Promise<void> {
    this.begin();
    while (Date.now() < deadline && (this.inFlight > 0 || Date.now() - this.lastArrival < QUIET_MS)) {
      await this.settled(Math.min(QUIET_MS, deadline - Date.now()));
    }
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    const http = server as HttpServer;
    http.closeIdleConnections();
    // Connections that answered their last request meanwhile become idle: close them as they do.
    const sweep = setInterval(() => http.closeIdleConnections(), 50);
    const late = setTimeout(() => http.closeAllConnections(), Math.max(0, deadline - Date.now()));
    late.unref();
    try {
      await closed;
    } finally {
      clearInterval(sweep);
      clearTimeout(late);
    }
  }

  private wake(): void {
    for (const w of this.waiters) w();
    this.waiters.clear();
  }

  private settled(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, Math.max(1, ms));
      this.waiters.add(done);
    });
  }
}
