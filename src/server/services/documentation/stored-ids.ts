/**
 * The ids a document's contents store, each with the field it sits at, for `requireOwnIds`
 * (services/own-ids.ts): a checklist's `sheet_id`, each question's `media` (an upload) and validation
 * `roles` and `users`; a result sheet's or report's `form_ids`; a presentation's page `media`,
 * `media_thumb` and `media_small` (uploads; services/presentations/media.ts also requires them to be this
 * document's own).
 */
import type { Doctype, DocumentContents, FormContents, PresentationContents, SheetContents } from '../../../shared/api/documentation.ts';
import type { StoredId } from '../own-ids.ts';

/** The ids in checked contents of a doctype; `field` is where the contents sit in the body (`contents`, `draft_contents`). */
export function idsInContents(doctype: Doctype, contents: DocumentContents, field: string): StoredId[] {
  switch (doctype) {
    case 'form': {
      const form = contents as FormContents;
      const ids: StoredId[] = [];
      if (typeof form.sheet_id === 'string') ids.push({ field: `${field}.sheet_id`, kind: 'document', id: form.sheet_id });
      for (const [questionId, question] of Object.entries(form.questions)) {
        const at = `${field}.questions.${questionId}`;
        if (typeof question.media === 'string') ids.push({ field: `${at}.media`, kind: 'upload', id: question.media });
        // The schema checked that roles and users, when present, are lists of UUIDs.
        const validation = (question.validation ?? {}) as { roles?: string[]; users?: string[] };
        validation.roles?.forEach((id, i) => ids.push({ field: `${at}.validation.roles.${i}`, kind: 'role', id }));
        validation.users?.forEach((id, i) => ids.push({ field: `${at}.validation.users.${i}`, kind: 'user', id }));
      }
      return ids;
    }
    case 'sheet':
    case 'report':
      return (contents as SheetContents).form_ids.map((id, i) => ({ field: `${field}.form_ids.${i}`, kind: 'document', id }));
    case 'presentation': {
      const ids: StoredId[] = [];
      for (const [pageId, page] of Object.entries((contents as PresentationContents).pages)) {
        ids.push({ field: `${field}.pages.${pageId}.media`, kind: 'upload', id: page.media });
        if (page.media_thumb !== null) ids.push({ field: `${field}.pages.${pageId}.media_thumb`, kind: 'upload', id: page.media_thumb });
        if (typeof page.media_small === 'string') ids.push({ field: `${field}.pages.${pageId}.media_small`, kind: 'upload', id: page.media_small });
      }
      return ids;
    }
  }
}
