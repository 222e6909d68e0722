/** Moving between pages (each route is its own shell) and the remembered "came from" path. */

/** A same-site path that is safe to go back to after sign-in, or undefined. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value.startsWith('/login')) return undefined;
  return value;
}

/** /login, remembering where the user was going. */
export function loginPathFrom(current: string): string {
  const back = safeReturnPath(current);
  return back && back !== '/' ? `/login?next=${encodeURIComponent(back)}` : '/login';
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) location.replace(path);
  else location.assign(path);
}

/** The id in an address such as /invitation/{id}: the last non-empty segment. */
export function lastSegment(path: string = location.pathname): string {
  return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
}
