/**
 * Reading the activity log (GET activity, org admins; accounts §2 Activity Log): one page of the
 * organisation's events, newest first, each with what it names as that is now — so the screen can link
 * to the item, its folder, the trash, its history, the user or the role without another request.
 * The events are written by ./activity.ts in the transactions of the changes they record.
 *
 * `total` is exact up to COUNT_AHEAD (1,000) events past the page asked for; an organisation with more
 * says `skip + limit + COUNT_AHEAD` (at least that many). Counting a million index entries takes tens of
 * milliseconds on PostgreSQL and far more on PGlite, while the log's first page must answer within
 * 20 ms; a counter kept per organisation would make every recorded event (every submission) update one
 * row of its organisation, serialising them. Paging forward always finds the next pages: each later page
 * counts further ahead. See the doc note for the figures.
 */
import { ACTIVITY_COUNT_AHEAD, type ActivityEntry } from '../../shared/api/activity.ts';
import type { ActivityPage } from '../../shared/api/activity-schemas.ts';
import type { List } from '../../shared/api/list.ts';
import { countEvents, eventPage, itemsNow, partiesNow } from '../db/queries/activity-log.ts';
import type { Deps, Member } from '../env.ts';
import { keyOf, presentActivity, referencesOf, type Now, type Reference } from '../presenters/activity.ts';

/**
 * How far past the page `total` counts exactly (ten pages of the screen's 100 rows): on a never-vacuumed
 * PGlite each entry counted is also a heap visit, 10,000 of them cost tens of milliseconds.
 */
export const COUNT_AHEAD = ACTIVITY_COUNT_AHEAD;

export async function listActivity(deps: Deps, who: Member, page: ActivityPage): Promise<List<ActivityEntry>> {
  const upTo = page.skip + page.limit + COUNT_AHEAD;
  const [events, counted] = await Promise.all([
    eventPage(deps.db, { orgId: who.orgId, skip: page.skip, limit: page.limit }),
    countEvents(deps.db, who.orgId, upTo),
  ]);
  const refs = events.map(referencesOf);

  const wanted = { document: new Set<string>(), folder: new Set<string>(), user: new Set<string>(), role: new Set<string>() };
  const want = (ref: Reference | null) => {
    if (ref) wanted[ref.kind].add(ref.id);
  };
  for (const r of refs) {
    want(r.actor);
    want(r.target);
    want(r.folder);
  }
  const [items, parties] = await Promise.all([
    itemsNow(deps.db, who.orgId, [...wanted.document], [...wanted.folder]),
    partiesNow(deps.db, who.orgId, [...wanted.user], [...wanted.role]),
  ]);
  const now: Now = {
    items: new Map(items.map((i) => [keyOf(i.kind, i.id), i])),
    parties: new Map(parties.map((p) => [keyOf(p.kind, p.id), p])),
  };
  return {
    results: events.map((event, i) => presentActivity(event, refs[i]!, now)),
    // Past the end of the log the count is exact (it found fewer than `upTo`).
    total: counted,
  };
}
