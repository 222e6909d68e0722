/**
 * `_build-info` (no auth): the server's version and build time, for the about dialog, and how billing runs
 * (whether payments are set up, TRIAL_DAYS) for the screens that speak of a trial (issue #32).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { BillingSettings, BuildInfo } from '../../shared/api/accounts.ts';
import type { Config } from '../config.ts';
import type { AppEnv } from '../env.ts';
import { buildInfo as buildInfoAnswer } from '../openapi/answers/billing.ts';
import { operation } from '../openapi/operation.ts';

const startedAt = new Date().toISOString();

export function readBuildInfo(distDir: string): Omit<BuildInfo, 'billing'> {
  try {
    const info = JSON.parse(readFileSync(join(distDir, 'build-info.json'), 'utf8')) as Partial<BuildInfo>;
    if (typeof info.version === 'string' && typeof info.time === 'string') return { version: info.version, time: info.time };
  } catch {
    // no build yet (dev server): fall through
  }
  return { version: process.env.npm_package_version ?? '0.1.0', time: startedAt };
}

export const buildInfo = new Hono<AppEnv>();
buildInfo.get('/', operation({
  summary: 'The server’s version, build time and billing settings',
  tag: 'API',
  answers: { 200: buildInfoAnswer },
}), (c) => {
  return c.json(buildInfoOf(c.get('deps').config));
});

/** The answer of `_build-info` (also a page's first data, http/page-readers.ts). */
export function buildInfoOf(config: Config): BuildInfo {
  const billing: BillingSettings = { enabled: config.billing !== undefined, trial_days: config.trialDays };
  return { ...readBuildInfo(config.distDir), billing };
}
