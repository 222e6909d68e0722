/**
 * Breadcrumbs of the documentation pages: Home > Documentation > folders > …, as an ordered list of
 * links in a `<nav aria-label="Breadcrumbs">` (the shell holds the nav). The crumb of the page itself,
 * if it has one, is marked `aria-current="page"`.
 */
import type { PathStep } from '../../shared/api/documentation.ts';
import { browsePath } from '../../client/addresses.ts';

export interface Crumb {
  label: string;
  href: string;
  /** This crumb is the page being shown. */
  current?: boolean;
}

/** Home and Documentation (the root of the folder browser). */
export const HOME_CRUMBS: readonly Crumb[] = [
  { label: 'Home', href: '/' },
  { label: 'Documentation', href: browsePath() },
];

/** Home > Documentation > the folders of `path` (root first), leaving out the root, which is 'Documentation'. */
export function folderCrumbs(path: readonly PathStep[], rootId: string | null): Crumb[] {
  return [
    ...HOME_CRUMBS,
    ...path.filter((step) => step.id !== rootId).map((step) => ({ label: step.name, href: browsePath(step.id) })),
  ];
}

export function renderBreadcrumbs(nav: HTMLElement, crumbs: readonly Crumb[]): void {
  const list = document.createElement('ol');
  list.className = 'breadcrumb-list';
  crumbs.forEach((crumb, i) => {
    const item = document.createElement('li');
    item.className = 'breadcrumb';
    if (i > 0) {
      const separator = document.createElement('span');
      separator.className = 'breadcrumb-separator';
      separator.setAttribute('aria-hidden', 'true');
      separator.textContent = '›';
      item.append(separator);
    }
    const link = document.createElement('a');
    link.href = crumb.href;
    link.textContent = crumb.label;
    if (crumb.current) link.setAttribute('aria-current', 'page');
    item.append(link);
    list.append(item);
  });
  nav.replaceChildren(list);
}
