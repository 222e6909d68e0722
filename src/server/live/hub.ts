/**
 * The live hub (issue #12; accounts §2 Notifications panel): ONE per server process. It LISTENs on the
 * `notifications` channel (db/listen.ts: a dedicated PostgreSQL connection, or PGlite's in-process
 * listen) and keeps the open streams of GET documentation/notifications/stream by user and organisation.
 * Whoever writes a notification sends, in the same transaction, `pg_notify('notifications',
 * '{"u": userId, "o": orgId, "n": notificationId}')`; PostgreSQL delivers it at commit to EVERY process
 * listening, so a notification written through one server reaches a page whose stream is open on another.
 *
 * A payload for nobody with a stream here costs a JSON.parse. For someone with streams, the notification
 * is read ONCE for all of them (db/queries/live-notifications.ts: the row, the unread count, their
 * membership and which of the streams' login sessions still live, one statement; then the ACL levels of
 * its item and of the folders its event names, one more) and presented like GET documentation/notifications
 * (services/notifications/items.ts `notificationsSeenBy`: the same function, so a folder the recipient may
 * not Read is named in neither),
 * then written to each stream as a `notification` event (a NotificationPush). A stream whose login
 * session has ended, expired or gone idle is closed instead (its page reconnects, is refused 401 and
 * signs out); a recipient no longer an active member gets nothing and their streams close.
 *
 * A stream costs a map entry and its socket: no database connection, no timer of its own (one heartbeat
 * timer walks every stream). When the LISTEN connection was lost and listens again, every stream is sent
 * `resync` (its page reads the list again: what was notified meanwhile was not heard).
 */
import type { NotificationPush } from '../../shared/api/notifications.ts';
import { listen, type ChannelListener } from '../db/listen.ts';
import { liveNotification } from '../db/queries/live-notifications.ts';
import type { Deps, Member } from '../env.ts';
import { notificationsSeenBy } from '../services/notifications/items.ts';
import { logger } from '../operations/logger.ts';
import { resultReaders } from './submissions.ts';

export const CHANNEL = 'notifications';

/** Comment lines this often keep proxies (and the browser) from dropping an idle stream. */
export const HEARTBEAT_MS = 25_000;

/** What the hub writes to a stream. */
export type LiveEvent =
  | { event: 'notification'; id: string; data: NotificationPush }
  | { event: 'resync'; data: Record<string, never> }
  /** The server is stopping: connect again (the balancer sends the new stream to another process). */
  | { event: 'reconnect'; data: Record<string, never> }
  /** A checklist whose results the member may read got a submission (issue #45; ./submissions.ts). */
  | { event: 'submission'; data: { document_id: string } };

/** One open stream, as the route gives it to the hub. */
export interface LiveStream {
  member: Member;
  /** The login session of the bearer token the stream was opened with. */
  sessionId: string;
  send(event: LiveEvent): void;
  /** A comment line (heartbeat). */
  ping(): void;
  /** Ends the stream (the hub has already forgotten it). */
  close(): void;
}

interface Payload {
  u: string;
  o: string;
  n: string;
}

/** A checklist's submissions stored (the trigger of migration 0031): `s` the checklist. */
interface SubmissionPayload {
  o: string;
  s: string;
}

function payloadOf(text: string): Payload | SubmissionPayload | undefined {
  try {
    const p = JSON.parse(text) as Partial<Payload & SubmissionPayload>;
    if (typeof p.o === 'string' && typeof p.s === 'string') return { o: p.o, s: p.s };
    return typeof p.u === 'string' && typeof p.o === 'string' && typeof p.n === 'string' ? (p as Payload) : undefined;
  } catch {
    return undefined;
  }
}

const keyOf = (userId: string, orgId: string) => `${userId}:${orgId}`;

export interface LiveHubOptions {
  heartbeatMs?: number;
  log?: (message: string) => void;
}

