/**
 * Assignments (documentation §3 Assignment, §4 "unclaimed to claimed by claiming, back by unclaiming",
 * §7 workflow/assignments; issue #12): a folder or document handed to the organisation, one of its roles
 * or one of its members, claimed by one member, and closed by completing it. Corrective actions (kind
 * `correction`) are raised by submissions with validation errors (./corrections.ts) and go the same way.
 *
 * Rules (decisions where the spec is silent — docs: /work/scratch/doc-N3-assignments.md):
 * - Assigning needs Read on the item (else 404, like every item lookup) and the action table's `assign`
 *   (Write) on it (else 403). The assignee must be the caller's organisation, one of its roles or one of
 *   its members (else 422 naming `assigned_to.id`).
 * - Nobody ever sees an assignment about an item they may not Read (or that is in the trash): the list
 *   leaves it out, and claim/unclaim/complete answer 404 as for a missing one. `{kind}` in the address
 *   must be the assignment's kind (else 404).
 * - Claim: only an assignee (the user; a holder of the role; any member for the organisation) → else 403;
 *   only while unclaimed and open → else 409. One conditional UPDATE decides, so of two members claiming
 *   at once exactly one wins (the other's UPDATE waits, re-reads the row and matches nothing).
 * - Unclaim: the claimer or an org admin; complete: the claimer. Both conditional UPDATEs too.
 */
import { and, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Assignment, AssignmentKind } from '../../../shared/api/assignments.ts';
import type { CreateAssignmentParsed, ListAssignmentsParsed } from '../../../shared/api/assignments-schemas.ts';
import type { List } from '../../../shared/api/list.ts';
import { isUuid, uuidv7 } from '../../../shared/ids.ts';
import type { Queryable } from '../../db/connection.ts';
import { assignmentRecordsWhere, openAssignmentRecordsOf, type AssignmentRecord } from '../../db/queries/assignment-views.ts';
import { assignments } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { conflict, forbidden, notFound, validationFailed } from '../../errors.ts';
import { presentAssignment, type AssignmentRow, type AssignmentView } from '../../presenters/assignments.ts';
import { documentAccess, folderAccess, readableDocument, readableFolder, requireAction } from '../documentation/access.ts';
import { allows } from '../../../shared/permissions/index.ts';
import { requireOwnIds } from '../own-ids.ts';
import { activityRow, eventRecorded } from '../activity.ts';
import { writeActivityEvent } from '../../db/queries/activity-events.ts';
import { notifyAssignees } from '../notifications/assignees.ts';
import { queueWebhooks } from '../webhooks/events.ts';
import { recordCompletion } from './completion.ts';

export const assignmentNotFound = () => notFound('Assignment not found');

/** The most assignments one list answers (a dashboard's list; an item's tab). */
export const MAX_LISTED_ASSIGNMENTS = 500;

const viewOfRecord = (r: AssignmentRecord): AssignmentView => ({
  row: r.row,
  objectName: r.documentName ?? r.folderName,
  doctype: r.doctype,
  assigneeName: r.assigneeName,
  assignedByUsername: r.assignedByUsername,
  claimedByUsername: r.claimedByUsername,
  completedByUsername: r.completedByUsername,
});

/** Assignments with the names they are shown with, newest first (the Done list: newest completed first). One statement. */
export async function viewsWhere(db: Queryable, where: SQL | undefined, limit = MAX_LISTED_ASSIGNMENTS, newestDone = false): Promise<AssignmentView[]> {
  return (await assignmentRecordsWhere(db, where, limit, newestDone)).map(viewOfRecord);
}

/** The open assignments handed to `who`, one of their roles or their organisation, newest first (db/queries/assignment-views.ts). */
async function openViewsOf(db: Queryable, who: Member): Promise<AssignmentView[]> {
  const found = await openAssignmentRecordsOf(db, { orgId: who.orgId, userId: who.userId, roleIds: [...who.roleIds] }, MAX_LISTED_ASSIGNMENTS);
  return found.map(viewOfRecord);
}

