/**
 * The opening pass's set-based statements (issue #44; the rules: src/server/services/schedules/opening-pass.ts):
 * each schedule's next occurrence moved on in ONE statement for the whole batch (only where no other process
 * moved it first), and the occurrences whose window closed without a submission marked missed in ONE
 * statement (late ones allowed: once the next occurrence for the same assignee has opened).
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { toDate, toDateOrNull } from '../rows.ts';
import { namedStatement, runStatement } from '../statements.ts';

const v = (name: string) => sql.placeholder(name);

const MOVE_NEXT_DUE = namedStatement(
  'schedules_move_next_due',
  sql`UPDATE schedules s SET next_due_at = (x->>'next')::timestamptz
        FROM jsonb_array_elements(${v('moves')}::jsonb) x
       WHERE s.id = (x->>'id')::uuid AND s.next_due_at = (x->>'was')::timestamptz`,
);

/** Moves each schedule's next_due_at from `was` to `next` (null: the rule has ended), unless another process did. */
export async function moveNextDue(db: Queryable, moves: readonly { id: string; was: Date; next: Date | null }[]): Promise<void> {
  if (moves.length === 0) return;
  const list = moves.map((m) => ({ id: m.id, was: m.was.toISOString(), next: m.next?.toISOString() ?? null }));
  await runStatement(db, MOVE_NEXT_DUE, { moves: JSON.stringify(list) });
}

const MARK_MISSED = namedStatement(
  'assignments_mark_missed',
  sql`UPDATE assignments a SET missed_at = ${v('now')}::timestamptz
        FROM schedules s
       WHERE a.id IN (
               SELECT c.id FROM assignments c JOIN schedules cs ON cs.id = c.schedule_id
                WHERE c.due_at <= ${v('now')}::timestamptz AND c.completed_at IS NULL AND c.missed_at IS NULL
                  AND (NOT cs.allow_late OR EXISTS (SELECT 1 FROM assignments n
                         WHERE n.schedule_id = c.schedule_id AND n.assigned_to_id = c.assigned_to_id AND n.opens_at > c.opens_at))
                ORDER BY c.due_at LIMIT ${v('batch')}::int)
         AND s.id = a.schedule_id AND a.completed_at IS NULL AND a.missed_at IS NULL
      RETURNING a.id, a.org_id, a.document_id, a.schedule_id, a.assigned_to_type, a.assigned_to_id, a.opens_at, a.due_at, s.created_by`,
);

export interface MissedOccurrence {
  id: string;
  orgId: string;
  documentId: string;
  scheduleId: string;
  assignedToType: 'org' | 'role' | 'user' | 'share_link';
  assignedToId: string;
  opensAt: Date;
  dueAt: Date;
  createdBy: string | null;
}

export async function markMissed(db: Queryable, now: Date, batch: number): Promise<MissedOccurrence[]> {
  type Raw = { id: string; org_id: string; document_id: string; schedule_id: string; assigned_to_type: MissedOccurrence['assignedToType']; assigned_to_id: string; opens_at: unknown; due_at: unknown; created_by: string | null };
  const found = await runStatement<Raw>(db, MARK_MISSED, { now: now.toISOString(), batch });
  return found.map((r) => ({
    id: r.id,
    orgId: r.org_id,
    documentId: r.document_id,
    scheduleId: r.schedule_id,
    assignedToType: r.assigned_to_type,
    assignedToId: r.assigned_to_id,
    opensAt: toDate(r.opens_at),
    dueAt: toDateOrNull(r.due_at)!,
    createdBy: r.created_by,
  }));
}
