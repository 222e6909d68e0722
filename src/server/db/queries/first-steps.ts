/** The dashboard's first steps (issue #32): which of them an organisation has taken, ONE statement of EXISTS probes. */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { namedStatement, runStatement } from '../statements.ts';

const v = (name: string) => sql.placeholder(name);

const FIRST_STEPS = namedStatement(
  'first_steps',
  sql`SELECT EXISTS (SELECT 1 FROM folders f WHERE f.org_id = ${v('orgId')}::uuid AND f.parent_id IS NOT NULL AND f.deleted_at IS NULL) AS folder,
             EXISTS (SELECT 1 FROM documents d WHERE d.org_id = ${v('orgId')}::uuid AND d.doctype = 'form' AND d.deleted_at IS NULL) AS checklist,
             EXISTS (SELECT 1 FROM memberships m WHERE m.org_id = ${v('orgId')}::uuid AND m.user_id <> ${v('userId')}::uuid)
               OR EXISTS (SELECT 1 FROM invitations i WHERE i.org_id = ${v('orgId')}::uuid) AS member,
             EXISTS (SELECT 1 FROM activity_events e WHERE e.org_id = ${v('orgId')}::uuid AND e.type = 'FolderLabelsPrinted') AS qr_labels`,
);

export async function firstStepsTaken(db: Queryable, q: { orgId: string; userId: string }): Promise<{ folder: boolean; checklist: boolean; member: boolean; qr_labels: boolean }> {
  const [row] = await runStatement<{ folder: boolean; checklist: boolean; member: boolean; qr_labels: boolean }>(db, FIRST_STEPS, q);
  return { folder: !!row?.folder, checklist: !!row?.checklist, member: !!row?.member, qr_labels: !!row?.qr_labels };
}
