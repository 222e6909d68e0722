import { Writable } from 'node:stream';
import { createLogger, useLogger } from '../../../src/server/operations/logger.ts';
import { passStats } from '../../../src/server/operations/pass-stats.ts';
import { describe, expect, it, vi } from 'vitest';
import { BackgroundPasses, repeatEvery } from '../../../src/server/background-passes.ts';

/** A pass that waits until the test lets it finish. */
function gatedWork() {
  const runs: (() => void)[] = [];
  let started = 0;
  const work = () =>
    new Promise<void>((resolve) => {
      started += 1;
      runs.push(resolve);
    });
  return { work, runs, started: () => started };
}

describe('BackgroundPasses', () => {
  it('runs one pass at a time, and one more after it when asked during it', async () => {
    const gate = gatedWork();
    const passes = new BackgroundPasses(gate.work, () => {}, 'failed');
    passes.soon();
    passes.soon();
    passes.soon();
    expect(gate.started()).toBe(1);
    gate.runs[0]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(gate.started()).toBe(2);
    gate.runs[1]!();
    await passes.idle();
    expect(gate.started()).toBe(2);
  });

  it('logs a pass that throws, and runs again when asked', async () => {
    const lines: string[] = [];
    let calls = 0;
    const passes = new BackgroundPasses(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database unreachable');
      },
      (line) => lines.push(line),
      'Mail delivery pass failed',
    );
    passes.soon();
    await passes.idle();
    expect(lines).toEqual(['Mail delivery pass failed: database unreachable']);
    passes.soon();
    await passes.idle();
    expect(calls).toBe(2);
    expect(lines).toHaveLength(1);
  });

  it('is idle at once when no pass was asked for', async () => {
    const passes = new BackgroundPasses(async () => {}, () => {}, 'failed');
    await expect(passes.idle()).resolves.toBeUndefined();
  });
});

describe('repeatEvery', () => {
  it('runs a pass at once and one each interval, never two at once, and its stop waits for the pass under way', async () => {
    vi.useFakeTimers();
    try {
      const gate = gatedWork();
      const stop = repeatEvery(gate.work, 1000, 'A job failed');
      expect(gate.started()).toBe(1);
      await vi.advanceTimersByTimeAsync(3000);
      expect(gate.started()).toBe(1);
      gate.runs[0]!();
      await vi.advanceTimersByTimeAsync(0);
      expect(gate.started()).toBe(2);
      let stopped = false;
      const stopping = stop().then(() => {
        stopped = true;
      });
      await vi.advanceTimersByTimeAsync(5000);
      expect(stopped).toBe(false);
      gate.runs[1]!();
      await stopping;
      expect(gate.started()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a pass that threw with its name, counts it for /metrics and keeps its timer', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    useLogger(createLogger({ level: 'info', format: 'json', destination }));
    try {
      let runs = 0;
      const stop = repeatEvery(async () => {
        runs += 1;
        throw new Error('database unreachable');
      }, 1000, 'The metered job failed');
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(2);
      expect(lines.map((l) => (JSON.parse(l) as { level: string; msg: string })).filter((l) => l.msg === 'The metered job failed: database unreachable')).toHaveLength(2);
      expect(passStats().get('the_metered_job')).toMatchObject({ runs: 2, failures: 2, lastFailed: true });
      await stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
