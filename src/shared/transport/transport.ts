/**
 * THE HTTP transport to our API (DESIGN.md "One way to do each thing"), built on ofetch: the app's API
 * client (src/client/api.ts) and every element (rb-checklist, rb-permission-editor) call the server
 * through a transport made here, and nothing else in the browser calls `fetch`. It lives in src/shared
 * because elements may not import src/client (they stand alone on other sites); ofetch runs in Node too.
 *
 * A transport knows its base, who is calling (the bearer token, or any `credentials` headers — room for
 * share tokens), and what to do when a call fails: every failure becomes one `ApiError` (status and the
 * server's `{detail}`, status 0 when no answer came), a 401 goes to `onUnauthorized` (the app signs out;
 * a standalone element emits `rb-unauthorized`), and every failure to `onError`.
 */
import { FetchError, ofetch } from 'ofetch';
import { ApiError, detailOf, retryAfterOf } from './api-error.ts';
import { EventStreamParser, type ServerSentEvent } from './event-stream.ts';
import type { PageReadName } from '../page-data.ts';

export interface TransportOptions {
  /** The API base, e.g. '/api/v1' or 'https://ringbinder.example/api/v1'; a function when it may change. */
  base: string | (() => string);
  /** The bearer token at the time of each call; none (or empty) sends no Authorization header. */
  token?: () => string | null | undefined;
  /** Headers that say who calls, read at each call; replaces the bearer from `token` (e.g. a share token). */
  credentials?: () => Record<string, string>;
  /** A call with credentials was answered 401: the caller is no longer signed in. */
  onUnauthorized?: (error: ApiError) => void;
  /** Hears every failed call (after `onUnauthorized` for a 401). */
  onError?: (error: ApiError) => void;
  /**
   * The page data's answer to a call that names its read (`pageRead`): written into the HTML or started
   * by it (src/client/page-data.ts), taken instead of asking and read like any other answer; undefined
   * sends the request. `address` is the request's, with its query.
   */
  early?: (name: PageReadName, address: string, init: RequestInit) => Promise<Response> | undefined;
}

export type Query = Record<string, unknown>;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** A JSON body: any JSON value, bare strings and booleans too (API conventions). */
  json?: unknown;
  /** A form-encoded body (sign-in, password reset request). */
  form?: Record<string, string>;
  /** Any other body, e.g. multipart FormData (a signed upload). */
  body?: FormData | Blob | URLSearchParams;
  /** Extra headers; an `Authorization` given here wins over the transport's credentials. */
  headers?: Record<string, string>;
  /** Sent as the `Idempotency-Key` header: the server makes a retried write take effect once. */
  idempotencyKey?: string;
  /** No credentials (a signed upload: the signature is the permission); its failures reach no hook. */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** The request is finished even if the page is left meanwhile (sign-out just before leaving). */
  keepalive?: boolean;
  /**
   * The page's first read this call is (its name in the page data, src/shared/page-data.ts): the transport's
   * `early` answers it if the page has it. Only a page's first load names its read; a later one (paging,
   * another sort, a refresh) asks the network.
   */
  pageRead?: PageReadName | undefined;
}

export interface Transport {
  /** The base of the calls, as it is now. */
  base(): string;
  /**
   * Calls `path` and answers the parsed body (JSON, or text; undefined for 204). A `path` that starts with
   * '/' or a scheme is an address (e.g. a signed upload's url) resolved against the base's origin; any other
   * is relative to the base ('auth/me'). Rejects with ApiError; an aborted call rejects with its AbortError.
   */
  call<T>(path: string, options?: CallOptions): Promise<T>;
  /**
   * Reads `path` as server-sent events (a GET with the same credentials; EventSource cannot send a bearer
   * token): `onOpen` once the server has answered 2xx, then `onEvent` for each event as it comes. Settles
   * when the server ends the stream; rejects like `call` (an ApiError — a refusal with the server's detail,
   * status 0 when the connection failed or dropped — the hooks told as for a call) or with the AbortError of
   * `signal`. Reconnecting is the caller's business.
   */
  events(path: string, onEvent: (event: ServerSentEvent) => void, options?: EventsOptions): Promise<void>;
}

export interface EventsOptions {
  query?: Query;
  signal?: AbortSignal;
  onOpen?: () => void;
}

const hasScheme = (path: string) => /^[a-z][a-z\d+.-]*:/i.test(path);

