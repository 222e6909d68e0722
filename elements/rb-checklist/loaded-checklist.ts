/**
 * The checklist `<rb-checklist>` fills in, a Lit controller: where it comes from (the `form` property the
 * app's page loaded, or loaded from `api-base` — by `document-id`, or a share link's `share-token` alone),
 * its questions in order, whether it is loading, ready or refused (and the words said instead), and the
 * short-lived addresses of its questions' pictures. Emits `rb-loaded` and `rb-load-failed`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { orderedQuestions } from '../../src/shared/checklists/question.ts';
import { ApiError } from '../../src/shared/transport/index.ts';
import { emit } from '../events.ts';
import type { OrderedQuestion } from './answer-state.ts';
import type { ChecklistApi, ChecklistDocument } from './checklist-api.ts';
import { LOAD_FAILED } from './messages.ts';
import { shareRefusal } from './share-refusal.ts';

/** The element that fills the checklist in: its properties saying where the checklist comes from. */
type Host = ReactiveControllerHost &
  HTMLElement & { readonly documentId: string; readonly shareToken: string; readonly form: ChecklistDocument | null };

export class LoadedChecklist implements ReactiveController {
  state: 'idle' | 'loading' | 'failed' | 'ready' = 'idle';
  /** The words shown when the checklist could not be loaded. */
  problem = LOAD_FAILED;
  document: ChecklistDocument | null = null;
  questions: OrderedQuestion[] = [];
  /** The questions' own pictures by upload id: a signed address, or null when the server gave none. */
  pictures: Record<string, string | null> = {};
  private loading?: AbortController;

  /** `api`: the host's calls as they are now; `starting`: a load begins; `shown`: the questions are in (the host restores their answers). */
  constructor(
    private readonly host: Host,
    readonly api: () => ChecklistApi,
    private readonly starting: () => void,
    private readonly shown: () => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.loading?.abort();
  }

  /** The checklist's id: with a share token, the one the link named (the element is not told it). */
  get id(): string {
    if (this.host.shareToken && !this.host.form) return this.document?.id ?? '';
    return this.host.documentId || this.document?.id || '';
  }

  /** Loads the checklist from `api-base`: with a share token, the link's checklist; otherwise `document-id`. */
  async load(): Promise<void> {
    const { documentId, shareToken } = this.host;
    if (!documentId && !shareToken) return;
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    this.set({ state: 'loading' });
    this.starting();
    try {
      const document = shareToken ? await this.api().loadShared() : await this.api().loadDocument(documentId);
      if (controller.signal.aborted) return;
      this.show(document);
      emit(this.host, 'rb-loaded', { checklist: document });
    } catch (error) {
      if (controller.signal.aborted) return;
      this.set({ problem: shareToken ? shareRefusal(error) : LOAD_FAILED, state: 'failed' });
      const status = error instanceof ApiError ? error.status : 0;
      emit(this.host, 'rb-load-failed', { status, detail: error instanceof ApiError ? error.detail : String(error), words: this.problem });
    }
  }

  /** Shows `document`: its questions (the host restores their answers), then asks for their pictures. */
  show(document: ChecklistDocument): void {
    this.set({ document, questions: orderedQuestions((document.contents ?? {}) as Record<string, unknown>) });
    this.shown();
    this.set({ state: 'ready' });
    void this.loadPictures();
  }

  /** Asks for the addresses of the questions' pictures (one call per 100); a failed call leaves them 'not available'. */
  private async loadPictures(): Promise<void> {
    const documentId = this.id;
    const ids = [...new Set(this.questions.map(({ question }) => question.media).filter((id): id is string => !!id))];
    this.set({ pictures: {} });
    if (ids.length === 0 || !documentId) return;
    let urls = new Map<string, string>();
    try {
      urls = await this.api().mediaUrls(documentId, ids);
    } catch {
      // shown as 'Picture not available'
    }
    if (this.id !== documentId) return; // another checklist came meanwhile
    this.set({ pictures: Object.fromEntries(ids.map((id) => [id, urls.get(id) ?? null])) });
  }

  private set(change: Partial<Pick<LoadedChecklist, 'state' | 'problem' | 'document' | 'questions' | 'pictures'>>): void {
    Object.assign(this, change);
    this.host.requestUpdate();
  }
}
