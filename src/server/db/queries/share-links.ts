/**
 * Share links (issue #29): the link of a token hash with its organisation, in ONE statement, for every
 * call a share token makes (auth/share-links.ts); and how an author is named in SQL when a row came
 * through a link (`share: {name}`, the sheets' rows and their CSV).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { SHARE_AUTHOR_PREFIX } from '../../../shared/api/share-links.ts';
import type { Queryable } from '../connection.ts';
import { organisations, shareLinks } from '../schema.ts';
import type { OrganisationRow } from './callers.ts';

export type ShareLinkRow = typeof shareLinks.$inferSelect;

function linkQuery(db: Queryable) {
  return db
    .select({ link: shareLinks, org: organisations })
    .from(shareLinks)
    .innerJoin(organisations, eq(organisations.id, shareLinks.orgId))
    .where(eq(shareLinks.tokenHash, sql.placeholder('tokenHash')))
    .prepare('share_link_of_token');
}

/** The statement, built once per database handle (every share call asks it). */
const prepared = new WeakMap<Queryable, ReturnType<typeof linkQuery>>();

/** The link whose token hashes to `tokenHash` (revoked and expired ones too: the caller says which), with its organisation. */
export async function shareLinkOfToken(db: Queryable, tokenHash: string): Promise<{ link: ShareLinkRow; org: OrganisationRow } | undefined> {
  let query = prepared.get(db);
  if (!query) {
    query = linkQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  return row;
}

/** The name a row's author is shown by: the user's username, else `share: {link name}`, else null. */
export const authorName = (username: SQL, linkName: SQL): SQL => sql`COALESCE(${username}, ${sql.raw(`'${SHARE_AUTHOR_PREFIX}'`)} || ${linkName})`;
