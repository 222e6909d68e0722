/**
 * Whether a server answers at all, CORS aside (issue #43 item 10): a request in `no-cors` mode gets an
 * opaque answer from a server that is up, whatever its CORS headers say, and fails only when no answer
 * came (offline, server down). An element whose API call failed without an answer asks this to tell a
 * CORS refusal (the page's origin not in EMBED_ORIGINS) from a lost network.
 */
export async function answersWithoutCors(address: string): Promise<boolean> {
  try {
    // The one raw request outside the transport's ofetch: an opaque probe that reads nothing (no credentials).
    await globalThis.fetch(address, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}
