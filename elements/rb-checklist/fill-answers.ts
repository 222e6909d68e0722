/**
 * rb-checklist's answers and photos as the person gives them (rb-checklist.element.ts keeps them in its
 * state): the draft on this device they start from and are saved to at each answer (./checklist-draft.ts,
 * per user, organisation and checklist), and the photos taken (compressed by THE compressor, shown from
 * local addresses until they are sent).
 */
import { compressImage, FORM_MEDIA } from '../shared/image-compression.ts';
import { draftOf, isTouched, restoreDraft, type Answers, type OrderedQuestion } from './answer-state.ts';
import { readDraft, writeDraft } from './checklist-draft.ts';
import type { DraftOwner } from './draft-key.ts';
import type { LocalPhoto } from './question-view.ts';

/** The checklist's answers as its draft on this device left them (none answered without one). */
export function draftAnswers(questions: OrderedQuestion[], owner: DraftOwner): Answers {
  return restoreDraft(questions, readDraft(owner));
}

/** Keeps the answers as the draft on this device (none while nothing is answered). */
export function saveDraft(owner: DraftOwner, answers: Answers): void {
  writeDraft(owner, isTouched(answers) ? draftOf(answers) : undefined);
}

/** The chosen files as photos: each compressed, with its local address; `nextId` numbers them. */
export async function takePhotos(files: File[], nextId: () => number): Promise<LocalPhoto[]> {
  const added: LocalPhoto[] = [];
  for (const file of files) {
    const photo = await compressImage(file, FORM_MEDIA);
    added.push({ blob: photo, name: photo.name || 'photo', type: photo.type, id: nextId(), url: URL.createObjectURL(photo) });
  }
  return added;
}

/** Lets go of the photos' local addresses. */
export function revokePhotos(photos: Record<string, LocalPhoto[]>): void {
  for (const list of Object.values(photos)) for (const photo of list) URL.revokeObjectURL(photo.url);
}

/** How many photos each question has. */
export function photoCounts(photos: Record<string, LocalPhoto[]>): Record<string, number> {
  return Object.fromEntries(Object.entries(photos).map(([id, list]) => [id, list.length]));
}