async function viewOf(db: Queryable, id: string, now: Date): Promise<Assignment> {
  const [view] = await viewsWhere(db, eq(assignments.id, id), 1);
  return presentAssignment(view!, now);
}

/** Whether the caller may Read the assignment's item now (live, not in the trash). */
async function itemReadable(db: Queryable, who: Member, row: AssignmentRow): Promise<boolean> {
  const access = row.documentId ? await documentAccess(db, who, row.documentId) : await folderAccess(db, who, row.folderId!);
  return !!access && !access.trashed && allows(access.permissions, 'view');
}

/** POST workflow/assignments/{document|folder}: 201 with the new assignment. */
export async function createAssignment(
  deps: Deps,
  who: Member,
  kind: 'document' | 'folder',
  body: CreateAssignmentParsed,
): Promise<Assignment> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const access = kind === 'document' ? await readableDocument(tx, who, body.object_id) : await readableFolder(tx, who, body.object_id);
    requireAction(access.permissions, 'assign', kind);
    const { type, id } = body.assigned_to;
    if (type === 'org') {
      if (id.toLowerCase() !== who.orgId) throw validationFailed([{ field: 'assigned_to.id', message: 'is not this organization' }]);
    } else {
      await requireOwnIds(tx, who.orgId, [{ field: 'assigned_to.id', kind: type, id }]);
    }
    const itemId = kind === 'document' ? (access as { document: { id: string } }).document.id : (access as { folder: { id: string } }).folder.id;
    const newId = uuidv7(now.getTime());
    await tx.insert(assignments).values({
      id: newId,
      orgId: who.orgId,
      kind,
      documentId: kind === 'document' ? itemId : null,
      folderId: kind === 'folder' ? itemId : null,
      assignedToType: type,
      assignedToId: id.toLowerCase(),
      notes: body.notes,
      assignedBy: who.userId,
      assignedAt: now,
      dueAt: body.due_at ?? null,
    });
    const view = await viewOf(tx, newId, now);
    await recordAssignment(tx, who, access, view, now);
    return view;
  });
}

/**
 * The event of a new assignment (FolderAssigned / DocumentAssigned: the activity log shows it) and the
 * assignees' notifications (issue #32: in the bell, live on the dashboard, e-mailed where they asked for
 * it). Not through recordActivity: the item's subscribers are not told, its assignees are.
 */
async function recordAssignment(
  tx: Queryable,
  who: Member,
  access: Awaited<ReturnType<typeof readableDocument>> | Awaited<ReturnType<typeof readableFolder>>,
  view: Assignment,
  now: Date,
): Promise<void> {
  const isDocument = 'document' in access;
  const row = activityRow({
    type: isDocument ? 'DocumentAssigned' : 'FolderAssigned',
    orgId: who.orgId,
    actorId: who.userId,
    at: now,
    folderId: isDocument ? access.document.folderId : access.folder.id,
    documentId: isDocument ? access.document.id : null,
    context: {
      name: view.object_name,
      ...(isDocument ? { doctype: access.document.doctype, folder_name: access.chain[0]?.name ?? null } : {}),
      assignment_id: view.id,
      assigned_to: view.assigned_to,
      notes: view.notes,
      due_at: view.due_at,
    },
  });
  await writeActivityEvent(tx, row);
  await eventRecorded(tx, row);
  if (view.assigned_to.type !== 'share_link') {
    await notifyAssignees(tx, { ...row, actorId: who.userId }, { type: view.assigned_to.type, id: view.assigned_to.id });
  }
}

/** An assignment claimed or completed (no activity event of its own): its webhook deliveries, in its transaction (issue #34). */
async function assignmentWebhooks(
  tx: Queryable,
  who: Member,
  type: 'AssignmentClaimed',
  row: AssignmentRow,
  now: Date,
): Promise<void> {
  await queueWebhooks(tx, {
    id: uuidv7(now.getTime()),
    type,
    orgId: who.orgId,
    actorId: who.userId,
    at: now,
    documentId: row.documentId,
    folderId: row.folderId,
    context: { assignment_id: row.id, kind: row.kind, assigned_to: { type: row.assignedToType, id: row.assignedToId }, notes: row.notes, username: who.username },
  });
}

