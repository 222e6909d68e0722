/**
 * Remove page and Replace page (documentation §2 "Remove-page and replace-page confirm dialogs, each with
 * a second 'really sure' step"; §4; §8 "Page removal error: server detail as error alert in the dialog").
 * What removing and replacing do is the editor's (`onRemove`, `onReplace`); removing answers the server's
 * detail when it fails, replacing answers why the file was refused.
 */
import { useId, useRef, useState } from 'react';
import { Dialog, useDialogOpen } from '../shared/Dialog.tsx';
import { ErrorText } from '../shared/ErrorText.tsx';
import { ACCEPTED_FILES, refusal } from './file-intake.ts';

interface RemoveProps {
  pageNumber: number;
  title: string;
  onRemove: () => Promise<string | undefined>;
  onClosed: () => void;
}

/** The 'really sure' step: its button takes the focus once it shows. */
function useReallyStep() {
  const [step, setStep] = useState<1 | 2>(1);
  const really = useRef<HTMLButtonElement>(null);
  const next = () => {
    setStep(2);
    requestAnimationFrame(() => really.current?.focus());
  };
  return { step, next, really };
}

export function RemovePageDialog({ pageNumber, title, onRemove, onClosed }: RemoveProps) {
  const [open, close] = useDialogOpen();
  const { step, next, really } = useReallyStep();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function remove() {
    setBusy(true);
    setError(undefined);
    const failure = await onRemove();
    setBusy(false);
    if (failure) setError(failure);
    else close();
  }

  return (
    <Dialog label="Remove page" open={open} busy={busy} className="editor-dialog" onClose={close} onClosed={onClosed}>
      {step === 1 ? (
        <p>
          Remove page {pageNumber} <strong>{title}</strong> from the presentation?
        </p>
      ) : (
        <p role="alert">
          Are you REALLY sure? Page {pageNumber} <strong>{title}</strong>, its annotations and its description will be removed.
        </p>
      )}
      <ErrorText text={error} className="dialog-error" />
      <div className="dialog-actions">
        <button type="button" className="button secondary" disabled={busy} data-autofocus onClick={close}>
          Cancel
        </button>
        {step === 1 ? (
          <button type="button" className="button danger" onClick={next}>
            Remove
          </button>
        ) : (
          <button type="button" ref={really} className="button danger" disabled={busy} onClick={() => void remove()}>
            {busy ? 'Removing…' : 'Yes, Remove Page'}
          </button>
        )}
      </div>
    </Dialog>
  );
}

interface ReplaceProps {
  pageNumber: number;
  title: string;
  /** Answers why the file was refused, or undefined when it was taken. */
  onReplace: (file: File) => string | undefined;
  onClosed: () => void;
}

export function ReplacePageDialog({ pageNumber, title, onReplace, onClosed }: ReplaceProps) {
  const [open, close] = useDialogOpen();
  const [file, setFile] = useState<File | undefined>();
  const { step, next, really } = useReallyStep();
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();

  return (
    <Dialog label="Replace page" open={open} className="editor-dialog" onClose={close} onClosed={onClosed}>
      {step === 1 ? (
        <>
          <p>
            Replace the file of page {pageNumber} <strong>{title}</strong>? Its annotations and description stay.
          </p>
          <div className="field">
            <label htmlFor={inputId}>New file</label>
            <input
              id={inputId}
              type="file"
              accept={ACCEPTED_FILES}
              data-autofocus
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                setFile(chosen);
                setError(chosen ? refusal(chosen) : undefined);
              }}
            />
          </div>
        </>
      ) : (
        <p role="alert">
          Are you REALLY sure? The file of page {pageNumber} <strong>{title}</strong> will be replaced by <strong>{file?.name}</strong>.
        </p>
      )}
      <ErrorText text={error} className="dialog-error" />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={close}>
          Cancel
        </button>
        {step === 1 ? (
          <button type="button" className="button danger" disabled={!file || !!error} onClick={next}>
            Replace
          </button>
        ) : (
          <button
            type="button"
            ref={really}
            className="button danger"
            onClick={() => {
              if (!file) return;
              const refused = onReplace(file);
              if (refused) setError(refused);
              else close();
            }}
          >
            Yes, Replace Page
          </button>
        )}
      </div>
    </Dialog>
  );
}
