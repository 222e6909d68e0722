/** Turning two-factor authentication on (a secret, shown as an otpauth URI, confirmed by a code) and off (needs a code). */
import { and, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import { acceptOtp, newOtpSecret, otpUri } from '../auth/one-time-codes.ts';
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

export type TwoFactorResult = { uri: string; otp_enabled: false } | { otp_enabled: boolean };

export async function setTwoFactor(
  deps: Deps,
  user: UserRow,
  enabled: boolean,
  code: string | undefined,
): Promise<TwoFactorResult> {
  const now = deps.now().getTime();
  if (enabled) {
    if (user.otpEnabled) throw badRequest('Two-factor authentication is already enabled');
    if (code === undefined) {
      const secret = newOtpSecret();
      await deps.db.update(users).set({ otpSecret: secret, otpLastStep: null }).where(eq(users.id, user.id));
      return { uri: otpUri(secret, user.username), otp_enabled: false };
    }
    if (!user.otpSecret) throw badRequest('Start enabling two-factor authentication first');
    const step = acceptOtp(user.otpSecret, code, user.otpLastStep, now);
    if (step === undefined) throw badRequest(INCORRECT_CODE);
    const [enabled] = await deps.db
      .update(users)
      .set({ otpEnabled: true, otpLastStep: step })
      .where(and(eq(users.id, user.id), eq(users.otpSecret, user.otpSecret), otpStepUnused(step)))
      .returning({ id: users.id });
    if (!enabled) throw badRequest(INCORRECT_CODE);
    return { otp_enabled: true };
  }
  if (!user.otpEnabled || !user.otpSecret) {
    await deps.db.update(users).set({ otpSecret: null, otpEnabled: false }).where(eq(users.id, user.id));
    return { otp_enabled: false };
  }
  const step = code === undefined ? undefined : acceptOtp(user.otpSecret, code, user.otpLastStep, now);
  if (step === undefined) throw badRequest(INCORRECT_CODE);
  const [disabled] = await deps.db
    .update(users)
    .set({ otpEnabled: false, otpSecret: null, otpLastStep: null })
    .where(and(eq(users.id, user.id), eq(users.otpSecret, user.otpSecret), otpStepUnused(step)))
    .returning({ id: users.id });
  if (!disabled) throw badRequest(INCORRECT_CODE);
  return { otp_enabled: false };
}