/** The subjects that name the caller: the user, each of their roles, their organisation. */
function handedTo(who: Member): SQL {
  return or(
    and(eq(assignments.assignedToType, 'user'), eq(assignments.assignedToId, who.userId)),
    and(eq(assignments.assignedToType, 'org'), eq(assignments.assignedToId, who.orgId)),
    who.roleIds.size > 0 ? and(eq(assignments.assignedToType, 'role'), inArray(assignments.assignedToId, [...who.roleIds])) : undefined,
  )!;
}

/**
 * GET workflow/assignments: the open assignments handed to me, one of my roles or my organisation, about
 * items I may Read, newest first; or, with `folder_id` / `document_id`, every assignment of that item
 * (open and completed; corrections of a checklist too) for anyone who may Read it (else 404).
 */
export async function listAssignments(deps: Deps, who: Member, query: ListAssignmentsParsed): Promise<List<Assignment>> {
  const now = deps.now();
  const present = (view: AssignmentView) => presentAssignment(view, now);
  if (query.document_id !== undefined || query.folder_id !== undefined) {
    const where =
      query.document_id !== undefined
        ? eq(assignments.documentId, (await readableDocument(deps.db, who, query.document_id)).document.id)
        : eq(assignments.folderId, (await readableFolder(deps.db, who, query.folder_id!)).folder.id);
    const views = await viewsWhere(deps.db, and(eq(assignments.orgId, who.orgId), where));
    return { results: views.map(present), total: views.length };
  }
  // Issue #44: the Done list (mine completed, newest first), or the open ones (missed occurrences are neither).
  const views =
    query.status === 'completed'
      ? await viewsWhere(deps.db, and(eq(assignments.orgId, who.orgId), isNotNull(assignments.completedAt), handedTo(who)), MAX_LISTED_ASSIGNMENTS, true)
      : await openViewsOf(deps.db, who);
  // Each item's permissions once (one statement per item: its chain with the ACL entries of every level).
  const readable = new Map<string, Promise<boolean>>();
  const visible = await Promise.all(
    views.map((view) => {
      const key = view.row.documentId ?? view.row.folderId!;
      let known = readable.get(key);
      if (!known) readable.set(key, (known = itemReadable(deps.db, who, view.row)));
      return known;
    }),
  );
  const results = views.filter((_, i) => visible[i]).map(present);
  return { results, total: results.length };
}

/** The assignment `id` of kind `kind` in the caller's organisation about an item they may Read; else 404. */
async function visibleAssignment(db: Queryable, who: Member, kind: string, id: string): Promise<AssignmentRow> {
  if (!isUuid(id)) throw assignmentNotFound();
  const [row] = await db
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, id.toLowerCase()), eq(assignments.orgId, who.orgId)));
  if (!row || row.kind !== kind || !(await itemReadable(db, who, row))) throw assignmentNotFound();
  return row;
}

/** Whether the caller is one of the assignees: the user named, a holder of the role named, any member for the organisation. */
export function isAssignee(who: Pick<Member, 'userId' | 'orgId' | 'roleIds'>, row: Pick<AssignmentRow, 'assignedToType' | 'assignedToId'>): boolean {
  switch (row.assignedToType) {
    case 'user':
      return row.assignedToId === who.userId;
    case 'role':
      return who.roleIds.has(row.assignedToId);
    case 'org':
      return row.assignedToId === who.orgId;
    case 'share_link':
      return false;
  }
}

const alreadyCompleted = () => conflict('This assignment has already been completed');

