/**
 * `sso/connection` (issue #48; docs/sso.md): an organisation's one connection to its OpenID Connect
 * provider, managed by its org admins (api.ts ACCESS; refused to API tokens). The client secret is sealed
 * with the app key and never answered; every change is in the activity log.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { SsoConnection } from '../../../shared/api/sso.ts';
import type { SsoConnectionParsed } from '../../../shared/api/sso-schemas.ts';
import { uuidv7 } from '../../../shared/ids.ts';
import { seal } from '../../auth/app-key.ts';
import type { Queryable } from '../../db/connection.ts';
import { memberships, ssoConnections } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { notFound, validationFailed } from '../../errors.ts';
import { presentSsoConnection } from '../../presenters/sso.ts';
import { recordActivity } from '../activity.ts';
import { requireOwnIds } from '../own-ids.ts';
import { issuerRefusal } from './issuer-address.ts';

type ConnectionRow = typeof ssoConnections.$inferSelect;

const noConnection = () => notFound('This organization has no single sign-on connection');

export async function connectionOf(db: Queryable, orgId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.orgId, orgId));
  return row;
}

/** GET sso/connection: 404 when there is none. */
export async function getSsoConnection(deps: Deps, who: Member): Promise<SsoConnection> {
  const row = await connectionOf(deps.db, who.orgId);
  if (!row) throw noConnection();
  return presentSsoConnection(row, deps.config.publicUrl);
}

/** 422 unless every break-glass id is an org admin of the organisation. */
async function requireBreakGlassAdmins(db: Queryable, orgId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const admins = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.isOrgAdmin, true), inArray(memberships.userId, ids)));
  const found = new Set(admins.map((a) => a.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw validationFailed([{ field: 'break_glass_user_ids', message: 'Break-glass accounts must be org admins of this organization' }]);
}

async function checkBody(deps: Deps, who: Member, body: SsoConnectionParsed, existing: ConnectionRow | undefined): Promise<string[]> {
  const refusal = await issuerRefusal(body.issuer, deps.config.oidcAllowPrivate);
  if (refusal) throw validationFailed([{ field: 'issuer', message: refusal }]);
  if (!existing && body.client_secret === undefined) throw validationFailed([{ field: 'client_secret', message: 'Client secret is required' }]);
  if (body.default_role_id) await requireOwnIds(deps.db, who.orgId, [{ field: 'default_role_id', kind: 'role', id: body.default_role_id }]);
  const breakGlass = [...new Set((body.break_glass_user_ids ?? existing?.breakGlassUserIds ?? []).map((id) => id.toLowerCase()))];
  await requireBreakGlassAdmins(deps.db, who.orgId, breakGlass);
  return breakGlass;
}

/** PUT sso/connection: makes or changes it (the secret kept when left out). */
export async function putSsoConnection(deps: Deps, who: Member, body: SsoConnectionParsed): Promise<SsoConnection> {
  const existing = await connectionOf(deps.db, who.orgId);
  const breakGlassUserIds = await checkBody(deps, who, body, existing);
  const now = deps.now();
  const id = existing?.id ?? uuidv7(now.getTime());
  const clientSecret = body.client_secret === undefined ? existing!.clientSecret : await seal(deps.config, 'sso-client-secret', id, body.client_secret);
  const values = {
    issuer: body.issuer,
    clientId: body.client_id,
    clientSecret,
    domains: body.domains,
    defaultRoleId: body.default_role_id === undefined ? (existing?.defaultRoleId ?? null) : body.default_role_id?.toLowerCase() ?? null,
    required: body.required ?? existing?.required ?? false,
    breakGlassUserIds,
    updatedAt: now,
  };
  const row = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(ssoConnections)
      .values({ id, orgId: who.orgId, createdAt: now, ...values })
      .onConflictDoUpdate({ target: ssoConnections.orgId, set: values })
      .returning();
    await recordActivity(tx, {
      type: existing ? 'SsoConnectionUpdated' : 'SsoConnectionCreated',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      context: { issuer: saved!.issuer, domains: saved!.domains, required: saved!.required, secret_changed: body.client_secret !== undefined },
    });
    return saved!;
  });
  return presentSsoConnection(row, deps.config.publicUrl);
}

/** DELETE sso/connection: its people keep their accounts (and sign in with passwords, once they set one). */
export async function deleteSsoConnection(deps: Deps, who: Member): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(ssoConnections).where(eq(ssoConnections.orgId, who.orgId)).returning();
    if (!gone) throw noConnection();
    await recordActivity(tx, { type: 'SsoConnectionDeleted', orgId: who.orgId, actorId: who.userId, at: now, context: { issuer: gone.issuer, domains: gone.domains } });
  });
}
