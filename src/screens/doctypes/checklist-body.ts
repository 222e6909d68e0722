/**
 * THE body of a checklist's view page (doctype form, its latest version): its description, how many
 * questions it has, and the `rb-checklist` filler with the checklist — one Lit template, which two draw
 * (issue #31):
 * - the server, into the page's first HTML (src/server/http/first-paint/checklist.ts, with @lit-labs/ssr:
 *   the element's own templates in a declarative shadow root), so the questions paint before the
 *   element's module has arrived; the filler waits there with `defer-hydration` (#42);
 * - the viewer (./checklist-viewer.ts), when the page came without it (no session cookie, the service
 *   worker's copy). When it came with it, the viewer gives the server's element the same checklist and
 *   lets it hydrate: the element takes over the server's shadow root as it is, nothing is drawn again.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Document } from '../../shared/api/documentation.ts';
import { questionCount, questionCountText } from './form-description.ts';

/** Whether the view page fills the checklist in (older versions, and one without questions, show a summary). */
export function fillsIn(doc: Pick<Document, 'version' | 'latest_version' | 'contents'>): boolean {
  return doc.version >= doc.latest_version && questionCount(doc) > 0;
}

/**
 * The body; `drawnByServer`: the server's first paint (the filler gets the checklist as its `form` there,
 * and waits for the viewer to hand it the same one with the rest of its settings before it hydrates:
 * `defer-hydration`, @lit-labs/ssr-client).
 */
export function checklistBody(doc: Document, drawnByServer: boolean): TemplateResult {
  const description = doc.description.trim() === '' ? nothing : html`<p class="document-description">${doc.description}</p>`;
  const filler = drawnByServer
    ? html`<rb-checklist defer-hydration .form=${doc}></rb-checklist>`
    : html`<rb-checklist></rb-checklist>`;
  return html`${description}<p class="document-question-count">${questionCountText(questionCount(doc))}</p>${filler}`;
}
