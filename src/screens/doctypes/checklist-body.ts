/**
 * THE body of a checklist's view page (doctype form, its latest version): its description, how many
 * questions it has, and the `rb-checklist` filler with the checklist — one Lit template, which two draw
 * (issue #31):
 * - the server, into the page's first HTML (src/server/http/first-paint/checklist.ts, with @lit-labs/ssr:
 *   the element's own templates in a declarative shadow root), so the questions paint before the
 *   element's module has arrived; that copy is `inert` and marked `data-server-drawn`: read, not used;
 * - the viewer (./checklist-viewer.ts), when the page came without it (no session cookie, the service
 *   worker's copy). When it came with it, the viewer adopts the server's element instead: the element
 *   draws its shadow root anew with the same template (so nothing moves), and the viewer lifts `inert`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Document } from '../../shared/api/documentation.ts';
import { questionCount, questionCountText } from './form-description.ts';

/** Whether the view page fills the checklist in (older versions, and one without questions, show a summary). */
export function fillsIn(doc: Pick<Document, 'version' | 'latest_version' | 'contents'>): boolean {
  return doc.version >= doc.latest_version && questionCount(doc) > 0;
}

/** What marks the server's filler: the checklist and version it drew (the viewer adopts it for that one only). */
export function drawnStamp(doc: Pick<Document, 'id' | 'version'>): string {
  return `${doc.id}/${doc.version}`;
}

/**
 * The body; `drawnByServer`: the server's first paint (the filler gets the checklist as its `form`
 * there; in the browser the viewer hands it over with the rest of the filler's settings).
 */
export function checklistBody(doc: Document, drawnByServer: boolean): TemplateResult {
  const description = doc.description.trim() === '' ? nothing : html`<p class="document-description">${doc.description}</p>`;
  const filler = drawnByServer
    ? html`<rb-checklist data-server-drawn=${drawnStamp(doc)} inert .form=${doc}></rb-checklist>`
    : html`<rb-checklist></rb-checklist>`;
  return html`${description}<p class="document-question-count">${questionCountText(questionCount(doc))}</p>${filler}`;
}
