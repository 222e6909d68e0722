/** THE valid / invalid mark of a password field (src/components/public/ValidityIcon.astro) as page scripts set it. */
import { element } from '../../client/dom.ts';

/** Sets a ValidityIcon's state and its read-out text; returns the setter. */
export function validityMark(id: string, validText: string, invalidText: string): (valid: boolean) => void {
  const mark = element(id);
  const text = mark.querySelector('.validity-text');
  return (valid) => {
    mark.dataset.valid = String(valid);
    if (text) text.textContent = valid ? validText : invalidText;
  };
}
