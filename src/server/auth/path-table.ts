/**
 * A table by path (api.ts ACCESS, auth/api-tokens.ts TOKEN_REFUSALS): `'/prefix'` or `'METHOD /prefix'`
 * (under /api/v1) → a value. The longest prefix that holds an address decides, a method's entry before one
 * without at the same prefix; the order of the entries does not matter.
 */

const holds = (prefix: string, path: string) => prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);

/** The value of a call: the longest prefix that holds `path`, a method's entry first; undefined when none does. */
export function entryOf<T>(table: Readonly<Record<string, T>>, method: string, path: string): T | undefined {
  let best: { length: number; specific: boolean; value: T } | undefined;
  for (const [key, value] of Object.entries(table)) {
    const space = key.indexOf(' ');
    const [keyMethod, prefix] = space === -1 ? [undefined, key] : [key.slice(0, space), key.slice(space + 1)];
    if (keyMethod !== undefined && keyMethod !== method) continue;
    if (!holds(prefix, path)) continue;
    const length = prefix === '/' ? 0 : prefix.length;
    const specific = keyMethod !== undefined;
    if (!best || length > best.length || (length === best.length && specific && !best.specific)) best = { length, specific, value };
  }
  return best?.value;
}
