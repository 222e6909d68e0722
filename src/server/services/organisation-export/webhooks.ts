/**
 * An organisation's outgoing webhooks, in its export (./export.ts): each endpoint's address, events,
 * subtree and state (webhooks.json) — never its signing secret, current or previous, which is never
 * selected — and every endpoint's delivery log, each attempt of each delivery (webhook-deliveries.json).
 */
import { webhookEndpoints } from '../../db/schema.ts';
import { webhookAttemptPage, type TimeKey } from '../../db/queries/organisation-export.ts';
import type { Deps } from '../../env.ts';
import { byId, byTime, EXPORT_PAGE, jsonArray, orgPage, pages } from './pages.ts';
import type { ZipWriter } from './zip.ts';

function endpointPage(deps: Deps, orgId: string, after: string | undefined) {
  const w = webhookEndpoints;
  const page = orgPage({ column: w.orgId, id: orgId }, w.id, after);
  return deps.db
    .select({
      id: w.id, url: w.url, events: w.events, folder_id: w.folderId, enabled: w.enabled, disabled_at: w.disabledAt,
      failing_since: w.failingSince, created_by: w.createdBy, created_at: w.createdAt, updated_at: w.updatedAt,
    })
    .from(w)
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(EXPORT_PAGE);
}

/** Every endpoint's log, endpoint after endpoint, each a page at a time. */
async function* deliveryLog(deps: Deps, orgId: string) {
  for await (const endpoints of pages((after: string | undefined) => endpointPage(deps, orgId, after), byId)) {
    for (const endpoint of endpoints) {
      yield* pages((after: TimeKey | undefined) => webhookAttemptPage(deps.db, orgId, endpoint.id, after, EXPORT_PAGE), byTime);
    }
  }
}

export async function addWebhooks(zip: ZipWriter, deps: Deps, orgId: string): Promise<void> {
  await zip.add('webhooks.json', () => jsonArray(pages((after: string | undefined) => endpointPage(deps, orgId, after), byId)));
  await zip.add('webhook-deliveries.json', () => jsonArray(deliveryLog(deps, orgId), ({ key: _key, ...attempt }) => attempt));
}
