/** The search's answers (shared/api/search.ts, presenters/search.ts) as zod, for the OpenAPI document (issue #34). Server only. */
import { z } from 'zod';
import { doctype, id, itemKind, time } from './documentation.ts';

export const searchResultAnswer = z.object({
  id,
  kind: itemKind,
  name: z.string(),
  description: z.string(),
  doctype: doctype.nullable(),
  created_at: time,
  modified_at: time,
  folder_id: id.nullable(),
  folder_name: z.string().nullable(),
}).meta({ id: 'SearchResult' });
