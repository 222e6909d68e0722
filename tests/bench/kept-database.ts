/**
 * Benches on a kept database (BENCH_KEEP=<name>, see api-server.ts): sign a seeded account in again
 * instead of seeding once more. Used by the PG-only runners (`*-run.ts`) while tuning queries.
 */
import type { ApiServer } from './api-server.ts';
import { PASSWORD } from './documentation-tree-fixture.ts';

/** A fresh token for an account a previous run registered (its password is the fixture's). */
export async function signInAgain(server: Pick<ApiServer, 'apiUrl'>, username: string): Promise<string> {
  const response = await fetch(`${server.apiUrl}/auth/access-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: PASSWORD }).toString(),
  });
  if (response.status !== 200) throw new Error(`bench setup: signing ${username} in again answered ${response.status}: ${await response.text()}`);
  return String(((await response.json()) as { access_token: string }).access_token);
}
