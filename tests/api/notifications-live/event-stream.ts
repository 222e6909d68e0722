/**
 * Reads GET documentation/notifications/stream as a page would (a bearer token, the body read as it
 * comes) and parses its server-sent events, for the live notifications tests.
 */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
  retry: number | undefined;
}

export interface OpenStream {
  status: number;
  contentType: string | null;
  /** Every event so far. */
  events: SseEvent[];
  /** Comment lines so far (heartbeats). */
  comments: string[];
  /** The next event (after those already taken by `next`) that matches, within `ms`. */
  next(match?: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Settles when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(apiUrl: string, token: string | undefined, accept = 'text/event-stream'): Promise<OpenStream> {
  const abort = new AbortController();
  const res = await fetch(`${apiUrl}/documentation/notifications/stream`, {
    headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  let finished = false;
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: SseEvent = { event: 'message', id: undefined, data: '', retry: undefined };
          const data: string[] = [];
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              isEvent = true;
              const [field, ...rest] = line.split(':');
              const val = rest.join(':').replace(/^ /, '');
              if (field === 'event') e.event = val;
              else if (field === 'id') e.id = val;
              else if (field === 'data') data.push(val);
              else if (field === 'retry') e.retry = Number(val);
            }
          }
          if (isEvent) {
            e.data = data.join('\n');
            events.push(e);
          }
          wake();
        }
      }
    } catch {
      // aborted by close()
    } finally {
      finished = true;
      wake();
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    comments,
    ended,
    close: () => abort.abort(),
    next: (match = () => true, ms = 5000) =>
      new Promise<SseEvent>((resolve, reject) => {
        const check = () => {
          while (taken < events.length) {
            const e = events[taken++]!;
            if (match(e)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(e);
              return;
            }
          }
          if (finished) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error('the stream ended'));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms (had: ${events.map((e) => e.event).join(', ')})`));
        }, ms);
        waiters.add(check);
        check();
      }),
  };
}
