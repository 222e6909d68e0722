/**
 * THE breadcrumbs as markup: what `<rb-breadcrumbs>` (elements/rb-breadcrumbs/) draws inside itself for
 * its crumbs, and what the server writes inside the folder page's first HTML (src/server/http/first-paint/
 * folder.ts). One function, so the two drawings cannot differ.
 */
import type { PathStep } from '../api/documentation.ts';
import { browsePath } from '../page-addresses.ts';
import { escapeHtml } from './markup.ts';

export interface Crumb {
  label: string;
  /** Where the crumb leads; none for the page's own crumb in the folder browser. */
  href?: string;
  /** This crumb is the page being shown. */
  current?: boolean;
  /** The folder a dragged item may be dropped on here. */
  folderId?: string;
}

/** An ordered list, one item a crumb, a '›' (hidden from assistive technology) before every crumb but the first. */
export function breadcrumbsMarkup(crumbs: readonly Crumb[]): string {
  const items = crumbs.map((crumb, i) => {
    const drop = crumb.folderId === undefined ? '' : ` data-drop-folder-id="${escapeHtml(crumb.folderId)}" data-drop-folder-name="${escapeHtml(crumb.label)}"`;
    const separator = i > 0 ? '<span class="breadcrumb-separator" aria-hidden="true">›</span>' : '';
    const current = crumb.current ? ' aria-current="page"' : '';
    const label = crumb.href === undefined ? `<span${current}>${escapeHtml(crumb.label)}</span>` : `<a href="${escapeHtml(crumb.href)}"${current}>${escapeHtml(crumb.label)}</a>`;
    return `<li class="breadcrumb"${drop}>${separator}${label}</li>`;
  });
  return `<ol class="breadcrumb-list">${items.join('')}</ol>`;
}

/** Home and Documentation (the root of the folder browser). */
export const HOME_CRUMBS: readonly Crumb[] = [
  { label: 'Home', href: '/' },
  { label: 'Documentation', href: browsePath() },
];

/**
 * Home > Documentation > the folders of `path` (root first), leaving out the root, which is 'Documentation':
 * the crumbs of a document's pages (src/screens/documentation/breadcrumbs.ts `folderCrumbs`), which the
 * server draws too (src/server/http/first-paint/document-view.ts).
 */
export function pathCrumbs(path: readonly PathStep[], rootId: string | null): Crumb[] {
  return [...HOME_CRUMBS, ...path.filter((step) => step.id !== rootId).map((step) => ({ label: step.name, href: browsePath(step.id) }))];
}
