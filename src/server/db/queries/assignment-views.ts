/**
 * Assignments with the names they are shown with (services/assignments/assignments.ts): the item, the assignee,
 * who assigned, claimed and completed it, in ONE statement; and the open ones handed to a member (the
 * dashboard's due today and overdue, issue #44) as a named statement.
 */
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../connection.ts';
import { arrayLiteral } from '../rows.ts';
import { assignments, documents, folders, organisations, roles, shareLinks, users } from '../schema.ts';

const assignedBy = alias(users, 'assigned_by_user');
const claimedBy = alias(users, 'claimed_by_user');
const completedBy = alias(users, 'completed_by_user');

/**
 * The assignee's name: its one table's, by its type, looked up per row (one assignment names one subject).
 * Not four more joins: ten relations took PostgreSQL about 2 ms to plan, more than the statement took to run.
 */
const assigneeNameSql = sql<string | null>`case ${assignments.assignedToType}
  when 'role' then (select ${roles.name} from ${roles} where ${roles.id} = ${assignments.assignedToId})
  when 'user' then (select ${users.username} from ${users} where ${users.id} = ${assignments.assignedToId})
  when 'org' then (select ${organisations.name} from ${organisations} where ${organisations.id} = ${assignments.assignedToId})
  else (select ${shareLinks.name} from ${shareLinks} where ${shareLinks.id} = ${assignments.assignedToId}) end`;

/** Assignments with the names they are shown with: the item, the assignee, who assigned and who claimed. One statement. */
function viewsSelect(db: Queryable) {
  return db
    .select({
      row: assignments,
      documentName: documents.name,
      doctype: documents.doctype,
      folderName: folders.name,
      assigneeName: assigneeNameSql,
      assignedByUsername: assignedBy.username,
      claimedByUsername: claimedBy.username,
      completedByUsername: completedBy.username,
    })
    .from(assignments)
    .leftJoin(documents, eq(documents.id, assignments.documentId))
    .leftJoin(folders, eq(folders.id, assignments.folderId))
    .leftJoin(assignedBy, eq(assignedBy.id, assignments.assignedBy))
    .leftJoin(claimedBy, eq(claimedBy.id, assignments.claimedBy))
    .leftJoin(completedBy, eq(completedBy.id, assignments.completedBy));
}

/** An assignment row with its names (the service makes its view of it). */
export type AssignmentRecord = Awaited<ReturnType<typeof viewsSelect>>[number];

/** Assignments with the names they are shown with, newest first (the Done list: newest completed first). One statement. */
export function assignmentRecordsWhere(db: Queryable, where: SQL | undefined, limit: number, newestDone = false): Promise<AssignmentRecord[]> {
  return viewsSelect(db)
    .where(where)
    .orderBy(...(newestDone ? [desc(assignments.completedAt)] : []), desc(assignments.assignedAt), desc(assignments.id))
    .limit(limit);
}

/**
 * The open assignments handed to a member (the dashboard's due today and overdue, issue #44), as one named
 * statement: built once per database handle, and on PostgreSQL parsed once per connection (it was built and
 * sent unnamed at each call). `assigned_to_id = ANY(the caller's ids)` is what lets assignments_assignee_idx
 * (organisation, assignee; open only) find the caller's rows instead of reading every open assignment of the
 * organisation and filtering the type-and-id pairs (10,000 rows for 100 in the bench). The pairs stay the
 * exact test: an id names one subject whatever its type.
 */
function openMineQuery(db: Queryable) {
  const type = assignments.assignedToType;
  const id = assignments.assignedToId;
  return viewsSelect(db)
    .where(
      and(
        eq(assignments.orgId, sql.placeholder('orgId')),
        isNull(assignments.completedAt),
        isNull(assignments.missedAt),
        sql`${id} = any(${sql.placeholder('subjectIds')}::uuid[])`,
        or(
          and(eq(type, 'user'), eq(id, sql.placeholder('userId'))),
          and(eq(type, 'org'), eq(id, sql.placeholder('orgId'))),
          and(eq(type, 'role'), sql`${id} = any(${sql.placeholder('roleIds')}::uuid[])`),
        ),
      ),
    )
    .orderBy(desc(assignments.assignedAt), desc(assignments.id))
    .limit(sql.placeholder('limit'))
    .prepare('assignments_open_mine');
}

const openMinePrepared = new WeakMap<Queryable, ReturnType<typeof openMineQuery>>();

/** The open assignments handed to a member, one of their roles or their organisation, newest first, at most `limit`. */
export async function openAssignmentRecordsOf(
  db: Queryable,
  who: { orgId: string; userId: string; roleIds: readonly string[] },
  limit: number,
): Promise<AssignmentRecord[]> {
  let query = openMinePrepared.get(db);
  if (!query) openMinePrepared.set(db, (query = openMineQuery(db)));
  return query.execute({
    orgId: who.orgId,
    userId: who.userId,
    roleIds: arrayLiteral(who.roleIds),
    subjectIds: arrayLiteral([who.userId, who.orgId, ...who.roleIds]),
    limit,
  });
}

