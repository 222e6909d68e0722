/**
 * Throttling of sign-in and reset requests. Attempts are rows in the database, so every API process sees
 * the same counts (DESIGN: scaling out).
 *
 * Failed sign-ins count per account and address, so a stranger's guesses lock the account at the
 * stranger's address only — never at the owner's usual device; guesses spread over many addresses count
 * per account too, but that limit closes only addresses the account has never signed in from; and each
 * address has its own limit over all accounts. A password reset clears every count of the account.
 * Registrations and organisation creations are limited per address (limits in the configuration).
 * Two-factor codes given to turn two-factor on or off are limited per account, like sign-in's.
 * Submissions through a share link (issue #29) are limited per link (issue #43: not per address, a kiosk is
 * one address), refused ones not counted; photo signing per link and per address, in files and in bytes (each attempt weighs what it signed: `ThrottleCheck.weight`).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, like, lt, min, or, sum } from 'drizzle-orm';
import { uuidv7 } from '../../shared/ids.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/connection.ts';
import { lockForTransaction } from '../db/queries/locks.ts';
import { loginSessions, throttleEvents } from '../db/schema.ts';
import { tooManyRequests } from '../errors.ts';
import { rateLimitRecordOpen, reportRateLimit, type RateLimitUsage } from '../http/rate-limit.ts';

export interface ThrottleRule {
  /** At most this many attempts… */
  limit: number;
  /** …within this window. */
  windowMs: number;
}

export const throttleRules = {
  /** Failed sign-ins of one account from one address: a stranger's guesses close the account to the stranger only. */
  signInAccountAddress: { limit: 5, windowMs: 15 * 60_000 },
  /**
   * Failed sign-ins of one account from addresses it has never signed in from, all together: guesses
   * spread over many addresses. Never applied at an address the account has signed in from before.
   */
  signInAccount: { limit: 50, windowMs: 15 * 60_000 },
  /** Failed sign-ins from one IP, whatever the account. */
  signInIp: { limit: 30, windowMs: 15 * 60_000 },
  /**
   * Wrong two-factor codes given to POST auth/set-otp by one account, turning it on or off: whoever holds
   * a session (a stolen one too) guesses no faster than a sign-in from one address.
   */
  twoFactorChange: { limit: 5, windowMs: 15 * 60_000 },
  /** Reset requests for one e-mail address. */
  resetAccount: { limit: 5, windowMs: 60 * 60_000 },
  /** Reset requests from one IP. */
  resetIp: { limit: 20, windowMs: 60 * 60_000 },
  /** Registrations from one IP (the limit is the configuration's: REGISTRATIONS_PER_IP_PER_HOUR). */
  registerIp: { limit: 50, windowMs: 60 * 60_000 },
  /** Organisations created from one IP (the limit is the configuration's: ORGANISATIONS_PER_IP_PER_HOUR). */
  createOrgIp: { limit: 10, windowMs: 60 * 60_000 },
  /** Submissions through one share link (SHARE_SUBMISSIONS_PER_LINK_PER_HOUR). */
  shareSubmissionLink: { limit: 1000, windowMs: 60 * 60_000 },
  /** Files signed through one share link (SHARE_UPLOADS_PER_LINK_PER_HOUR), and from one IP through any (…_PER_IP_…). */
  shareUploadLink: { limit: 1000, windowMs: 60 * 60_000 },
  shareUploadIp: { limit: 300, windowMs: 60 * 60_000 },
  /** Bytes signed through one share link (SHARE_UPLOAD_BYTES_PER_LINK_PER_HOUR), and from one IP through any (…_PER_IP_…). */
  shareUploadBytesLink: { limit: 4 * 1024 ** 3, windowMs: 60 * 60_000 },
  shareUploadBytesIp: { limit: 1024 ** 3, windowMs: 60 * 60_000 },
} satisfies Record<string, ThrottleRule>;

/** One count an attempt is admitted against. */
export interface ThrottleCheck {
  key: string;
  rule: ThrottleRule;
  /** What the attempt counts for against `rule.limit` (default 1: one attempt). */
  weight?: number;
  /** The 429's detail, from the limit, what the attempt asked for and what is left (default: "Too many attempts…"). */
  refusal?: (limit: number, asked: number, left: number) => string;
}

/**
 * Admits an attempt and counts it at once, before it is judged, so attempts sent in parallel cannot
 * slip past a limit while the first ones are still being checked: per key, the count and the new row
 * are one step under a transaction-scoped advisory lock. A key at its limit answers 429 with
 * Retry-After and records nothing. Returns the recorded rows: an attempt that turns out not to count
 * (a correct password) is dropped with `forgetAttempt`.
 */
