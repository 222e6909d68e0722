/**
 * rb-checklist's reads (a Lit controller; the element wires it): the checklist — by its id, or a share
 * link's alone (`GET share/checklist`), answered by the page's first read when the page has one (the
 * element's transport) — and the short-lived addresses of its questions' pictures. A load that fails shows
 * words instead (./load-failure.ts) and is told as `rb-load-failed`; one that got no answer (the network)
 * is tried again on the `online` event and every 5 s (issue #43: a kiosk recovers by itself). A checklist
 * the page gives (`form`) is not read: the element shows it and says it is `ready`.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError } from '../../src/shared/transport/index.ts';
import { emit } from '../events.ts';
import type { OrderedQuestion } from './answer-state.ts';
import type { ChecklistApi, ChecklistDocument, SharedChecklist } from './checklist-api.ts';
import { loadFailureWords } from './load-failure.ts';
import { LOAD_FAILED } from './messages.ts';

/** `rb-loaded`: the checklist the element loaded itself (with a share token: its link and organisation too). */
export interface RbLoadedDetail {
  checklist: ChecklistDocument | SharedChecklist;
}

/** `rb-load-failed`: the checklist could not be loaded; `words` is what the element shows instead. */
export interface RbLoadFailedDetail {
  status: number;
  detail: string;
  words: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'rb-loaded': CustomEvent<RbLoadedDetail>;
    'rb-load-failed': CustomEvent<RbLoadFailedDetail>;
  }
}

/** How soon a checklist that could not be loaded for want of a network is asked for again (one small read). */
const LOAD_RETRY_MS = 5_000;

/** The filler whose checklist is read: where from (its settings as they are at each read). */
type Filler = ReactiveControllerHost & HTMLElement & { apiBase: string; documentId: string; shareToken: string };

export class ChecklistLoad implements ReactiveController {
  /** Not asked for, being read, refused (`problem` says why), or shown. */
  state: 'idle' | 'loading' | 'failed' | 'ready' = 'idle';
  /** The words shown when the checklist could not be loaded. */
  problem = LOAD_FAILED;
  /** The questions' own pictures by upload id: a signed address, or null when the server gave none. */
  pictures: Record<string, string | null> = {};
  private loading?: AbortController;
  /** The checklist whose pictures were last asked for: an answer for another comes too late. */
  private pictured = '';
  /** The last load failed for want of an answer (the network): it is tried again. */
  private failedOffline = false;
  private retry?: ReturnType<typeof setTimeout>;
  private readonly again = () => {
    if (this.state === 'failed' && this.failedOffline) void this.load();
  };

  /** `api` is the filler's API as it is now; `show` shows a checklist read (then `ready` is called). */
  constructor(
    private readonly host: Filler,
    private readonly api: () => ChecklistApi,
    private readonly show: (document: ChecklistDocument) => void,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('online', this.again);
  }

  hostDisconnected(): void {
    this.loading?.abort();
    window.removeEventListener('online', this.again);
    clearTimeout(this.retry);
  }

  /** Reads the checklist: with a share token, the link's; otherwise `document-id`'s. */
  async load(): Promise<void> {
    const { host } = this;
    if (!host.documentId && !host.shareToken) return;
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    this.state = 'loading';
    host.requestUpdate();
    try {
      const document = host.shareToken ? await this.api().loadShared() : await this.api().loadDocument(host.documentId);
      if (controller.signal.aborted) return;
      this.show(document);
      emit(host, 'rb-loaded', { checklist: document });
    } catch (error) {
      if (controller.signal.aborted) return;
      const words = await loadFailureWords(error, host.apiBase, host.shareToken);
      if (controller.signal.aborted) return;
      this.problem = words;
      this.state = 'failed';
      host.requestUpdate();
      // No answer came: tried again on the `online` event, and every LOAD_RETRY_MS (the event may come
      // before the network works, or not at all: a station on a network whose server is away).
      this.failedOffline = error instanceof ApiError && error.network;
      clearTimeout(this.retry);
      if (this.failedOffline) this.retry = setTimeout(this.again, LOAD_RETRY_MS);
      const status = error instanceof ApiError ? error.status : 0;
      emit(host, 'rb-load-failed', { status, detail: error instanceof ApiError ? error.detail : String(error), words });
    }
  }

  /** The checklist `documentId` is shown with `questions`: ready, and its pictures' addresses are asked for. */
  ready(documentId: string, questions: readonly OrderedQuestion[]): void {
    this.state = 'ready';
    void this.readPictures(documentId, questions);
  }

  /** Asks for the addresses of the questions' pictures (one call per 100); a failed call leaves them 'not available'. */
  private async readPictures(documentId: string, questions: readonly OrderedQuestion[]): Promise<void> {
    const ids = [...new Set(questions.map(({ question }) => question.media).filter((id): id is string => !!id))];
    this.pictured = documentId;
    this.pictures = {};
    if (ids.length === 0 || !documentId) return;
    let urls = new Map<string, string>();
    try {
      urls = await this.api().mediaUrls(documentId, ids);
    } catch {
      // shown as 'Picture not available'
    }
    if (this.pictured !== documentId) return; // another checklist came meanwhile
    this.pictures = Object.fromEntries(ids.map((id) => [id, urls.get(id) ?? null]));
    this.host.requestUpdate();
  }
}
