/**
 * The photos taken for rb-checklist's answers where photo verification asks for them (kept beside the
 * element, which it asks to update): each compressed by THE compressor (loaded then) as it is added, shown from a local address
 * until the submission carries it away, let go when removed or cleared. One choice of files at a time.
 */
import type { ReactiveControllerHost } from 'lit';
import type { LocalPhoto } from './question-view.ts';

export class QuestionPhotos {
  /** Each question's photos, by its id. */
  taken: Record<string, LocalPhoto[]> = {};
  /** The question whose photos are being added (compressed): its photo button waits. */
  adding: string | null = null;
  private count = 0;

  /** `added` is told when a question's photos were added. */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly added: () => void,
  ) {}

  /** Adds the files chosen in `input` to question `id`'s photos. */
  async add(id: string, input: HTMLInputElement): Promise<void> {
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0 || this.adding) return;
    this.adding = id;
    this.host.requestUpdate();
    try {
      // THE compressor loads with the first photo: most checklists ask for none (it stays off /fill/'s first load).
      const { compressImage, FORM_MEDIA } = await import('../shared/image-compression.ts');
      const added: LocalPhoto[] = [];
      for (const file of files) {
        const photo = await compressImage(file, FORM_MEDIA);
        added.push({ blob: photo, name: photo.name || 'photo', type: photo.type, id: ++this.count, url: URL.createObjectURL(photo) });
      }
      this.taken = { ...this.taken, [id]: [...(this.taken[id] ?? []), ...added] };
      this.added();
    } finally {
      this.adding = null;
      this.host.requestUpdate();
    }
  }

  remove(id: string, photo: LocalPhoto): void {
    URL.revokeObjectURL(photo.url);
    this.taken = { ...this.taken, [id]: (this.taken[id] ?? []).filter((p) => p.id !== photo.id) };
    this.host.requestUpdate();
  }

  /** Lets go of every photo (and its local address). */
  clear(): void {
    for (const list of Object.values(this.taken)) for (const photo of list) URL.revokeObjectURL(photo.url);
    this.taken = {};
    this.host.requestUpdate();
  }

  /** How many photos each question has. */
  counts(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.taken).map(([id, list]) => [id, list.length]));
  }
}
