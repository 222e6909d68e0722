/** The body of a document page that shows what the document is about: its description, as written. */
import type { Document } from '../../shared/api/documentation.ts';

export function descriptionOf(doc: Pick<Document, 'description'>): HTMLElement[] {
  if (doc.description.trim() === '') return [];
  const text = document.createElement('p');
  text.className = 'document-description';
  text.textContent = doc.description;
  return [text];
}

export function mount(container: HTMLElement, doc: Document): void {
  container.replaceChildren(...descriptionOf(doc));
}
