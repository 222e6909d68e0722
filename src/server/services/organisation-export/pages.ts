/**
 * How every file of an organisation's export is read and written (./export.ts): a table's rows page after
 * page by keyset (EXPORT_PAGE at a time, each page written before the next is read), and a JSON array
 * written as its pages come, one element a line.
 */
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TimeKey } from '../../db/queries/organisation-export.ts';

/** Rows read at a time. */
export const EXPORT_PAGE = 1000;

/** Every row, page after page: `read` answers the page after `after` (undefined: the first). */
export async function* pages<T, K>(read: (after: K | undefined) => Promise<T[]>, keyOf: (row: T) => K): AsyncIterable<T[]> {
  let after: K | undefined;
  for (;;) {
    const page = await read(after);
    if (page.length > 0) yield page;
    if (page.length < EXPORT_PAGE) return;
    after = keyOf(page[page.length - 1]!);
  }
}

/** A JSON array written page by page: one element a line. */
export async function* jsonArray<T>(source: AsyncIterable<T[]>, shape: (row: T) => unknown = (row) => row): AsyncIterable<string> {
  let first = true;
  yield '[';
  for await (const page of source) {
    let text = '';
    for (const row of page) {
      text += `${first ? '\n' : ',\n'}${JSON.stringify(shape(row))}`;
      first = false;
    }
    yield text;
  }
  yield first ? ']\n' : '\n]\n';
}

export async function* once(text: string): AsyncIterable<string> {
  yield text;
}

export const json = (value: unknown) => () => once(`${JSON.stringify(value, null, 2)}\n`);
export const byId = (row: { id: string }) => row.id;
export const byTime = (row: { key: TimeKey }) => row.key;

/**
 * The WHERE and ORDER BY of a page of one organisation's rows by id: the organisation's (`orgId` column),
 * after `after`, with `also` (a further condition) when given.
 */
export function orgPage(org: { column: PgColumn; id: string }, idColumn: PgColumn, after: string | undefined, also?: SQL) {
  return {
    where: and(eq(org.column, org.id), after === undefined ? undefined : gt(idColumn, after), also),
    orderBy: asc(idColumn),
  };
}
