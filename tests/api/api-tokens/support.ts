/** What the API token tests share: making a token through the API (their people come from ../support/factories.ts). */
import { expect } from 'vitest';
import * as paths from '../../../src/shared/api/paths.ts';
import type { TestServer } from '../support/harness.ts';
import type { TestUser } from '../support/factories.ts';
import type { ApiClient, Json } from '../support/http.ts';

export const CREDENTIALS = { detail: 'Could not validate credentials' };
export const READ_ONLY = { detail: 'This API token is read only' };

export interface MadeToken {
  /** The answer of POST auth/api-tokens. */
  body: Json;
  token: string;
  /** A client that calls with `Authorization: Bearer rb_pat_…`. */
  api: ApiClient;
}

/** POST auth/api-tokens as `user`; expects 201. */
export async function makeApiToken(
  server: TestServer,
  user: TestUser,
  organizationId: string,
  options: { scope?: 'read' | 'read-write'; name?: string; expires_at?: string | null } = {},
): Promise<MadeToken> {
  const res = await user.api.post(paths.auth.apiTokens, {
    name: options.name ?? 'Script',
    organization_id: organizationId,
    scope: options.scope ?? 'read-write',
    ...(options.expires_at === undefined ? {} : { expires_at: options.expires_at }),
  });
  expect(res.status, res.text).toBe(201);
  return { body: res.body, token: res.body.token as string, api: server.client(res.body.token as string) };
}
