/**
 * Link Checklist (documentation §2 "a dialog to pick source and destination questions when linking", §5
 * "Linking"): the source is a question of the checklist being added, the destination a column of the
 * sheet (grouped by its checklist); Submit is enabled only when both are chosen and their value types
 * are identical. A checklist sharing a question with the tree it joins is refused with 'Unable to link
 * checklists with duplicate questions.'.
 */
import { useState } from 'react';
import type { SheetContents } from '../../src/shared/sheets/model.ts';
import { Dialog, useDialogOpen } from '../shared/Dialog.tsx';
import { ErrorText } from '../shared/ErrorText.tsx';
import { linkProblem, questionTitle, type Catalogue, type CatalogueForm, type LinkChoice } from './sheet-state.ts';

interface Props {
  form: CatalogueForm;
  contents: SheetContents;
  catalogue: Catalogue;
  onLink: (link: LinkChoice) => void;
  onClosed: () => void;
}

export function LinkDialog({ form, contents, catalogue, onLink, onClosed }: Props) {
  const [open, close] = useDialogOpen();
  const [source, setSource] = useState('');
  const [destination, setDestination] = useState('');
  const [error, setError] = useState('');
  const sourceType = form.questions.find((q) => q.id === source)?.question.valueType;
  const destinationType = contents.questions[destination]?.valueType;
  const ready = source !== '' && destination !== '' && sourceType === destinationType;
  const mismatch = source !== '' && destination !== '' && sourceType !== destinationType;

  const submit = () => {
    const problem = linkProblem(contents, form, { source, destination });
    if (problem) return setError(problem);
    onLink({ source, destination });
    close();
  };

  return (
    <Dialog label="Link Checklist" open={open} onClose={close} onClosed={onClosed} className="link-dialog">
      <form
        className="dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) submit();
        }}
      >
        <p className="link-intro">
          Link <strong>{form.name}</strong> under a checklist of the sheet: its rows join where the two answers are equal.
        </p>
        <SourceField
          form={form}
          source={source}
          onChange={(value) => {
            setSource(value);
            setError('');
          }}
        />
        <DestinationField
          contents={contents}
          catalogue={catalogue}
          destination={destination}
          onChange={(value) => {
            setDestination(value);
            setError('');
          }}
        />
        {mismatch && <p className="hint">The two questions must have the same value type.</p>}
        <ErrorText text={error} />
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!ready}>
            Submit
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The source question: one of the checklist being linked. */
function SourceField({ form, source, onChange }: { form: CatalogueForm; source: string; onChange: (id: string) => void }) {
  return (
    <div className="field">
      <label htmlFor="link-source">Source question ({form.name})</label>
      <select id="link-source" data-autofocus value={source} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choose a question</option>
        {form.questions.map(({ id, question }, index) => (
          <option key={id} value={id}>
            {question.title.trim() || `Question ${index + 1}`} ({question.valueType})
          </option>
        ))}
      </select>
    </div>
  );
}

interface DestinationProps {
  contents: SheetContents;
  catalogue: Catalogue;
  destination: string;
  onChange: (id: string) => void;
}

/** The destination question: a column of the sheet, grouped by its checklist. */
function DestinationField({ contents, catalogue, destination, onChange }: DestinationProps) {
  const groups = contents.form_ids.map((formId) => ({
    formId,
    name: catalogue[formId]?.name ?? 'Checklist',
    ids: contents.question_index.filter((id) => contents.questions[id]?.form_id === formId),
  }));
  return (
    <div className="field">
      <label htmlFor="link-destination">Destination question</label>
      <select id="link-destination" value={destination} onChange={(event) => onChange(event.target.value)}>
        <option value="">Choose a question</option>
        {groups.map((group) => (
          <optgroup key={group.formId} label={group.name}>
            {group.ids.map((id) => (
              <option key={id} value={id}>
                {questionTitle(contents, id, catalogue)} ({contents.questions[id]!.valueType})
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