export class LiveHub {
  private readonly streams = new Map<string, Set<LiveStream>>();
  /** Streams in `streams`, kept as they come and go (the cap reads it at every new stream). */
  private count = 0;
  private readonly reads = new Set<Promise<void>>();
  private listener: ChannelListener | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly log: (message: string) => void;

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'config' | 'now'>,
    private readonly options: LiveHubOptions = {},
  ) {
    this.log = options.log ?? ((message) => logger().error(message));
  }

  /** LISTENs; settles once the LISTEN is in place. */
  async start(): Promise<void> {
    this.listener = listen(this.deps.db, CHANNEL, (payload) => this.heard(payload), {
      onReconnect: () => this.resyncAll(),
      log: this.log,
    });
    this.heartbeat = setInterval(() => this.pingAll(), this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
    await this.listener.ready;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** How many streams are open (tests, and a health view). */
  get openStreams(): number {
    return this.count;
  }

  /** Keeps `stream` until the answer is called (its client went away) or the hub stops. */
  add(stream: LiveStream): () => void {
    if (this.stopped) {
      stream.close();
      return () => undefined;
    }
    const key = keyOf(stream.member.userId, stream.member.orgId);
    let set = this.streams.get(key);
    if (!set) this.streams.set(key, (set = new Set()));
    if (!set.has(stream)) this.count++;
    set.add(stream);
    return () => this.forget(key, stream);
  }

  /** Closes every stream and the LISTEN connection, after the reads under way. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    const all = [...this.streams.values()].flatMap((set) => [...set]);
    this.streams.clear();
    this.count = 0;
    for (const stream of all) {
      stream.send({ event: 'reconnect', data: {} });
      stream.close();
    }
    await this.listener?.close();
    await Promise.allSettled([...this.reads]);
  }

  private forget(key: string, stream: LiveStream): void {
    const set = this.streams.get(key);
    if (!set) return;
    if (set.delete(stream)) this.count--;
    if (set.size === 0) this.streams.delete(key);
  }

  private heard(text: string): void {
    if (this.stopped) return;
    const payload = payloadOf(text);
    if (!payload) return;
    if ('s' in payload) return this.track(`live submission ${payload.s}`, this.submitted(payload));
    const set = this.streams.get(keyOf(payload.u, payload.o));
    if (!set || set.size === 0) return;
    this.track(`live notification ${payload.n}`, this.push(payload, [...set]));
  }

  /** Keeps a read under way until it settles (stop waits for them); its failure is logged. */
  private track(what: string, work: Promise<void>): void {
    const read = work.catch((err: unknown) => this.log(`${what}: ${err instanceof Error ? err.message : String(err)}`)).finally(() => this.reads.delete(read));
    this.reads.add(read);
  }

  /** A checklist got submissions: every stream of its organisation whose member may read its results hears of it. */
  private async submitted(payload: SubmissionPayload): Promise<void> {
    const streams = [...this.streams.values()].flatMap((set) => [...set]).filter((s) => s.member.orgId === payload.o);
    if (streams.length === 0) return;
    const members = [...new Map(streams.map((s) => [s.member.userId, s.member])).values()];
    const readers = await resultReaders(this.deps.db, members, payload.s);
    if (this.stopped) return;
    const event: LiveEvent = { event: 'submission', data: { document_id: payload.s } };
    for (const stream of streams) {
      if (readers.has(stream.member.userId) && this.streams.get(keyOf(stream.member.userId, payload.o))?.has(stream)) stream.send(event);
    }
  }

  private async push(payload: Payload, streams: LiveStream[]): Promise<void> {
    const now = this.deps.now();
    const found = await liveNotification(this.deps.db, {
      id: payload.n,
      userId: payload.u,
      orgId: payload.o,
      sessionIds: [...new Set(streams.map((s) => s.sessionId))],
      now,
      idleSince: new Date(now.getTime() - this.deps.config.sessionIdleMs),
    });
    if (this.stopped) return;
    const key = keyOf(payload.u, payload.o);
    const open = streams.filter((s) => this.streams.get(key)?.has(s));
    const [live, dead] = found.member ? partition(open, (s) => found.liveSessionIds.has(s.sessionId)) : [[], open];
    for (const stream of dead) {
      this.forget(key, stream);
      stream.close();
    }
    if (!found.notification || !found.member || live.length === 0) return;
    const first = live[0]!.member;
    const who: Member = { ...first, isOrgAdmin: found.member.isOrgAdmin, roleIds: new Set(found.member.roleIds) };
    // As the list presents it, for this recipient now: its item and the folders its event names (issue #28).
    const [notification] = await notificationsSeenBy(this.deps.db, who, [found.notification]);
    if (!notification) return;
    if (this.stopped) return;
    const event: LiveEvent = { event: 'notification', id: notification.id, data: { notification, unread: found.unread } };
    for (const stream of live) if (this.streams.get(key)?.has(stream)) stream.send(event);
  }

  private resyncAll(): void {
    for (const set of this.streams.values()) for (const stream of set) stream.send({ event: 'resync', data: {} });
  }

  private pingAll(): void {
    for (const set of this.streams.values()) for (const stream of set) stream.ping();
  }
}

function partition<T>(list: readonly T[], keep: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of list) (keep(item) ? yes : no).push(item);
  return [yes, no];
}

// ─── One hub per database (per server process) ──────────────────────────────────────────────────

const hubs = new WeakMap<object, { hub: LiveHub; started: Promise<LiveHub> } | 'stopped'>();

/** The streams open on the hub of the server whose database is `db` (/metrics); 0 before the first or once stopped. */
export function openLiveStreams(db: object): number {
  const known = hubs.get(db);
  return known && known !== 'stopped' ? known.hub.openStreams : 0;
}

/**
 * The hub of the server whose database is `deps.db`, started on the first stream opened (a server whose
 * pages never open one keeps no LISTEN connection). server.ts stops it before it stops listening for HTTP;
 * after that no hub starts again for this database (undefined: the server is going away).
 */
export function liveHubOf(deps: Pick<Deps, 'db' | 'config' | 'now'>): Promise<LiveHub> | undefined {
  const known = hubs.get(deps.db);
  if (known === 'stopped') return undefined;
  if (known) return known.started;
  const hub = new LiveHub(deps);
  const started = hub.start().then(() => hub);
  hubs.set(deps.db, { hub, started });
  started.catch(() => hubs.get(deps.db) !== 'stopped' && hubs.delete(deps.db));
  return started;
}

/** Stops the hub of `db` if one was started (every stream ends, the LISTEN connection closes); none starts after. */
export async function stopLiveHub(db: object): Promise<void> {
  const known = hubs.get(db);
  hubs.set(db, 'stopped');
  if (known && known !== 'stopped') await known.hub.stop();
}
