/**
 * Mail that is failing, for General Settings (GET settings/mail-failures, org admins): a relay that
 * refuses every message (a wrong MAIL_FROM, a relay that does not know this server) must not fail
 * silently. Only mail to the organisation's own people counts — the sender's queue is shared by every
 * organisation, and an error often quotes its recipient (db/queries/mail-queue.ts `mailFailuresOfOrg`).
 */
import type { MailFailures } from '../../shared/api/settings.ts';
import { mailFailuresOfOrg } from '../db/queries/mail-queue.ts';
import type { Deps, Member } from '../env.ts';

/** How far back General Settings looks: a week of failures says the relay is failing now. */
export const MAIL_FAILURES_SHOWN_MS = 7 * 24 * 60 * 60 * 1000;

export async function mailFailures(deps: Deps, who: Member): Promise<MailFailures> {
  const failed = await mailFailuresOfOrg(deps.db, who.orgId, new Date(deps.now().getTime() - MAIL_FAILURES_SHOWN_MS));
  return {
    count: failed.count,
    last_error: failed.count > 0 ? failed.lastError : null,
    last_failed_at: failed.count > 0 && failed.lastFailedAt ? failed.lastFailedAt.toISOString() : null,
  };
}
