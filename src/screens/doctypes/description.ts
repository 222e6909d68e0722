/** A document's description as written, for the document pages that show it above their body. */
import type { Document } from '../../shared/api/documentation.ts';

export function descriptionOf(doc: Pick<Document, 'description'>): HTMLElement[] {
  if (doc.description.trim() === '') return [];
  const text = document.createElement('p');
  text.className = 'document-description';
  text.textContent = doc.description;
  return [text];
}
