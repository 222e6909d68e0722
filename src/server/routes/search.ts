/** `documentation/search` (documentation §7): any member; the service (services/search.ts) keeps to what they may Read. */
import { Hono } from 'hono';
import { searchQuery } from '../../shared/api/search-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { listOf } from '../openapi/answers/list.ts';
import { searchResultAnswer } from '../openapi/answers/search.ts';
import { operation } from '../openapi/operation.ts';
import { queryOf } from '../http/query.ts';
import { search } from '../services/search.ts';

export const searchApi = new Hono<MemberEnv>();

searchApi.get(
  '/',
  operation({
    summary: 'Search names, descriptions and question titles',
    description: 'Only items the caller may Read.',
    tag: 'Search',
    query: searchQuery,
    answers: { 200: listOf(searchResultAnswer) },
  }),
  async (c) => {
    const query = queryOf(c, searchQuery);
    return c.json(await search(c.var.deps, c.var.member, query));
  },
);
