/**
 * The words for an author whose page's origin the server does not list in EMBED_ORIGINS (issue #43 item 10):
 * the browser refuses the API's answers (CORS) and the element learns only that no answer came. When the
 * API is on another origin than the page and still answers a probe that needs no CORS (the server is up),
 * the refusal is CORS: the element says which origin to add, and the console says it too.
 */
import { buildInfo } from '../../src/shared/api/paths.ts';
import { answersWithoutCors, ApiError } from '../../src/shared/transport/index.ts';

/** What the element shows when `pageOrigin` is not in the server's EMBED_ORIGINS. */
export function corsRefusalWords(pageOrigin: string, serverOrigin: string): string {
  return (
    `This checklist cannot be shown on ${pageOrigin}: the Ringbinder server ${serverOrigin} does not allow this site. ` +
    `Ask whoever runs it to add ${pageOrigin} to EMBED_ORIGINS.`
  );
}

/** The console's line for the page's author. */
export function corsRefusalConsole(pageOrigin: string, serverOrigin: string): string {
  return `<rb-checklist>: ${serverOrigin} refused this page's origin (CORS). Add "${pageOrigin}" to EMBED_ORIGINS on the Ringbinder server ${serverOrigin} to embed its checklists here.`;
}

/**
 * The CORS refusal's words when `error` is one (no answer, the API on another origin that answers
 * without CORS), told to the console too; undefined otherwise.
 */
export async function corsRefusal(error: unknown, apiBase: string, page: string = globalThis.location?.href ?? ''): Promise<string | undefined> {
  if (!(error instanceof ApiError) || !error.network || !page) return undefined;
  let api: URL;
  let pageOrigin: string;
  try {
    api = new URL(apiBase, page);
    pageOrigin = new URL(page).origin;
  } catch {
    return undefined;
  }
  if (api.origin === pageOrigin || !/^https?:$/.test(api.protocol)) return undefined;
  if (!(await answersWithoutCors(`${api.href.replace(/\/+$/, '')}/${buildInfo}`))) return undefined;
  console.error(corsRefusalConsole(pageOrigin, api.origin));
  return corsRefusalWords(pageOrigin, api.origin);
}