export async function admitAttempt(db: Queryable, checks: readonly ThrottleCheck[], now: Date): Promise<string[]> {
  // Locks are taken in one global order, so two attempts cannot deadlock.
  const ordered = [...checks].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // Admitted or refused, the answer says what is left of each limit (http/rate-limit.ts).
  return reportingUsage(db, checks, now, () => db.transaction(async (tx) => {
    for (const check of ordered) {
      await lockForTransaction(tx, check.key);
      await assertWithinLimit(tx, check, now);
    }
    const ids: string[] = [];
    for (const { key, weight } of ordered) ids.push(await recordAttempt(tx, key, now, weight));
    return ids;
  }));
}

/**
 * The name of a key's limit in the RateLimit headers: its first two parts (`sign-in:ip`, `share-upload-bytes:ip`),
 * never the hashed account or address. The account-wide sign-in limit is not named: it applies only at
 * addresses the account has never signed in from, so naming it would tell whoever shares an address
 * whether the account has signed in from there.
 */
const policyNameOf = (key: string) => key.split(':').slice(0, 2).join(':');
const UNNAMED_POLICIES = new Set(['sign-in:account']);

/** Runs `admit` and then reports the usage of each check's limit to the answer's RateLimit headers, admitted or refused. */
async function reportingUsage<T>(db: Queryable, checks: readonly { key: string; rule: ThrottleRule }[], now: Date, admit: () => Promise<T>): Promise<T> {
  try {
    return await admit();
  } finally {
    // Only headers: a failure here never hides the attempt's own answer (nor its own failure).
    await reportUsage(db, checks, now).catch((err: unknown) => console.error('Reading the throttle for the RateLimit headers failed:', err));
  }
}

/** What is left of each check's limit now, for the answer's RateLimit headers (http/rate-limit.ts). */
async function reportUsage(db: Queryable, checks: readonly { key: string; rule: ThrottleRule }[], now: Date): Promise<void> {
  if (!rateLimitRecordOpen()) return;
  const usages: RateLimitUsage[] = [];
  for (const { key, rule } of checks) {
    const name = policyNameOf(key);
    if (UNNAMED_POLICIES.has(name)) continue;
    const since = new Date(now.getTime() - rule.windowMs);
    // What is used is the attempts' weight (a share link's photos count in files and in bytes).
    const [row] = await db
      .select({ used: sum(throttleEvents.weight), first: min(throttleEvents.at) })
      .from(throttleEvents)
      .where(and(eq(throttleEvents.key, key), gt(throttleEvents.at, since)));
    const used = Number(row?.used ?? 0);
    const first = row?.first ? new Date(row.first).getTime() : now.getTime();
    const windowSeconds = Math.ceil(rule.windowMs / 1000);
    usages.push({ name, limit: rule.limit, windowSeconds, remaining: rule.limit - used, resetSeconds: Math.max(1, Math.ceil((first + rule.windowMs - now.getTime()) / 1000)) });
  }
  reportRateLimit(usages);
}

/**
 * Throws 429 with Retry-After when the attempt does not fit in what `key` has left in the window: the
 * wait is until enough of the counted attempts have left the window for this one to fit (the whole
 * window when it could never fit).
 */
async function assertWithinLimit(db: Queryable, { key, rule, weight = 1, refusal }: ThrottleCheck, now: Date): Promise<void> {
  const since = new Date(now.getTime() - rule.windowMs);
  const inWindow = and(eq(throttleEvents.key, key), gt(throttleEvents.at, since));
  const [row] = await db
    .select({ used: sum(throttleEvents.weight) })
    .from(throttleEvents)
    .where(inWindow);
  const used = Number(row?.used ?? 0);
  if (used + weight <= rule.limit) return;
  let retryAt = now.getTime() + rule.windowMs;
  if (weight <= rule.limit) {
    const counted = await db.select({ at: throttleEvents.at, weight: throttleEvents.weight }).from(throttleEvents).where(inWindow).orderBy(asc(throttleEvents.at));
    let left = used;
    for (const event of counted) {
      left -= event.weight;
      if (left + weight <= rule.limit) {
        retryAt = new Date(event.at).getTime() + rule.windowMs;
        break;
      }
    }
  }
  const seconds = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
  throw tooManyRequests(seconds, refusal?.(rule.limit, weight, Math.max(0, rule.limit - used)));
}

export async function recordAttempt(db: Queryable, key: string, now: Date, weight = 1): Promise<string> {
  const id = uuidv7();
  await db.insert(throttleEvents).values({ id, key, at: now, weight });
  return id;
}

/** Drops the rows of one admitted attempt. */
export async function forgetAttempt(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(throttleEvents).where(inArray(throttleEvents.id, [...ids]));
}

/** Forgets the attempts of a key (after a successful sign-in or a password reset). */
export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.delete(throttleEvents).where(eq(throttleEvents.key, key));
}

