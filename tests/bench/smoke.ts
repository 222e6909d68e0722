/**
 * The bench as a smoke (`npm run bench:smoke`, i.e. BENCH_SMOKE=1; CI's last step): every bench runs end
 * to end — its setup through the API, its measuring, its table — at tiny sizes and with one run of each
 * browser measurement, so a bench that no longer runs fails CI. Its figures mean nothing and nothing
 * reads them: like the full bench it fails only on a crash or a wrong status.
 *
 * Each bench names its full and its smoke size in one place: `const ROUNDS = sized(200, 5)`.
 */
export const smoke = process.env.BENCH_SMOKE === '1';

/** `full` for `npm run bench`, `small` under BENCH_SMOKE=1. */
export function sized<T>(full: T, small: T): T {
  return smoke ? small : full;
}
