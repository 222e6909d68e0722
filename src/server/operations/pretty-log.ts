/**
 * LOG_FORMAT=pretty: pino's JSON lines turned into short lines for a person at a terminal —
 * `12:00:01 INFO  message key=value …`, a request as `GET /api/v1/… 200 3.1ms`. No worker thread and no
 * package of its own (pino-pretty runs as a transport in a worker, which the bundled server would have
 * to ship apart).
 */
import { Writable } from 'node:stream';
import type { DestinationStream } from 'pino';

const SHOWN_APART = new Set(['time', 'level', 'msg']);

function valueText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/** One JSON log line as a readable line (a line that is not JSON is kept as it is). */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
  const level = String(entry.level ?? 'info').toUpperCase().padEnd(5);
  const rest = Object.entries(entry)
    .filter(([key]) => !SHOWN_APART.has(key))
    .map(([key, value]) => `${key}=${valueText(value)}`);
  return [time, level, String(entry.msg ?? ''), ...rest].filter((part) => part !== '').join(' ');
}

export function prettyStream(out: DestinationStream): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const text = String(chunk);
      const lines = text.split('\n').filter((line) => line !== '');
      out.write(lines.map((line) => `${prettyLine(line)}\n`).join(''));
      done();
    },
  });
}