/** Drops attempts older than every window: they count against no limit any more. */
export async function pruneAttempts(db: Queryable, now: Date): Promise<void> {
  const oldest = Math.max(...Object.values(throttleRules).map((r) => r.windowMs));
  await db.delete(throttleEvents).where(lt(throttleEvents.at, new Date(now.getTime() - oldest)));
}

/** Prunes the attempts at start and then every `intervalMs`; the answer stops it (and waits for a pass under way). */
export function keepAttemptsPruned(db: Queryable, now: () => Date, intervalMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const prune = () => {
    running = pruneAttempts(db, now()).catch((err: unknown) => console.error('Pruning the throttle table failed:', err));
  };
  prune();
  const timer = setInterval(prune, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** An admitted sign-in attempt: its rows, and the key a right password clears. */
export interface SignInAttempt {
  ids: string[];
  accountAddressKey: string;
}

/** Whether the account has ever signed in (or been activated) from this address: a login session from it. */
async function signedInFrom(db: Queryable, userId: string, ip: string): Promise<boolean> {
  const [found] = await db
    .select({ id: loginSessions.id })
    .from(loginSessions)
    .where(and(eq(loginSessions.userId, userId), eq(loginSessions.ipAddress, ip)))
    .limit(1);
  return found !== undefined;
}

/**
 * Admits a sign-in attempt (counted as failed until it proves otherwise): per address; per account and
 * address; and per account over all addresses unless the account has signed in from this one before.
 * `account` is the user id, or what was typed when it names no account (counted all the same, so
 * unknown names answer like real ones).
 */
export async function admitSignIn(db: Queryable, account: { userId: string | undefined; typed: string }, ip: string, now: Date): Promise<SignInAttempt> {
  const name = account.userId ?? account.typed;
  const accountAddressKey = throttleKeys.signInAccountAddress(name, ip);
  const known = account.userId !== undefined && (await signedInFrom(db, account.userId, ip));
  const ids = await admitAttempt(
    db,
    [
      { key: throttleKeys.signInIp(ip), rule: throttleRules.signInIp },
      { key: accountAddressKey, rule: throttleRules.signInAccountAddress },
      ...(known ? [] : [{ key: throttleKeys.signInAccount(name), rule: throttleRules.signInAccount }]),
    ],
    now,
  );
  return { ids, accountAddressKey };
}

/** A right password: the attempt was no failure, and the account's count at this address starts again. */
export async function signInSucceeded(db: Queryable, attempt: SignInAttempt): Promise<void> {
  await forgetAttempt(db, attempt.ids);
  await clearAttempts(db, attempt.accountAddressKey);
}

/** After a password reset: every failed sign-in of the account, at every address, is forgotten. */
export async function clearSignInFailures(db: Queryable, userId: string): Promise<void> {
  const prefix = signInAccountAddressPrefix(userId).replace(/[\\%_]/g, (ch) => `\\${ch}`);
  await db.delete(throttleEvents).where(or(eq(throttleEvents.key, throttleKeys.signInAccount(userId)), like(throttleEvents.key, `${prefix}%`)));
}

/**
 * A two-factor code given to POST auth/set-otp, counted as wrong until it proves right (then
 * `twoFactorCodeAccepted`); past the limit, 429 with Retry-After.
 */
export async function admitTwoFactorCode(db: Queryable, userId: string, now: Date): Promise<string[]> {
  return admitAttempt(db, [{ key: throttleKeys.twoFactorChange(userId), rule: throttleRules.twoFactorChange }], now);
}

/** A right code: the attempt was no failure, and the account's count starts again. */
export async function twoFactorCodeAccepted(db: Queryable, userId: string, ids: readonly string[]): Promise<void> {
  await forgetAttempt(db, ids);
  await clearAttempts(db, throttleKeys.twoFactorChange(userId));
}

/** One registration from this address, counted whatever its outcome; past the configured limit, 429. */
export async function admitRegistration(db: Queryable, config: Config, ip: string, now: Date): Promise<void> {
  const rule = { ...throttleRules.registerIp, limit: config.registrationsPerIpPerHour };
  await admitAttempt(db, [{ key: throttleKeys.registerIp(ip), rule }], now);
}

/** One organisation created from this address, counted whatever its outcome; past the configured limit, 429. */
export async function admitOrganisationCreation(db: Queryable, config: Config, ip: string, now: Date): Promise<void> {
  const rule = { ...throttleRules.createOrgIp, limit: config.organisationsPerIpPerHour };
  await admitAttempt(db, [{ key: throttleKeys.createOrgIp(ip), rule }], now);
}

/**
 * One submission through a share link, per link with the configured limit (past it, 429 with Retry-After;
 * not per address: a kiosk station is one address filling all day). Counted before it is judged, so
 * submissions sent in parallel cannot slip past the limit; `submission` runs the submission, and one it
 * refuses (it throws) is forgotten: refused attempts do not count.
 */
export async function admitShareSubmission<T>(db: Queryable, config: Config, linkId: string, now: Date, submission: () => Promise<T>): Promise<T> {
  const rule = { ...throttleRules.shareSubmissionLink, limit: config.shareSubmissionsPerLinkPerHour };
  const ids = await admitAttempt(db, [{ key: throttleKeys.shareSubmissionLink(linkId), rule }], now);
  try {
    return await submission();
  } catch (error) {
    await forgetAttempt(db, ids);
    throw error;
  }
}

/** Bytes in words, for a 429's detail: `1.0 GB`, `25.0 MB` (powers of 1024), `900 bytes`. */
function inBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${n} ${n === 1 ? 'byte' : 'bytes'}`;
}

const fileRefusal = (through: string) => (limit: number, asked: number, left: number) =>
  `Too many uploads ${through}: this asks for ${asked} ${asked === 1 ? 'file' : 'files'}, ${left} of ${limit} an hour left; nothing was signed`;
const byteRefusal = (through: string) => (limit: number, asked: number, left: number) =>
  `Too many uploads ${through}: this asks for ${inBytes(asked)}, ${inBytes(left)} of ${inBytes(limit)} an hour left; nothing was signed`;

/**
 * Files about to be signed through a share link from this address, counted at signing — in files and in
 * bytes (each file's signed size, the exact size the store will accept), per link and per address, with
 * the configured limits. Counting before signing is what keeps the disk from filling: what is refused is
 * never signed, so never stored. A call that does not fit in what is left of ANY of the four is refused
 * whole (429 with Retry-After and a detail saying which; nothing signed, nothing counted).
 */
export async function admitShareUploads(
  db: Queryable,
  config: Config,
  linkId: string,
  ip: string,
  files: readonly { file_size: number }[],
  now: Date,
): Promise<void> {
  const bytes = files.reduce((sum, file) => sum + file.file_size, 0);
  const link = 'through this share link';
  const address = 'from this address through share links';
  await admitAttempt(
    db,
    [
      { key: throttleKeys.shareUploadLink(linkId), rule: { ...throttleRules.shareUploadLink, limit: config.shareUploadsPerLinkPerHour }, weight: files.length, refusal: fileRefusal(link) },
      { key: throttleKeys.shareUploadIp(ip), rule: { ...throttleRules.shareUploadIp, limit: config.shareUploadsPerIpPerHour }, weight: files.length, refusal: fileRefusal(address) },
      { key: throttleKeys.shareUploadBytesLink(linkId), rule: { ...throttleRules.shareUploadBytesLink, limit: config.shareUploadBytesPerLinkPerHour }, weight: bytes, refusal: byteRefusal(link) },
      { key: throttleKeys.shareUploadBytesIp(ip), rule: { ...throttleRules.shareUploadBytesIp, limit: config.shareUploadBytesPerIpPerHour }, weight: bytes, refusal: byteRefusal(address) },
    ],
    now,
  );
}

/**
 * What was typed (a username, often a mistyped password; an address from X-Forwarded-For) is kept only
 * as a fixed-length hash: nothing readable is stored, and no key outgrows the index.
 */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
/** Every account-and-address key of one account starts so (a reset clears them all). */
const signInAccountAddressPrefix = (account: string) => `sign-in:account-address:${digest(account.toLowerCase())}:`;

export const throttleKeys = {
  /** `account`: the user id, or what was typed when it names no account. */
  signInAccount: (account: string) => `sign-in:account:${digest(account.toLowerCase())}`,
  signInAccountAddress: (account: string, ip: string) => `${signInAccountAddressPrefix(account)}${digest(ip)}`,
  signInIp: (ip: string) => `sign-in:ip:${digest(ip)}`,
  resetAccount: (email: string) => `reset:account:${digest(email.toLowerCase())}`,
  resetIp: (ip: string) => `reset:ip:${digest(ip)}`,
  registerIp: (ip: string) => `register:ip:${digest(ip)}`,
  createOrgIp: (ip: string) => `create-org:ip:${digest(ip)}`,
  twoFactorChange: (userId: string) => `set-otp:account:${userId}`,
  shareSubmissionLink: (linkId: string) => `share-submission:link:${linkId}`,
  /** Counted in files (before issue #40, in calls: the old keys' rows are pruned within the hour). */
  shareUploadLink: (linkId: string) => `share-upload-files:link:${linkId}`,
  shareUploadIp: (ip: string) => `share-upload-files:ip:${digest(ip)}`,
  shareUploadBytesLink: (linkId: string) => `share-upload-bytes:link:${linkId}`,
  shareUploadBytesIp: (ip: string) => `share-upload-bytes:ip:${digest(ip)}`,
};
