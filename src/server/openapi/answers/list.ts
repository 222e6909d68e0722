/** The answer of every list call (shared/api/list.ts List<T>): one page of `results` and how many in all (`total`). */
import { z } from 'zod';

const lists = new WeakMap<z.ZodType, z.ZodType>();

/** `{results: T[], total}`; named `{T}List` in the document when T has a name (one schema per item, made once). */
export function listOf<T extends z.ZodType>(item: T): z.ZodObject<{ results: z.ZodArray<T>; total: z.ZodInt }> {
  let list = lists.get(item);
  if (!list) {
    const name = z.globalRegistry.get(item)?.id;
    const plain = z.object({ results: z.array(item), total: z.int().min(0) });
    list = name ? plain.meta({ id: `${name}List` }) : plain;
    lists.set(item, list);
  }
  return list as z.ZodObject<{ results: z.ZodArray<T>; total: z.ZodInt }>;
}

/** An ISO 8601 date and time as the presenters write it (Date.toISOString). */
export const dateTime = z.iso.datetime({ offset: true });

/** A `{detail}` answer that is a success (e.g. "Password Has Been Reset"). */
export const detailAnswer = z.object({ detail: z.string() }).meta({ id: 'Detail' });
