/**
 * The activity events of personal API tokens (issue #34): ApiTokenCreated, ApiTokenUsed (its first use)
 * and ApiTokenRevoked, recorded in the token's organisation. `context` names the token and its owner:
 * `{token_id, token_name, scope, user_id, username}`; the actor is whoever did it (the owner, or the
 * admin who revoked it).
 */
import type { ApiTokenRow } from '../env.ts';
import type { ActivityRecord } from './activity.ts';

export type ApiTokenActivity = 'ApiTokenCreated' | 'ApiTokenUsed' | 'ApiTokenRevoked';

export function apiTokenEvent(
  type: ApiTokenActivity,
  token: Pick<ApiTokenRow, 'id' | 'name' | 'scope' | 'orgId'>,
  owner: { id: string; username: string },
  actorId: string,
  at: Date,
): ActivityRecord {
  return {
    type,
    orgId: token.orgId,
    actorId,
    at,
    context: { token_id: token.id, token_name: token.name, scope: token.scope, user_id: owner.id, username: owner.username },
  };
}
