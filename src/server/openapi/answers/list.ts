/** THE answer of every list call (shared/api/list.ts List<T>): one page of `results`, and how many there are in all. */
import { z } from 'zod';

export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    total: z.int().min(0).meta({ description: 'How many there are in all (the page shows `results`)' }),
  });
