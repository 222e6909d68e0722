/**
 * The photos taken for the answers (photo verification, documentation §4 "Form fill"): each question's
 * photos, compressed (FORM_MEDIA) and kept in memory with an object URL for the preview until they are
 * submitted or cleared, and which question is adding photos now (its button waits). A change redraws the
 * element that keeps them.
 */
import type { ReactiveControllerHost } from 'lit';
import { compressImage, FORM_MEDIA } from '../shared/image-compression.ts';
import type { LocalPhoto } from './question-view.ts';
import type { QueuedPhoto } from './submission-queue.ts';

export class AnswerPhotos {
  /** Each question's photos, by question id. */
  byQuestion: Record<string, LocalPhoto[]> = {};
  /** The question whose photos are being added (compressed), or null. */
  busy: string | null = null;
  private count = 0;

  /** `onAdded`: photos were added (the host's line under Submit goes). */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onAdded: () => void,
  ) {}

  /** Adds the files chosen in `input` to question `id`'s photos (the input is emptied for the next choice). */
  async add(id: string, input: HTMLInputElement): Promise<void> {
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
    this.set({ busy: id });
    try {
      const added: LocalPhoto[] = [];
      for (const file of files) {
        const photo = await compressImage(file, FORM_MEDIA);
        added.push({ blob: photo, name: photo.name || 'photo', type: photo.type, id: ++this.count, url: URL.createObjectURL(photo) });
      }
      this.set({ byQuestion: { ...this.byQuestion, [id]: [...(this.byQuestion[id] ?? []), ...added] } });
      this.onAdded();
    } finally {
      this.set({ busy: null });
    }
  }

  remove(id: string, photo: LocalPhoto): void {
    URL.revokeObjectURL(photo.url);
    this.set({ byQuestion: { ...this.byQuestion, [id]: (this.byQuestion[id] ?? []).filter((p) => p.id !== photo.id) } });
  }

  /** Every photo goes (its preview's object URL too). */
  clear(): void {
    for (const list of Object.values(this.byQuestion)) for (const photo of list) URL.revokeObjectURL(photo.url);
    this.set({ byQuestion: {} });
  }

  /** How many photos each question has (what the shared rules read). */
  counts(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.byQuestion).map(([id, list]) => [id, list.length]));
  }

  /** The photos as a submission carries them. */
  queued(): QueuedPhoto[] {
    return Object.entries(this.byQuestion).flatMap(([questionId, list]) => list.map((p) => ({ questionId, name: p.name, type: p.type, blob: p.blob })));
  }

  private set(change: Partial<Pick<AnswerPhotos, 'byQuestion' | 'busy'>>): void {
    Object.assign(this, change);
    this.host.requestUpdate();
  }
}
