/**
 * Corrective actions (issue #12, beyond the spec): a checklist submission with validation errors raises,
 * in the submission's own transaction, one assignment of kind `correction` per recipient — each role and
 * each user toggled in the checklist editor as a failing question's validation recipients
 * (`question.validation.roles` / `.users`). The assignment names the checklist (`document_id`), the
 * submitted row (`submission_id`) and the failing answers that recipient hears of (`context.failing_answers`:
 * `{question_id, title, value}` in question order). No recipients → none raised. Recipients that are no
 * longer the organisation's (a deleted role, a member who left) are skipped.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Question, RecordedAnswer } from '../../../shared/checklists/index.ts';
import { isUuid, uuidv7 } from '../../../shared/ids.ts';
import type { Queryable } from '../../db/connection.ts';
import { assignments, memberships, roles } from '../../db/schema.ts';

export interface FailingAnswer {
  question_id: string;
  title: string;
  value: unknown;
}

export interface CorrectionRecipient {
  type: 'role' | 'user';
  id: string;
  failing: FailingAnswer[];
}

/** Who hears of which failing answers: each recipient once, with their failing answers in question order. Pure. */
export function correctionRecipients(
  questions: readonly { id: string; question: Question }[],
  record: Readonly<Record<string, RecordedAnswer>>,
): CorrectionRecipient[] {
  const byRecipient = new Map<string, CorrectionRecipient>();
  for (const { id, question } of questions) {
    const answer = record[id];
    if (!answer || answer.valid) continue;
    const failing: FailingAnswer = { question_id: id, title: question.title, value: answer.value };
    const subjects = [
      ...question.validation.roles.map((r) => ({ type: 'role' as const, id: r })),
      ...question.validation.users.map((u) => ({ type: 'user' as const, id: u })),
    ];
    for (const subject of subjects) {
      if (!isUuid(subject.id)) continue;
      const key = `${subject.type}:${subject.id.toLowerCase()}`;
      const recipient = byRecipient.get(key) ?? { type: subject.type, id: subject.id.toLowerCase(), failing: [] };
      if (!recipient.failing.some((f) => f.question_id === id)) recipient.failing.push(failing);
      byRecipient.set(key, recipient);
    }
  }
  return [...byRecipient.values()];
}

/**
 * Inserts the corrections of one submitted row (inside the submission's transaction); answers how many were
 * raised. A row submitted through a share link has no user (`submittedBy` null) and names its link (`sharedBy`).
 */
export async function raiseCorrections(
  db: Queryable,
  raised: { orgId: string; documentId: string; submissionId: string; submittedBy: string | null; sharedBy?: string; at: Date },
  recipients: readonly CorrectionRecipient[],
): Promise<number> {
  if (recipients.length === 0) return 0;
  const roleIds = recipients.filter((r) => r.type === 'role').map((r) => r.id);
  const userIds = recipients.filter((r) => r.type === 'user').map((r) => r.id);
  const liveRoles =
    roleIds.length === 0
      ? new Set<string>()
      : new Set(
          (await db.select({ id: roles.id }).from(roles).where(and(eq(roles.orgId, raised.orgId), inArray(roles.id, roleIds)))).map((r) => r.id),
        );
  const liveUsers =
    userIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ id: memberships.userId })
              .from(memberships)
              .where(and(eq(memberships.orgId, raised.orgId), inArray(memberships.userId, userIds)))
          ).map((m) => m.id),
        );
  const rows = recipients
    .filter((r) => (r.type === 'role' ? liveRoles : liveUsers).has(r.id))
    .map((r) => ({
      id: uuidv7(raised.at.getTime()),
      orgId: raised.orgId,
      kind: 'correction' as const,
      documentId: raised.documentId,
      submissionId: raised.submissionId,
      assignedToType: r.type,
      assignedToId: r.id,
      // Raised through a share link (issue #29): no user assigned it; the link's name says who.
      context: raised.sharedBy === undefined ? { failing_answers: r.failing } : { failing_answers: r.failing, share_link_name: raised.sharedBy },
      assignedBy: raised.submittedBy,
      assignedAt: raised.at,
    }));
  if (rows.length > 0) await db.insert(assignments).values(rows);
  return rows.length;
}
