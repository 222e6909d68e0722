/** An item's Description (documentation §4), as the New Folder, New document and Properties dialogs ask for it. */
import SlTextarea from '@shoelace-style/shoelace/dist/react/textarea/index.js';
import { MAX_DESCRIPTION_LENGTH } from '../../../src/shared/api/documentation.ts';

export function DescriptionField({ value, readonly = false, onChange }: { value: string; readonly?: boolean; onChange: (value: string) => void }) {
  return (
    <SlTextarea
      label="Description"
      name="description"
      value={value}
      readonly={readonly}
      rows={3}
      maxlength={MAX_DESCRIPTION_LENGTH}
      onSlInput={(e) => onChange((e.target as HTMLTextAreaElement).value)}
    />
  );
}
