/** Organisations: creating one (with its root folder and trial) and choosing the one a login session works in. */
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from '../../shared/ids.ts';
import { aclEntries, folders, loginSessions, memberships, organisations } from '../db/schema.ts';
import type { SessionCaller, Deps } from '../env.ts';
import { notFound } from '../errors.ts';
import { ACL_BITS_MASK } from '../permissions/resolve.ts';
import { dropAdminEmailChange } from './email-change.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Creates an organisation: the creator becomes its org admin, it becomes current for this login
 * session, its root folder grants the organisation every permission bit (the spec's root folder
 * permissions 32767, as the six bits an ACL entry carries: members work everywhere until an admin narrows
 * a folder with revokes; organisations made before issue #32 keep their root's org +Read), and the free
 * trial starts: TRIAL_DAYS from now (config.trialDays). The trial is recorded whether billing is on or off; it gates calls only while
 * billing is on (auth/membership.ts), so turning billing on later treats every organisation alike.
 * The creator now belongs to another organisation: an e-mail change an admin asked for is dropped
 * (email-change.ts dropAdminEmailChange).
 */
export async function createOrganisation(deps: Deps, caller: SessionCaller, name: string): Promise<{ id: string; name: string }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const orgId = uuidv7(now.getTime());
    await tx.insert(organisations).values({
      id: orgId,
      name,
      trialEndsAt: new Date(now.getTime() + deps.config.trialDays * DAY),
      createdAt: now,
    });
    await dropAdminEmailChange(tx, caller.user.id, orgId);
    await tx.insert(memberships).values({ orgId, userId: caller.user.id, isOrgAdmin: true, createdAt: now });
    const rootId = uuidv7(now.getTime());
    await tx.insert(folders).values({
      id: rootId,
      orgId,
      parentId: null,
      name,
      createdBy: caller.user.id,
      createdAt: now,
      modifiedBy: caller.user.id,
      modifiedAt: now,
    });
    await tx.insert(aclEntries).values({
      id: uuidv7(),
      orgId,
      folderId: rootId,
      subjectType: 'org',
      subjectId: orgId,
      isGrant: true,
      permissions: ACL_BITS_MASK,
    });
    await tx.update(loginSessions).set({ orgId }).where(eq(loginSessions.id, caller.session.id));
    caller.session.orgId = orgId;
    return { id: orgId, name };
  });
}

/** Makes one of the caller's organisations current for this login session; others answer 404. */
export async function selectOrganisation(deps: Deps, caller: SessionCaller, orgId: string): Promise<void> {
  const [membership] = await deps.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.userId, caller.user.id), eq(memberships.isActive, true)));
  if (!membership) throw notFound('Organization not found');
  await deps.db.update(loginSessions).set({ orgId }).where(eq(loginSessions.id, caller.session.id));
  caller.session.orgId = orgId;
}
