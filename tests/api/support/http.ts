/** The HTTP client of the API tests: JSON or form bodies, an optional bearer token, every answer read whole. */
import { request as httpRequest } from 'node:http';

/** Response bodies are whatever JSON the server sent; tests assert on their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiResponse<T = Json> {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: T;
  text: string;
}

export interface RequestOptions {
  /** Sent as JSON (any JSON value, including a bare string or boolean). */
  json?: unknown;
  /** Sent form-encoded. */
  form?: Record<string, string>;
  /** Sent as it is. */
  body?: NonNullable<RequestInit['body']>;
  headers?: Record<string, string>;
  /** Overrides the client's token for this request (null: send none). */
  token?: string | null;
}

export class ApiClient {
  /** `baseUrl` is the API base, e.g. http://127.0.0.1:1234/api/v1. */
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  withToken(token: string | undefined): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  async request<T = Json>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers = new Headers(options.headers);
    const token = options.token === undefined ? this.token : options.token;
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    let body: RequestInit['body'] = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    } else if (options.form !== undefined) {
      body = new URLSearchParams(options.form).toString();
      if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded');
    }
    const res = await fetch(this.url(path), { method, headers, body: body ?? null, redirect: 'manual' });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: parseJson(text) as T, text };
  }

  get<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = Json>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, json === undefined ? options : { ...options, json });
  }
  put<T = Json>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, json === undefined ? options : { ...options, json });
  }
  delete<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }
  postForm<T = Json>(path: string, form: Record<string, string>, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { ...options, form });
  }

  url(path: string): string {
    return `${this.baseUrl}/${path.replace(/^\/+/, '')}`;
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A request through node:http, for what fetch will not send: a chunked body without Content-Length, a
 * Content-Length that lies, a body written slowly.
 */
export function rawRequest(
  url: string,
  options: { method: string; headers?: Record<string, string>; chunks?: (string | Uint8Array)[] },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let answered = false;
    // A connection of its own: after an early answer the server may close it, so it must not be reused.
    const req = httpRequest(url, { method: options.method, headers: options.headers ?? {}, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    // The server may answer (413) and close before the whole body is written: that is not a failure.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    req.on('close', () => {
      if (!answered) reject(new Error(`${options.method} ${url}: the connection closed without an answer`));
    });
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}
