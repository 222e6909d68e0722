/**
 * The Properties tab's following fields (documentation §4 "Edit properties save"): Favourite, Subscribe
 * and, while subscribed, the subscription's options ('Validation errors only' for folders and checklists,
 * as the Subscription Preferences dialog offers it: THE rule offersValidationErrorsOnly, and 'Email notifications'). Reading an item is enough
 * to follow it, so they stay editable in a read-only dialog. The dialog saves them (./follow-fields-state.ts).
 */
import SlCheckbox from '@shoelace-style/shoelace/dist/react/checkbox/index.js';
import type { Doctype, ItemKind } from '../../../src/shared/api/documentation.ts';
import { offersValidationErrorsOnly } from '../../../src/shared/item-kinds.ts';
import type { FollowState } from './follow-fields-state.ts';

interface Props {
  item: { kind: ItemKind; doctype: Doctype | null };
  value: FollowState;
  /** False until both lists have been read (the fields then show what the person follows). */
  known: boolean;
  onChange: (value: FollowState) => void;
}

const checked = (event: Event) => (event.target as HTMLInputElement).checked;

export function FollowFields({ item, value, known, onChange }: Props) {
  return (
    <fieldset className="follow-fields" disabled={!known} aria-busy={!known}>
      <legend>Following</legend>
      <SlCheckbox checked={value.favourite} disabled={!known} onSlChange={(e) => onChange({ ...value, favourite: checked(e) })}>
        Favourite
      </SlCheckbox>
      <SlCheckbox checked={value.subscribed} disabled={!known} onSlChange={(e) => onChange({ ...value, subscribed: checked(e) })}>
        Subscribe
      </SlCheckbox>
      {value.subscribed && (
        <div className="follow-options">
          {offersValidationErrorsOnly(item) && (
            <SlCheckbox
              checked={value.options.validation_errors_only}
              help-text="Of submitted checklists, only those with validation errors."
              onSlChange={(e) => onChange({ ...value, options: { ...value.options, validation_errors_only: checked(e) } })}
            >
              Validation errors only
            </SlCheckbox>
          )}
          <SlCheckbox
            checked={value.options.email_notifications}
            help-text="Also send the notifications to your e-mail address."
            onSlChange={(e) => onChange({ ...value, options: { ...value.options, email_notifications: checked(e) } })}
          >
            Email notifications
          </SlCheckbox>
        </div>
      )}
    </fieldset>
  );
}
