/**
 * $notifications: the signed-in member's notifications panel (accounts §2 Notifications panel) — the
 * newest page and the unread count — read once with GET documentation/notifications, then kept current
 * by the live stream (GET documentation/notifications/stream, read through THE transport with the bearer
 * token: `transport.events`). Each `notification` event is put first and its `unread` taken; `resync`
 * (the server missed some) and a `ready` whose count differs from ours read the list again.
 *
 * The stream reconnects by itself when it ends or drops (a server restart, a proxy, the network): after
 * 1 s, doubling to 15 s, with jitter, and never while the browser knows it is offline (it waits for
 * 'online'); the list is read once again when it is back. It stops for good on
 * 401 (the session store signs out) and on the organisation refusals (400, 402, 403).
 */
import { atom } from 'nanostores';
import type { Notification, NotificationPush } from '../../shared/api/notifications.ts';
import type { ServerSentEvent } from '../../shared/transport/index.ts';
import * as paths from '../../shared/api/paths.ts';
import { api, ApiError, transport } from '../api.ts';

/** How many the panel shows (the newest). */
export const PANEL_LIMIT = 50;

export interface NotificationsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  results: Notification[];
  total: number;
  unread: number;
  /** The live stream is open. */
  live: boolean;
}

const initial: NotificationsState = { status: 'idle', results: [], total: 0, unread: 0, live: false };

export const $notifications = atom<NotificationsState>(initial);

const patch = (change: Partial<NotificationsState>) => $notifications.set({ ...$notifications.get(), ...change });

let reading: Promise<void> | undefined;
let again = false;

/** Reads the newest page and the unread count (a read already under way is followed by one more, not more). */
export function loadNotifications(): Promise<void> {
  if (reading) {
    again = true;
    return reading;
  }
  if ($notifications.get().status === 'idle') patch({ status: 'loading' });
  reading = (async () => {
    try {
      do {
        again = false;
        const list = await api.informed.notifications({ limit: PANEL_LIMIT });
        patch({ status: 'ready', results: list.results, total: list.total, unread: list.unread });
      } while (again);
    } catch {
      if ($notifications.get().status !== 'ready') patch({ status: 'error' });
    } finally {
      reading = undefined;
    }
  })();
  return reading;
}

/** Marks some read (the panel's click, Clear All), then reads the list again. */
export async function markNotificationsRead(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const now = new Date().toISOString();
  const wanted = new Set(ids);
  const state = $notifications.get();
  // At once on screen; the read that follows has the last word.
  const newlyRead = state.results.filter((n) => wanted.has(n.id) && n.read_at === null).length;
  patch({
    results: state.results.map((n) => (wanted.has(n.id) && n.read_at === null ? { ...n, read_at: now } : n)),
    unread: Math.max(0, state.unread - newlyRead),
  });
  try {
    await api.informed.markRead(ids);
  } finally {
    await loadNotifications();
  }
}

/** Every unread notification marked read ('Clear All'). */
export function markAllRead(): Promise<void> {
  return markNotificationsRead($notifications.get().results.filter((n) => n.read_at === null).map((n) => n.id));
}

/**
 * What the live stream heard: a notification, a submission to a checklist whose results the member may read (issue
 * #45: every reader's results page moves, not only the notified), or `resync` (something may have been missed).
 */
export type LiveNews = { kind: 'notification'; notification: Notification } | { kind: 'submission'; document_id: string } | { kind: 'resync' };

const newsListeners = new Set<(news: LiveNews) => void>();

/**
 * Hears what the live stream brings (issue #32: the dashboard's panels follow it as the bell does);
 * answers the function that stops listening.
 */
export function onLiveNews(listener: (news: LiveNews) => void): () => void {
  newsListeners.add(listener);
  return () => newsListeners.delete(listener);
}

const tell = (news: LiveNews) => {
  for (const listener of newsListeners) listener(news);
};

function take(push: NotificationPush): void {
  tell({ kind: 'notification', notification: push.notification });
  const state = $notifications.get();
  const known = state.results.some((n) => n.id === push.notification.id);
  patch({
    results: known ? state.results : [push.notification, ...state.results].slice(0, PANEL_LIMIT),
    total: known ? state.total : state.total + 1,
    unread: push.unread,
  });
}

/** The wait before reconnect attempt `n` (0-based): 1 s doubling to 15 s, between half and all of it. */
export function reconnectDelay(n: number, random: () => number = Math.random): number {
  const full = Math.min(1000 * 2 ** n, 15_000);
  return Math.round(full / 2 + (random() * full) / 2);
}

const STOPPING = new Set([400, 401, 402, 403, 404]);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/** What the browser says of its network: `onLine`, and the target of its 'online' event. */
export interface Connectivity {
  readonly onLine: boolean;
  target: EventTarget;
}

const browserConnectivity = (): Connectivity | undefined =>
  typeof navigator === 'undefined' || typeof window === 'undefined'
    ? undefined
    : {
        get onLine() {
          return navigator.onLine;
        },
        target: window,
      };

/**
 * Resolves at once unless the browser knows it is offline (a kiosk without network); then when it says
 * 'online' again, or when `signal` aborts. A reconnect attempt made offline would only fail.
 */
export function untilOnline(signal: AbortSignal, connectivity: Connectivity | undefined = browserConnectivity()): Promise<void> {
  if (!connectivity || connectivity.onLine || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      connectivity.target.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    connectivity.target.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

/**
 * Opens the live stream and keeps it open (reconnecting) until the answer is called. The first read of
 * the list is the caller's (`loadNotifications`); this reads again only when something may have been missed.
 */
export function startLiveNotifications(): () => void {
  const abort = new AbortController();
  const { signal } = abort;
  void (async () => {
    let attempt = 0;
    let reconnected = false;
    while (!signal.aborted) {
      await untilOnline(signal);
      if (signal.aborted) break;
      const onEvent = (e: ServerSentEvent) => {
        if (e.event === 'notification') take(JSON.parse(e.data) as NotificationPush);
        else if (e.event === 'submission') tell({ kind: 'submission', ...(JSON.parse(e.data) as { document_id: string }) });
        else if (e.event === 'resync') {
          void loadNotifications();
          tell({ kind: 'resync' });
        } else if (e.event === 'ready') {
          const { unread } = JSON.parse(e.data) as { unread: number };
          // Back after a break, or something came between our read and this stream: read the list again.
          if (reconnected || unread !== $notifications.get().unread) {
            void loadNotifications();
            tell({ kind: 'resync' });
          }
        }
      };
      try {
        await transport.events(paths.documentation.notificationStream, onEvent, {
          signal,
          onOpen: () => {
            attempt = 0;
            patch({ live: true });
          },
        });
      } catch (err) {
        if (signal.aborted) break;
        if (err instanceof ApiError && STOPPING.has(err.status)) break;
      }
      patch({ live: false });
      reconnected = true;
      await sleep(reconnectDelay(attempt++), signal);
    }
    patch({ live: false });
  })();
  return () => abort.abort();
}
