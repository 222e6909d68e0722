/**
 * The page addresses of the documentation area read in the browser (which page, which segment); they are
 * built by THE module of page addresses, src/shared/page-addresses.ts.
 */
import { ROOT, WHOLE_TRASH_SEGMENT } from '../shared/api/doctypes-and-limits.ts';


/** The segments of an address path, decoded ('/a/b%20c/' → ['a', 'b c']); undefined when malformed. */
function segments(path: string): string[] | undefined {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/** What a viewer address asks for. */
export type ViewTarget =
  | { kind: 'latest'; id: string }
  | { kind: 'version'; id: string; version: number }
  /** `/documentation/view/{id}/version/{x}` with an `x` that is no version number. */
  | { kind: 'bad-version'; id: string }
  | { kind: 'row'; id: string; rowId: string };

const VERSION = /^\d+$/;

/**
 * Reads a viewer address (DESIGN decisions): `/documentation/view/{id}` is the latest version;
 * `/{id}/version/{n}` and `/{id}/{n}` with `n` all digits are version n; `/{id}/{other}` is the
 * submitted row `other` of the document.
 */
export function viewTarget(path: string = location.pathname): ViewTarget | undefined {
  const parts = segments(path);
  if (!parts || parts[0] !== 'documentation' || parts[1] !== 'view' || !parts[2]) return undefined;
  const [, , id, second, third] = parts;
  if (second === undefined) return parts.length === 3 ? { kind: 'latest', id } : undefined;
  if (second === 'version' && third !== undefined && parts.length === 5) {
    const version = Number(third);
    return VERSION.test(third) && version >= 1 && Number.isSafeInteger(version) ? { kind: 'version', id, version } : { kind: 'bad-version', id };
  }
  if (parts.length !== 4) return undefined;
  if (VERSION.test(second)) {
    const version = Number(second);
    return version >= 1 && Number.isSafeInteger(version) ? { kind: 'version', id, version } : { kind: 'bad-version', id };
  }
  return { kind: 'row', id, rowId: second };
}

/** The segment at `index` of the address path (decoded), e.g. the `{id}` of /documentation/edit/{id} at 2. */
export function pathSegment(index: number, path: string = location.pathname): string {
  return segments(path)?.[index] ?? '';
}

/** The folder whose trash `/documentation/trash/{segment}` shows: the root for the old address. */
export function trashFolderOf(segment: string): string {
  return segment === '' || segment === WHOLE_TRASH_SEGMENT ? ROOT : segment;
}
