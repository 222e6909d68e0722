/**
 * Single sign-on (issue #48; docs/sso.md): an organisation's connection to its OpenID Connect provider, as
 * `GET`, `PUT` and `DELETE sso/connection` answer it. The client secret is never answered.
 */

export interface SsoConnection {
  issuer: string;
  client_id: string;
  /** The e-mail domains the provider vouches for, lower case. */
  domains: string[];
  default_role_id: string | null;
  required: boolean;
  /** Org admins who may still sign in with their password while SSO is required. */
  break_glass_user_ids: string[];
  /** The address to register at the provider as the redirect URI. */
  redirect_uri: string;
  /** The address to register at the provider for back-channel logout. */
  backchannel_logout_uri: string;
  updated_at: string;
}

export interface SsoConnectionBody {
  issuer: string;
  client_id: string;
  /** Required when the organisation has no connection yet; left out, the saved one stays. */
  client_secret?: string;
  domains: string[];
  default_role_id?: string | null;
  required?: boolean;
  break_glass_user_ids?: string[];
}

/** The site's addresses of the flow (not under /api/v1: the browser is sent to them). */
export const SSO_CALLBACK_PATH = '/auth/sso/callback';
export const SSO_BACKCHANNEL_LOGOUT_PATH = '/auth/sso/backchannel-logout';
