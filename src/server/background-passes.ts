/**
 * THE way a queue's sender runs its passes (the mail queue, the webhook sender): `soon()` starts a pass
 * without waiting for it; asked again while one is under way, it runs one more pass after it (something
 * was committed after the pass looked), never two at once. A pass that throws (the database unreachable)
 * is logged, and the next call or the sender's timer tries again. `idle()` resolves once no pass is left.
 * Every run is counted for /metrics (operations/pass-stats.ts), by the name its failure's words make.
 */
import { logger } from './operations/logger.ts';
import { passName, recordPass } from './operations/pass-stats.ts';

export class BackgroundPasses {
  private pass: Promise<void> | undefined;
  private again = false;

  /** `work` is one pass; `failed` names it in the log line of a pass that threw. */
  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly log: (line: string) => void,
    private readonly failed: string,
  ) {}

  /** Starts a pass without waiting for it; a pass under way runs once more. Never throws. */
  soon(): void {
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.passes().finally(() => {
      this.pass = undefined;
    });
  }

  /** Resolves once the passes asked for are done (retries due later are not waited for). */
  async idle(): Promise<void> {
    while (this.pass) await this.pass;
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.work();
        recordPass(passName(this.failed), false);
      } catch (err) {
        recordPass(passName(this.failed), true);
        this.log(`${this.failed}: ${err instanceof Error ? err.message : String(err)}`);
      }
    } while (this.again);
  }
}

/**
 * THE timer of a periodic job (notification mail, unused uploads): a pass now and one every `intervalMs`, never
 * two at once (BackgroundPasses), a failed pass logged as `failed: …`. The answer stops the timer and waits for
 * the pass under way.
 */
export function repeatEvery(work: () => Promise<unknown>, intervalMs: number, failed: string): () => Promise<void> {
  const passes = new BackgroundPasses(work, (line) => logger().error(line), failed);
  passes.soon();
  const timer = setInterval(() => passes.soon(), intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await passes.idle();
  };
}
