/**
 * The members' pictures, in an organisation's export (./export.ts): each member's avatar as the storage
 * driver keeps it, under avatars/, and avatars.json saying whose each is. Read by member (the membership's
 * key), so only this organisation's members' pictures.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { memberships, uploads, users } from '../../db/schema.ts';
import type { Deps } from '../../env.ts';
import { EXPORT_PAGE, orgPage } from './pages.ts';
import { addStoredFiles } from './stored-files.ts';
import type { ZipWriter } from './zip.ts';

function avatarPage(deps: Deps, orgId: string, after: string | undefined) {
  const m = memberships;
  const u = uploads;
  const page = orgPage({ column: m.orgId, id: orgId }, m.userId, after);
  return deps.db
    .select({
      user_id: m.userId, id: u.id, purpose: u.purpose, orgId: u.orgId, fileOf: u.fileOf, filename: u.filename, content_type: u.contentType,
      size: u.size, created_at: u.createdAt,
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .innerJoin(u, and(eq(u.id, users.avatar), isNotNull(u.completedAt)))
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(EXPORT_PAGE);
}

export async function addAvatars(zip: ZipWriter, deps: Deps, orgId: string): Promise<void> {
  await addStoredFiles(zip, deps, {
    folder: 'avatars/',
    list: 'avatars.json',
    evenEmpty: true,
    read: (after: string | undefined) => avatarPage(deps, orgId, after),
    keyOf: (row) => row.user_id,
  });
}
