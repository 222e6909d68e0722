/** THE log: LOG_LEVEL and LOG_FORMAT are checked, lines below the level are not written. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/server/operations/logger.ts';

describe('createLogger', () => {
  it('refuses a level or format it does not know', () => {
    expect(() => createLogger({ level: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => createLogger({ format: 'xml' })).toThrow(/LOG_FORMAT must be json or pretty/);
  });

  it('writes one JSON object a line from the level up', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _e, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const log = createLogger({ level: 'warn', format: 'json', destination });
    log.info('not written');
    log.warn({ part: 'storage' }, 'written');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', part: 'storage', msg: 'written' });
  });
});
