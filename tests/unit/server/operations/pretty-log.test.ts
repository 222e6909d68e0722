/** LOG_FORMAT=pretty: pino's JSON lines as short readable lines. */
import { describe, expect, it } from 'vitest';
import { prettyLine } from '../../../../src/server/operations/pretty-log.ts';

describe('prettyLine', () => {
  it('writes the time, the level and the message first, then the fields', () => {
    const line = prettyLine(JSON.stringify({ level: 'warn', time: '2026-12-07T06:12:47.246Z', part: 'storage', err: 'no space left', msg: 'readiness check failing' }));
    expect(line).toBe('06:12:47 WARN  readiness check failing part=storage err="no space left"');
  });

  it('keeps the newcomer’s first line as it is', () => {
    const msg = 'Ringbinder is running at http://localhost:4321 (listening on http://127.0.0.1:4321; database: PGlite in /data/pglite; mail: written to /data/outbox)';
    expect(prettyLine(JSON.stringify({ level: 'info', time: '2026-12-07T06:00:00.000Z', msg }))).toBe(`06:00:00 INFO  ${msg}`);
  });

  it('passes a line that is not JSON through', () => {
    expect(prettyLine('plain text')).toBe('plain text');
  });
});
