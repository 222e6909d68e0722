/**
 * GET workflow/first-steps (issue #32): what the dashboard of a new organisation offers — the caller's
 * permission bits at the root (so an empty panel offers to add only to someone who may), and for org
 * admins the first steps (create a folder, make a checklist, invite a member, print QR labels for a
 * folder), each done once the organisation's data shows it: derived here, never remembered in a browser.
 */
import { ROOT } from '../../shared/api/documentation.ts';
import type { FirstSteps } from '../../shared/api/first-steps.ts';
import { firstStepsTaken } from '../db/queries/first-steps.ts';
import type { Deps, Member } from '../env.ts';
import { folderAccess } from './documentation/access.ts';

export async function firstSteps(deps: Deps, who: Member): Promise<FirstSteps> {
  const [root, steps] = await Promise.all([
    folderAccess(deps.db, who, ROOT),
    who.isOrgAdmin ? firstStepsTaken(deps.db, { orgId: who.orgId, userId: who.userId }) : Promise.resolve(null),
  ]);
  return { root_permissions: root?.permissions ?? 0, steps };
}