/** Where `path` goes for `base` (see Transport.call). */
export function addressOf(base: string, path: string): string {
  if (hasScheme(path)) return path;
  if (path.startsWith('/')) {
    const page = (globalThis as { location?: { href: string } }).location?.href;
    try {
      return new URL(path, new URL(base || '/', page)).href;
    } catch {
      return path; // a relative base outside a browser: the path as it is
    }
  }
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The one reading of a failed call. An abort is not a failure of the call: its AbortError is rethrown. */
function errorOf(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof FetchError) {
    const cause = err.cause as { name?: string } | undefined;
    if (cause?.name === 'AbortError') throw cause;
    const status = err.response?.status ?? 0;
    if (status === 0) return new ApiError(0, 'Network error');
    const retryAfter = retryAfterOf(err.response?.headers.get('Retry-After'));
    return new ApiError(status, detailOf(err.data) ?? (err.response?.statusText || `Error ${status}`), err.data, retryAfter);
  }
  if ((err as { name?: string } | null)?.name === 'AbortError') throw err;
  return new ApiError(0, err instanceof Error ? err.message : String(err));
}

/** A call's headers (the credentials unless anonymous, its own, its Idempotency-Key) and body (JSON, a form, or as given). */
function requestOf(call: CallOptions, credentials: () => Record<string, string>): { headers: Headers; body: BodyInit | undefined } {
  const headers = new Headers(call.anonymous ? {} : credentials());
  for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
  if (call.idempotencyKey) headers.set('Idempotency-Key', call.idempotencyKey);
  let body: BodyInit | undefined = call.body;
  if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    headers.set('Content-Type', 'application/json');
  } else if (call.form) body = new URLSearchParams(call.form);
  return { headers, body };
}

/** Reads an event stream to its end, each event to `onEvent`; a failure (but the abort of `signal`) goes to `fail`. */
async function readEvents(
  stream: NonNullable<Response['body']>,
  onEvent: (event: ServerSentEvent) => void,
  signal: AbortSignal | undefined,
  fail: (error: ApiError) => never,
): Promise<void> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new EventStreamParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (const event of parser.push(value)) onEvent(event);
    }
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    return fail(errorOf(err));
  } finally {
    reader.releaseLock();
  }
}

export function createTransport(options: TransportOptions): Transport {
  const early = options.early;
  /** ofetch for a call: one that asks the page data first when the call names a read. */
  const fetcherOf = (name: PageReadName | undefined) =>
    early && name
      ? ofetch.create({}, { fetch: (input, init) => (typeof input === 'string' && early(name, input, init ?? {})) || globalThis.fetch(input, init) })
      : ofetch;
  const base = typeof options.base === 'function' ? options.base : () => options.base as string;
  const credentials =
    options.credentials ??
    (() => {
      const token = options.token?.();
      return token ? { Authorization: `Bearer ${token}` } : ({} as Record<string, string>);
    });

  return {
    base,
    async call<T>(path: string, call: CallOptions = {}): Promise<T> {
      const { headers, body } = requestOf(call, credentials);
      try {
        return await fetcherOf(call.pageRead)<T>(addressOf(base(), path), {
          method: call.method ?? (body === undefined ? 'GET' : 'POST'),
          headers,
          body,
          query: call.query,
          signal: call.signal,
          ...(call.keepalive ? { keepalive: true } : {}),
          retry: 0,
        });
      } catch (err) {
        const error = errorOf(err);
        if (!call.anonymous) {
          if (error.status === 401) options.onUnauthorized?.(error);
          options.onError?.(error);
        }
        throw error;
      }
    },
    async events(path, onEvent, events: EventsOptions = {}): Promise<void> {
      const fail = (error: ApiError): never => {
        if (error.status === 401) options.onUnauthorized?.(error);
        options.onError?.(error);
        throw error;
      };
      let response: Response;
      try {
        response = await ofetch.raw(addressOf(base(), path), {
          method: 'GET',
          headers: { Accept: 'text/event-stream', ...credentials() },
          query: events.query,
          signal: events.signal,
          responseType: 'stream',
          ignoreResponseError: true,
          retry: 0,
        });
      } catch (err) {
        return fail(errorOf(err));
      }
      if (!response.ok || !response.body) {
        let data: unknown;
        try {
          data = JSON.parse(await response.text());
        } catch {
          data = undefined;
        }
        return fail(new ApiError(response.status, detailOf(data) ?? (response.statusText || `Error ${response.status}`)));
      }
      events.onOpen?.();
      return readEvents(response.body, onEvent, events.signal, fail);
    },
  };
}
