/**
 * A document page's head as its first paint draws it (issue #31): the heading 'View {name}' and the
 * breadcrumbs Home > Documentation > folders, written by the page's script (src/screens/documentation/
 * document-view.ts) and by the server into the page's first HTML (src/server/http/first-paint/document-view.ts)
 * with the same functions, so the two cannot differ.
 */
import type { Document } from '../api/documentation.ts';
import { breadcrumbsMarkup, pathCrumbs } from './breadcrumbs.ts';

/** 'View {name}', and '(Version: n)' after it when the address names a version. */
export function viewTitle(name: string, version?: number): string {
  return version === undefined ? `View ${name}` : `View ${name} (Version: ${version})`;
}

/** What goes inside the page's `<nav aria-label="Breadcrumbs">`: THE breadcrumbs element with its crumbs drawn. */
export function documentCrumbsMarkup(doc: Pick<Document, 'path' | 'root_id'>): string {
  return `<rb-breadcrumbs>${breadcrumbsMarkup(pathCrumbs(doc.path, doc.root_id))}</rb-breadcrumbs>`;
}
