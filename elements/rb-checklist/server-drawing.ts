/**
 * rb-checklist's hand-over from the server's drawing (a Lit controller; the element wires it). A shadow
 * root the page's HTML already gave the element (declarative shadow DOM: the app's server draws a
 * checklist's questions with this element's own templates, issue #31) is taken over by the first update
 * as it is (hydrated, with @lit-labs/ssr-client's support loaded by the page, #42): that update must draw
 * what the server drew, so the checklist starts with no answers (`pending`), and the draft on this device
 * (which the server cannot know) comes back just after — under what a person answered on the server's
 * drawing before the module ran (issue #43: a kiosk's first touch), read from its controls just before
 * hydration sets their `.checked` and `.value` (./drawn-answers.ts).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Answers, OrderedQuestion } from './answer-state.ts';
import type { answersOnControls } from './drawn-answers.ts';

/**
 * How the answers given on the server's drawing are read: given by the page that hydrates one
 * (src/screens/doctypes/checklist-viewer.ts), so the pages that never have a server drawing (/fill/, other
 * sites) do not carry it.
 */
let readDrawnAnswers: typeof answersOnControls | undefined;
export function readAnswersBeforeHydration(read: typeof answersOnControls): void {
  readDrawnAnswers = read;
}

export class ServerDrawing implements ReactiveController {
  /** Until the first update is done: that update takes over the server's drawing (the element's createRenderRoot says). */
  pending = false;
  /** The answers found on the server's drawing's controls just before hydration. */
  private drawn: Answers = {};

  /**
   * `questions` are the shown checklist's (undefined before one is); `handOver` takes the answers found on
   * the drawing (empty when there were none) once the first update has drawn it.
   */
  constructor(
    private readonly host: ReactiveControllerHost & { renderRoot: ParentNode },
    private readonly questions: () => OrderedQuestion[] | undefined,
    private readonly handOver: (drawn: Answers) => void,
  ) {
    host.addController(this);
  }

  /** Just before the first update hydrates the drawing (after the element's willUpdate): its controls are read. */
  hostUpdate(): void {
    const questions = this.questions();
    if (this.pending && questions && readDrawnAnswers) this.drawn = readDrawnAnswers(this.host.renderRoot, questions, {});
  }

  hostUpdated(): void {
    if (!this.pending) return;
    this.pending = false;
    if (this.questions()) this.handOver(this.drawn);
    this.drawn = {};
  }
}
