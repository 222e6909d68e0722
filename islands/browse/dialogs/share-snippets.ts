/**
 * What the Share tab (./ShareTab.tsx) offers to copy for a share link (#29), and its expiry, as pure
 * functions: the address (the server builds it from PUBLIC_URL, so a code printed by an admin on an
 * internal host name opens for everyone), the one-line script embed (`ringbinder.js` + `<rb-checklist
 * share-token>`) and the iframe embed for CMSs that allow no scripts (`/embed/fill/{token}` at a fixed
 * height, and the script that sizes it where scripts are allowed).
 */
import type { ShareLink } from '../../../src/shared/api/share-links.ts';

/** The frame's height before (or without) the sizing script. */
export const FRAME_HEIGHT = 600;

export interface ShareSnippets {
  address: string;
  script: string;
  iframe: string;
}

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The server's address the link was made on: its `url` without `/fill/{token}` (PUBLIC_URL, path included). */
function serverOf(link: Pick<ShareLink, 'url'>): string {
  const at = link.url.lastIndexOf('/fill/');
  return at === -1 ? new URL(link.url).origin : link.url.slice(0, at);
}

/**
 * What the Share tab says under the embeds (issue #43 item 10), as the element and the frame say when refused:
 * another site embeds only when the server lists its origin.
 */
export const EMBED_ORIGINS_HINT =
  'The embeds work on another site only when the Ringbinder server lists that site’s origin (e.g. https://intranet.example.com) in EMBED_ORIGINS: ask whoever runs it to add yours.';

/** The link's snippets; the iframe is titled with the checklist's name (issue #43: what a screen reader announces). */
export function shareSnippets(link: Pick<ShareLink, 'token' | 'url'>, checklistName: string): ShareSnippets {
  const server = serverOf(link);
  const token = attribute(link.token);
  return {
    address: link.url,
    script: `<script type="module" src="${server}/elements/ringbinder.js"></script><rb-checklist share-token="${token}"></rb-checklist>`,
    iframe:
      `<iframe src="${server}/embed/fill/${token}" title="${attribute(checklistName)}" style="width:100%;border:0" height="${FRAME_HEIGHT}"></iframe>` +
      `<script src="${server}/elements/embed-frame.js" async></script>`,
  };
}

/** Whether the link has passed its end (the server refuses it: 'This link has expired'). */
export function isExpired(link: Pick<ShareLink, 'expires_at'>, now: Date = new Date()): boolean {
  return link.expires_at !== null && new Date(link.expires_at).getTime() <= now.getTime();
}

/** The create form's `datetime-local` value as the API's `expires_at`: null when empty, undefined when it is no date. */
export function expiresAtOf(local: string): string | null | undefined {
  if (local.trim() === '') return null;
  const at = new Date(local);
  return Number.isFinite(at.getTime()) ? at.toISOString() : undefined;
}
