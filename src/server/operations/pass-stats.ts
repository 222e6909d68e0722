/**
 * What each background pass did last (/metrics: `ringbinder_background_pass_*`): when it last ended, whether
 * that run failed, how many runs failed in all. Kept per process by the pass's name; BackgroundPasses
 * (background-passes.ts) reports every run.
 */
export interface PassStat {
  lastRunAt: number;
  lastFailed: boolean;
  failures: number;
  runs: number;
}

const stats = new Map<string, PassStat>();

/** The pass's name as a label: its log line's words without "failed" (`Mail delivery pass failed` → `mail_delivery_pass`). */
export function passName(failed: string): string {
  return failed
    .replace(/\s*failed\s*$/i, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
}

export function recordPass(name: string, failed: boolean, at = Date.now()): void {
  const stat = stats.get(name) ?? { lastRunAt: 0, lastFailed: false, failures: 0, runs: 0 };
  stat.lastRunAt = at;
  stat.lastFailed = failed;
  stat.runs++;
  if (failed) stat.failures++;
  stats.set(name, stat);
}

export function passStats(): ReadonlyMap<string, PassStat> {
  return stats;
}
