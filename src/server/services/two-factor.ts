/**
 * Turning two-factor authentication on (a secret, shown as an otpauth URI, confirmed by a code) and off
 * (needs a code). Codes given here are throttled per account like sign-in's (auth/throttle.ts: 5 wrong
 * ones in 15 minutes, then 429), so a stolen session cannot guess its way to turning it off. The secret
 * is kept sealed with the app key (auth/app-key.ts), never as it is.
 */
import { and, eq, isNotNull, isNull, lt, notLike, or, type SQL } from 'drizzle-orm';
import { appKey, isSealed, seal, unseal } from '../auth/app-key.ts';
import { acceptOtp, newOtpSecret, otpUri } from '../auth/one-time-codes.ts';
import { admitTwoFactorCode, twoFactorCodeAccepted } from '../auth/throttle.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import { users } from '../db/schema.ts';
import type { Deps, UserRow } from '../env.ts';
import { badRequest } from '../errors.ts';

const INCORRECT_CODE = 'Incorrect Code, Try Again';

/**
 * No code of `step` or later has been accepted yet. Every update that accepts a code carries this
 * condition, so a code is accepted once even when two requests bring it at the same moment.
 */
export function otpStepUnused(step: number): SQL | undefined {
  return or(isNull(users.otpLastStep), lt(users.otpLastStep, step));
}

/** The user's two-factor secret as it is (base32), from its sealed form (or a row not sealed yet). */
export function otpSecretOf(config: Config, user: { id: string; otpSecret: string }): Promise<string> {
  return unseal(config, 'otp-secret', user.id, user.otpSecret);
}

export type TwoFactorResult = { uri: string; otp_enabled: false } | { otp_enabled: boolean };

export async function setTwoFactor(
  deps: Deps,
  user: UserRow,
  enabled: boolean,
  code: string | undefined,
): Promise<TwoFactorResult> {
  const now = deps.now();
  if (enabled) {
    if (user.otpEnabled) throw badRequest('Two-factor authentication is already enabled');
    if (code === undefined) {
      const secret = newOtpSecret();
      const sealed = await seal(deps.config, 'otp-secret', user.id, secret);
      await deps.db.update(users).set({ otpSecret: sealed, otpLastStep: null }).where(eq(users.id, user.id));
      return { uri: otpUri(secret, user.username), otp_enabled: false };
    }
    if (!user.otpSecret) throw badRequest('Start enabling two-factor authentication first');
    await acceptCode(deps, user, user.otpSecret, code, now, { otpEnabled: true });
    return { otp_enabled: true };
  }
  if (!user.otpEnabled || !user.otpSecret) {
    await deps.db.update(users).set({ otpSecret: null, otpEnabled: false }).where(eq(users.id, user.id));
    return { otp_enabled: false };
  }
  if (code === undefined) throw badRequest(INCORRECT_CODE);
  await acceptCode(deps, user, user.otpSecret, code, now, { otpEnabled: false, otpSecret: null, otpLastStep: null });
  return { otp_enabled: false };
}

/**
 * Judges a code of the user's secret (`stored`, as the row holds it) and, when right and unused, makes
 * the change in the same statement as the step is taken. Counted as a wrong code until it proves right.
 */
async function acceptCode(
  deps: Deps,
  user: UserRow,
  stored: string,
  code: string,
  now: Date,
  change: Partial<typeof users.$inferInsert>,
): Promise<void> {
  const attempt = await admitTwoFactorCode(deps.db, user.id, now);
  const step = acceptOtp(await otpSecretOf(deps.config, { id: user.id, otpSecret: stored }), code, user.otpLastStep, now.getTime());
  if (step === undefined) throw badRequest(INCORRECT_CODE);
  const [accepted] = await deps.db
    .update(users)
    .set({ otpLastStep: step, ...change })
    .where(and(eq(users.id, user.id), eq(users.otpSecret, stored), otpStepUnused(step)))
    .returning({ id: users.id });
  if (!accepted) throw badRequest(INCORRECT_CODE);
  await twoFactorCodeAccepted(deps.db, user.id, attempt);
}

/**
 * At start: makes the app key if there is none yet, and seals every two-factor secret still stored as it is (written before issue 28), in one
 * transaction. Idempotent: sealed rows are left alone, and servers starting together each lock the rows
 * they seal (the second finds them sealed). Answers how many were sealed.
 */
export async function sealStoredOtpSecrets(db: Database, config: Config): Promise<number> {
  await appKey(config); // made at the first start (kept under DATA_DIR/secrets unless APP_KEY is set)
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, otpSecret: users.otpSecret })
      .from(users)
      .where(and(isNotNull(users.otpSecret), notLike(users.otpSecret, 'v1:%')))
      .for('update');
    let sealed = 0;
    for (const row of rows) {
      if (row.otpSecret === null || isSealed(row.otpSecret)) continue;
      await tx
        .update(users)
        .set({ otpSecret: await seal(config, 'otp-secret', row.id, row.otpSecret) })
        .where(eq(users.id, row.id));
      sealed += 1;
    }
    return sealed;
  });
}