/** Why a conditional update matched nothing, from the row as it is now (after the other writer committed). */
async function conflictNow(db: Queryable, id: string, what: 'claim' | 'unclaim' | 'complete'): Promise<never> {
  const [view] = await viewsWhere(db, eq(assignments.id, id), 1);
  if (!view) throw assignmentNotFound();
  if (view.row.completedAt !== null) throw alreadyCompleted();
  if (what === 'claim' || (what === 'complete' && view.row.claimedBy !== null)) throw conflict(`This assignment has already been claimed by ${view.claimedByUsername ?? 'someone else'}`);
  throw conflict('This assignment is not claimed');
}

/** POST workflow/assignments/{kind}/{id}/claim: the updated assignment. */
export async function claimAssignment(deps: Deps, who: Member, kind: AssignmentKind | string, id: string): Promise<Assignment> {
  const row = await visibleAssignment(deps.db, who, kind, id);
  if (!isAssignee(who, row)) throw forbidden('This assignment is not assigned to you');
  const now = deps.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(assignments)
      .set({ claimedBy: who.userId, claimedAt: now })
      .where(and(eq(assignments.id, row.id), isNull(assignments.claimedBy), isNull(assignments.completedAt)))
      .returning({ id: assignments.id });
    if (done) await assignmentWebhooks(tx, who, 'AssignmentClaimed', row, now);
    return done;
  });
  if (!claimed) return conflictNow(deps.db, row.id, 'claim');
  return viewOf(deps.db, row.id, deps.now());
}

/** POST workflow/assignments/{kind}/{id}/unclaim: the claimer, or an org admin. */
export async function unclaimAssignment(deps: Deps, who: Member, kind: AssignmentKind | string, id: string): Promise<Assignment> {
  const row = await visibleAssignment(deps.db, who, kind, id);
  if (row.completedAt !== null) throw alreadyCompleted();
  if (row.claimedBy === null) throw conflict('This assignment is not claimed');
  if (row.claimedBy !== who.userId && !who.isOrgAdmin) throw forbidden('Only the member who claimed this assignment can unclaim it');
  const [unclaimed] = await deps.db
    .update(assignments)
    .set({ claimedBy: null, claimedAt: null })
    .where(
      and(
        eq(assignments.id, row.id),
        isNull(assignments.completedAt),
        // The claim unclaimed is the one checked above: a claim made since by someone else stays.
        eq(assignments.claimedBy, row.claimedBy),
      ),
    )
    .returning({ id: assignments.id });
  if (!unclaimed) return conflictNow(deps.db, row.id, 'unclaim');
  return viewOf(deps.db, row.id, deps.now());
}

/**
 * POST workflow/assignments/{kind}/{id}/complete: the claimer closes it; an assignee closes an unclaimed one,
 * claiming it in the same step (issue #44: 'Complete' on the dashboard and the item's Assignments tab).
 */
export async function completeAssignment(deps: Deps, who: Member, kind: AssignmentKind | string, id: string): Promise<Assignment> {
  const row = await visibleAssignment(deps.db, who, kind, id);
  if (row.completedAt !== null) throw alreadyCompleted();
  if (row.missedAt !== null) throw conflict('This occurrence was missed');
  if (row.claimedBy === null && !isAssignee(who, row)) throw forbidden('This assignment is not assigned to you');
  if (row.claimedBy !== null && row.claimedBy !== who.userId) throw forbidden('Only the member who claimed this assignment can complete it');
  const now = deps.now();
  const completed = await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(assignments)
      .set({ claimedBy: who.userId, claimedAt: row.claimedAt ?? now, completedBy: who.userId, completedAt: now })
      .where(
        and(
          eq(assignments.id, row.id),
          row.claimedBy === null ? isNull(assignments.claimedBy) : eq(assignments.claimedBy, who.userId),
          isNull(assignments.completedAt),
          isNull(assignments.missedAt),
        ),
      )
      .returning();
    if (done) await recordCompletion(tx, { orgId: who.orgId, userId: who.userId, username: who.username }, done, now);
    return done;
  });
  if (!completed) return conflictNow(deps.db, row.id, 'complete');
  return viewOf(deps.db, row.id, now);
}
