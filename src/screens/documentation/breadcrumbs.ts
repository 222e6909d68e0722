/**
 * Breadcrumbs of the documentation pages: Home > Documentation > folders > …, drawn by THE
 * `<rb-breadcrumbs>` (elements/rb-breadcrumbs/, the folder browser's too) in the page's
 * `<nav aria-label="Breadcrumbs">` (the shell holds the nav). The crumb of the page itself, if it has
 * one, is marked `aria-current="page"`.
 */
import '../../../elements/rb-breadcrumbs/breadcrumbs.ts';
import type { Crumb } from '../../../elements/rb-breadcrumbs/breadcrumbs.ts';
import { HOME_CRUMBS, pathCrumbs } from '../../shared/first-paint/breadcrumbs.ts';

export type { Crumb };

/** Home and Documentation (the root of the folder browser). */
export { HOME_CRUMBS };
/** Home > Documentation > the folders of a path (root first), leaving out the root, which is 'Documentation'. */
export const folderCrumbs = pathCrumbs;

/** Draws `crumbs` in the page's `<nav>` with THE breadcrumbs element (elements/rb-breadcrumbs/). */
export function renderBreadcrumbs(nav: HTMLElement, crumbs: readonly Crumb[]): void {
  let element = nav.querySelector('rb-breadcrumbs');
  if (!element) nav.replaceChildren((element = document.createElement('rb-breadcrumbs')));
  element.crumbs = crumbs;
}
