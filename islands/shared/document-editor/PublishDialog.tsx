/**
 * The publish dialog (documentation §2 "Publish dialog", §4 "Editing"): it asks to publish or discard;
 * publishing then takes an optional change log and shows its progress (stages from 5 to 100 percent);
 * discarding asks once more, since it throws the draft away. What publishing and discarding do is the
 * editor's business (`onPublish`, `onDiscard`); the dialog closes when they are done, however they end.
 */
import SlProgressBar from '@shoelace-style/shoelace/dist/react/progress-bar/index.js';
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_CHANGELOG_LENGTH } from '../../../src/shared/api/documentation.ts';
import { Dialog, useDialogOpen } from '../Dialog.tsx';

export type PublishProgress = (percent: number) => void;

interface Props {
  /** What the document is called in the dialog's sentences: 'checklist', 'result sheet', 'presentation'. */
  noun: string;
  /** The published version the changes were made on. */
  version: number;
  /** What stops publishing (publishing is offered only without them). */
  problems: string[];
  onPublish: (changelog: string, progress: PublishProgress) => Promise<void>;
  onDiscard: () => Promise<void>;
  onClosed: () => void;
}

type Step = 'choose' | 'changelog' | 'discard' | 'publishing' | 'discarding';

/** The first step: publish (when nothing stands in the way) or discard. */
function ChooseStep({ version, problems, onCancel, onStep }: { version: number; problems: string[]; onCancel: () => void; onStep: (step: Step) => void }) {
  return (
    <>
      <p>Publish your changes as version {version + 1}, or discard them and go back to version {version}?</p>
      {problems.length > 0 && (
        <div className="publish-problems" role="alert">
          <p>Fix these before publishing:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="button text" data-autofocus={problems.length > 0 ? true : undefined} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button danger" onClick={() => onStep('discard')}>
          Discard
        </button>
        <button type="button" className="button" data-autofocus={problems.length > 0 ? undefined : true} disabled={problems.length > 0} onClick={() => onStep('changelog')}>
          Publish
        </button>
      </div>
    </>
  );
}

interface ChangelogProps {
  version: number;
  /** Kept by the dialog: Back and again keeps what was written. */
  changelog: string;
  onChangelog: (changelog: string) => void;
  onBack: () => void;
  onPublish: () => void;
}

/** The second step of publishing: an optional change log. */
function ChangelogStep({ version, changelog, onChangelog, onBack, onPublish }: ChangelogProps) {
  const changelogId = useId();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onPublish();
      }}
    >
      <div className="field">
        <label htmlFor={changelogId}>Change log (optional)</label>
        <textarea id={changelogId} rows={4} data-autofocus value={changelog} maxLength={MAX_CHANGELOG_LENGTH} onChange={(event) => onChangelog(event.target.value)} />
      </div>
      <div className="dialog-actions">
        <button type="button" className="button text" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="button">
          Publish version {version + 1}
        </button>
      </div>
    </form>
  );
}

/** Discarding asks once more, since it throws the draft away. */
function DiscardStep({ noun, version, onBack, onDiscard }: { noun: string; version: number; onBack: () => void; onDiscard: () => void }) {
  return (
    <>
      <p>Discard every unpublished change? The {noun} goes back to version {version}, and the draft is deleted.</p>
      <div className="dialog-actions">
        <button type="button" className="button text" data-autofocus onClick={onBack}>
          Back
        </button>
        <button type="button" className="button danger" onClick={onDiscard}>
          Discard changes
        </button>
      </div>
    </>
  );
}

/** Each later step puts the focus on its own first control (the clicked button is gone). */
function useStepFocus(step: Step) {
  const body = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [step]);
  return body;
}

function stepLabel(step: Step): string {
  if (step === 'changelog' || step === 'publishing') return 'Publish';
  return step === 'discard' || step === 'discarding' ? 'Discard changes' : 'Publish or discard';
}

export function PublishDialog({ noun, version, problems, onPublish, onDiscard, onClosed }: Props) {
  // Opened after mounting: Shoelace hands the focus over (sl-initial-focus) only when `open` changes.
  const [open, close] = useDialogOpen();
  const [step, setStep] = useState<Step>('choose');
  const body = useStepFocus(step);
  const [changelog, setChangelog] = useState('');
  const [percent, setPercent] = useState(0);
  const busy = step === 'publishing' || step === 'discarding';

  async function publish() {
    setStep('publishing');
    setPercent(5);
    try {
      await onPublish(changelog.trim(), setPercent);
    } finally {
      close();
    }
  }

  async function discard() {
    setStep('discarding');
    try {
      await onDiscard();
    } finally {
      close();
    }
  }

  return (
    <Dialog label={stepLabel(step)} open={open} className="editor-dialog" onClose={() => !busy && close()} onClosed={onClosed}>
      <div ref={body}>
        {step === 'choose' && <ChooseStep version={version} problems={problems} onCancel={() => close()} onStep={setStep} />}
        {step === 'changelog' && (
          <ChangelogStep version={version} changelog={changelog} onChangelog={setChangelog} onBack={() => setStep('choose')} onPublish={() => void publish()} />
        )}
        {step === 'publishing' && (
          <div className="publish-progress" tabIndex={-1} data-autofocus>
            <SlProgressBar value={percent} label="Publishing" aria-valuetext={`${percent} percent`}>
              {percent}%
            </SlProgressBar>
            <p role="status">Publishing… {percent}%</p>
          </div>
        )}
        {step === 'discard' && <DiscardStep noun={noun} version={version} onBack={() => setStep('choose')} onDiscard={() => void discard()} />}
        {step === 'discarding' && (
          <p role="status" tabIndex={-1} data-autofocus>
            Discarding…
          </p>
        )}
      </div>
    </Dialog>
  );
}
