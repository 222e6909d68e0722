/** How an organisation's SSO connection looks in the API's answers (shapes in shared/api/sso.ts): never its secret. */
import { SSO_BACKCHANNEL_LOGOUT_PATH, SSO_CALLBACK_PATH, type SsoConnection } from '../../shared/api/sso.ts';
import type { ssoConnections } from '../db/schema.ts';

type ConnectionRow = typeof ssoConnections.$inferSelect;

export function presentSsoConnection(row: ConnectionRow, publicUrl: string): SsoConnection {
  return {
    issuer: row.issuer,
    client_id: row.clientId,
    domains: row.domains,
    default_role_id: row.defaultRoleId,
    required: row.required,
    break_glass_user_ids: row.breakGlassUserIds,
    redirect_uri: `${publicUrl}${SSO_CALLBACK_PATH}`,
    backchannel_logout_uri: `${publicUrl}${SSO_BACKCHANNEL_LOGOUT_PATH}`,
    updated_at: row.updatedAt.toISOString(),
  };
}
