/** `documentation/search` (documentation §7): any member; the service (services/search.ts) keeps to what they may Read. */
import { Hono } from 'hono';
import { searchQuery } from '../../shared/api/search-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { queryOf } from '../http/query.ts';
import { search } from '../services/search.ts';

export const searchApi = new Hono<MemberEnv>();

searchApi.get('/', async (c) => {
  const query = queryOf(c, searchQuery);
  return c.json(await search(c.var.deps, c.var.member, query));
});
