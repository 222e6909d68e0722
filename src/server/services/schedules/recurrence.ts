/**
 * A schedule's occurrences (issue #44): its RFC 5545 rule read by the `rrule` package and its IANA zone by
 * the Temporal polyfill — neither written by hand. `rrule` counts in wall-clock time ("floating": a local
 * date and time carried in a UTC Date), which is what a person means by "06:00 every day"; Temporal turns
 * each local time into the instant it is in the zone (a time that does not exist, in the spring gap, moves
 * forward; one that happens twice, in the autumn fold, is the first). So 06:00 Europe/Berlin stays 06:00
 * across both daylight-saving changes.
 */
import * as rruleModule from 'rrule';
import type { Options, RRule as RRuleType } from 'rrule';
import { Temporal } from 'temporal-polyfill';

// `rrule` is CommonJS (a UMD build) whose names Node cannot see from an ES module: under plain Node (the
// bench's `node --import tsx`) they sit on the module's default export; under the bundler and vitest, on the
// namespace itself.
const { RRule } = (rruleModule as { default?: typeof rruleModule }).default ?? rruleModule;
type RRule = RRuleType;

export interface Recurrence {
  rrule: string;
  timezone: string;
  startsAt: Date;
  endsAt: Date | null;
}

/** Why a rule or a zone cannot be used (the 422's message), or undefined when they can. */
export function ruleProblem(rrule: string): string | undefined {
  if (/\b(DTSTART|UNTIL|TZID)\b/i.test(rrule)) return 'must not name DTSTART, TZID or UNTIL (use starts_at, timezone and ends_at)';
  try {
    const options = RRule.parseString(rrule.replace(/^RRULE:/i, ''));
    if (options.freq === undefined) return 'must name FREQ';
    if (options.freq === RRule.SECONDLY) return 'must repeat at most every minute';
    new RRule(options);
    return undefined;
  } catch {
    return 'is not an RFC 5545 recurrence rule';
  }
}

export function zoneProblem(timezone: string): string | undefined {
  try {
    Temporal.Now.zonedDateTimeISO(timezone);
    return /^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$|^UTC$/.test(timezone) ? undefined : 'is not an IANA time zone';
  } catch {
    return 'is not an IANA time zone';
  }
}

/** The instant's wall-clock time in the zone, as a floating Date (rrule's way). */
function floating(at: Date, timezone: string): Date {
  const local = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timezone).toPlainDateTime();
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
}

/** A floating Date back to the instant it is in the zone. */
function instant(local: Date, timezone: string): Date {
  const plain = new Temporal.PlainDateTime(
    local.getUTCFullYear(),
    local.getUTCMonth() + 1,
    local.getUTCDate(),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
  );
  return new Date(plain.toZonedDateTime(timezone, { disambiguation: 'compatible' }).epochMilliseconds);
}

function ruleOf(r: Recurrence): InstanceType<typeof RRule> {
  const options: Partial<Options> = RRule.parseString(r.rrule.replace(/^RRULE:/i, ''));
  // Whole minutes: the start's seconds never leak into the occurrences.
  const start = new Date(Math.floor(r.startsAt.getTime() / 60_000) * 60_000);
  return new RRule({ ...options, dtstart: floating(start, r.timezone), tzid: null });
}

/** The occurrences (their opening instants) from `from` to `to`, both included, at most `limit`. */
export function occurrencesBetween(r: Recurrence, from: Date, to: Date, limit = 1000): Date[] {
  const rule = ruleOf(r);
  // A day's margin each side: a zone's offset moves the floating times by at most 26 hours.
  const found: Date[] = [];
  rule.between(new Date(floating(from, r.timezone).getTime() - 1), new Date(floating(to, r.timezone).getTime() + 1), true, (d) => {
    const at = instant(d, r.timezone);
    if (at >= from && at <= to && at >= r.startsAt && (r.endsAt === null || at <= r.endsAt)) found.push(at);
    return found.length < limit;
  });
  return found;
}

/** The first occurrence at or after `after` (strictly after when `strict`), or null when the rule has ended. */
export function nextOccurrence(r: Recurrence, after: Date, strict = false): Date | null {
  const rule = ruleOf(r);
  const from = after < r.startsAt ? r.startsAt : after;
  let local: Date | null = rule.after(new Date(floating(from, r.timezone).getTime() - (strict ? 0 : 1)), false);
  // In an autumn fold two instants share a wall-clock time: step past any before `from`.
  for (let i = 0; local && i < 3; i++) {
    const at = instant(local, r.timezone);
    if (strict ? at > from : at >= from) return r.endsAt === null || at <= r.endsAt ? at : null;
    local = rule.after(local, false);
  }
  return null;
}

/** The latest occurrence at or before `at` (or null). */
export function previousOccurrence(r: Recurrence, at: Date): Date | null {
  const local = ruleOf(r).before(new Date(floating(at, r.timezone).getTime() + 1), false);
  if (!local) return null;
  const when = instant(local, r.timezone);
  return when >= r.startsAt && when <= at ? when : null;
}

/** The shortest time between two of its next occurrences (of the first 60 from `from`), in minutes; null with fewer than two. */
export function shortestGapMinutes(r: Recurrence, from: Date): number | null {
  const rule = ruleOf(r);
  const next: Date[] = [];
  rule.between(floating(from, r.timezone), new Date(8.64e15), true, (d) => {
    next.push(instant(d, r.timezone));
    return next.length < 60;
  });
  let shortest: number | null = null;
  for (let i = 1; i < next.length; i++) {
    const gap = (next[i]!.getTime() - next[i - 1]!.getTime()) / 60_000;
    if (shortest === null || gap < shortest) shortest = gap;
  }
  return shortest;
}
