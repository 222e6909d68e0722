/**
 * A checklist's view page, drawn by the server (issue #31): its body — description, question count and
 * the `rb-checklist` filler with its questions — as THE template of src/screens/doctypes/checklist-body.ts
 * draws it, rendered with @lit-labs/ssr: the element's own templates (rb-checklist's render(), its styles
 * as a `<style>` — the CSP allows inline styles, not scripts —) in a declarative shadow root
 * (`<template shadowrootmode="open">`), which the browser attaches while it parses, before any script.
 * The page's viewer hands that element the same checklist and it hydrates
 * (src/screens/doctypes/checklist-viewer.ts, @lit-labs/ssr-client): it takes the server's shadow root
 * over as it is. No second copy of the markup, and nothing drawn twice.
 *
 * Loaded on first use (Lit, its DOM shim and the element stay out of the server's start-up).
 */
import type { Document } from '../../../shared/api/documentation.ts';

/** The body of a checklist's view page as HTML; undefined when the page shows no filler (an older version, no questions). */
export async function checklistBodyHtml(doc: Document): Promise<string | undefined> {
  // First: it installs the DOM shim (customElements…) the element's module defines <rb-checklist> in.
  const { render } = await import('@lit-labs/ssr');
  const [{ collectResult }, body] = await Promise.all([
    import('@lit-labs/ssr/lib/render-result.js'),
    import('../../../screens/doctypes/checklist-body.ts'),
    import('../../../../elements/rb-checklist/rb-checklist.ts'),
  ]);
  if (!body.fillsIn(doc)) return undefined;
  return collectResult(render(body.checklistBody(doc, true)));
}
