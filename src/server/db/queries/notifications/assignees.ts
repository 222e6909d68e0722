/**
 * Who hears of a new assignment (issue #32; the rules: src/server/services/notifications/assignees.ts):
 * the active members it is handed to — the user named, the holders of the role named, or every member for
 * the organisation — except the one who assigned it, each with what the permission rule needs and whether
 * one of their subscriptions covering the item (the item's own, or a folder's above it) asked for e-mail;
 * beside them the item's ACL levels. ONE statement.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../connection.ts';
import { fromJson } from '../../rows.ts';
import { namedStatement, runStatement } from '../../statements.ts';
import { ITEM_CHAIN, ITEM_LEVELS, itemLevels, type ItemLevelsColumns, type LevelEntry } from './item-levels.ts';

const v = (name: string) => sql.placeholder(name);

const ASSIGNEES = namedStatement(
  'assignment_assignees',
  sql`WITH RECURSIVE ${ITEM_CHAIN},
      people AS MATERIALIZED (
        SELECT m.user_id, m.is_org_admin FROM memberships m JOIN users u ON u.id = m.user_id AND u.is_active
         WHERE m.org_id = ${v('orgId')}::uuid AND m.is_active
           AND m.user_id IS DISTINCT FROM ${v('actorId')}::uuid
           AND CASE ${v('type')}::text
                 WHEN 'user' THEN m.user_id = ${v('subjectId')}::uuid
                 WHEN 'role' THEN EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = m.user_id AND ur.role_id = ${v('subjectId')}::uuid)
                 ELSE ${v('subjectId')}::uuid = ${v('orgId')}::uuid
               END
      )
      SELECT (SELECT json_agg(json_build_array(p.user_id, p.is_org_admin,
                EXISTS (SELECT 1 FROM subscriptions s
                         WHERE s.org_id = ${v('orgId')}::uuid AND s.user_id = p.user_id AND s.email_notifications AND NOT s.validation_errors_only
                           AND (s.document_id = ${v('documentId')}::uuid OR s.folder_id IN (SELECT id FROM chain))),
                COALESCE((SELECT json_agg(ur.role_id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id AND r.org_id = ${v('orgId')}::uuid
                           WHERE ur.user_id = p.user_id), '[]'::json)))
                FROM people p) AS people,
             ${ITEM_LEVELS}`,
);

export interface Assignee {
  userId: string;
  isOrgAdmin: boolean;
  /** A subscription of theirs covering the item asked for e-mail (and not for validation errors only). */
  email: boolean;
  roleIds: string[];
}

/** The assignees of an assignment about `item`, and the item's ACL levels (a document's own entries first). */
export async function assignmentAudience(
  db: Queryable,
  q: { orgId: string; folderId: string | null; documentId: string | null; actorId: string; type: 'org' | 'role' | 'user'; subjectId: string },
): Promise<{ assignees: Assignee[]; levels: LevelEntry[][] }> {
  type Json<T> = T | string | null;
  const [row] = await runStatement<ItemLevelsColumns & { people: Json<[string, boolean, boolean, string[]][]> }>(db, ASSIGNEES, {
    orgId: q.orgId,
    folderId: q.folderId,
    documentId: q.documentId,
    actorId: q.actorId,
    type: q.type,
    subjectId: q.subjectId,
  });
  const levels = itemLevels(row, q.documentId);
  const assignees = (fromJson(row?.people ?? null) ?? []).map(([userId, isOrgAdmin, email, roleIds]) => ({ userId, isOrgAdmin, email, roleIds }));
  return { assignees, levels };
}
