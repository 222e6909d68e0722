/** The answer of every list call (shared/api/list.ts List<T>): one page of `results` and how many in all (`total`). */
import { z } from 'zod';

export const listOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item), total: z.int().min(0) });

/** An ISO 8601 date and time as the presenters write it (Date.toISOString). */
export const dateTime = z.iso.datetime({ offset: true });

/** A `{detail}` answer that is a success (e.g. "Password Has Been Reset"). */
export const detailAnswer = z.object({ detail: z.string() });
