/** Where a document editor starts (documentation §4 "Editing"). Pure, so editors' state modules and their unit tests can use it. */
import type { Document } from '../../../src/shared/api/documentation.ts';

/**
 * The saved draft when there is one (whoever saved it: a document has one draft, and starting from it is
 * the only way not to overwrite it), otherwise the published contents.
 */
export function startingPoint<C>(
  document: Pick<Document, 'contents' | 'draft_contents'>,
  readContents: (raw: unknown) => C,
): { contents: C; fromDraft: boolean } {
  if (document.draft_contents) return { contents: readContents(document.draft_contents), fromDraft: true };
  return { contents: readContents(document.contents), fromDraft: false };
}
