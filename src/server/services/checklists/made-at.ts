/**
 * When a kiosk station's submission was made (issue #44: "a submission made offline counts for the
 * occurrence whose window held when it was made"). A share link's submission may carry `made_at`: taken
 * only when it is not in the future (a minute of clock drift is forgiven) and not older than 7 days (a
 * station offline longer gets its rows stored as made when they arrive: its filler leaves `made_at` out).
 * Outside those bounds → 422 naming `made_at`.
 */
import { validationFailed } from '../../errors.ts';

/** The oldest `made_at` taken. */
export const MADE_AT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** How far ahead of the server's clock a station's clock may be. */
const DRIFT_MS = 60 * 1000;

/** `made_at` (ISO, already well-formed) as a Date within bounds; undefined when not given. */
export function madeAtWithinBounds(madeAt: string | undefined, now: Date): Date | undefined {
  if (madeAt === undefined) return undefined;
  const at = new Date(madeAt);
  if (at.getTime() > now.getTime() + DRIFT_MS) throw validationFailed([{ field: 'made_at', message: 'must not be in the future' }]);
  if (at.getTime() < now.getTime() - MADE_AT_MAX_AGE_MS) throw validationFailed([{ field: 'made_at', message: 'must not be older than 7 days' }]);
  return at > now ? now : at;
}
