/** The error state of a documentation page or part of one: 'Something went wrong: {detail}', announced. */
import { problemText } from '../../client/api.ts';

/** What follows 'Something went wrong: ' (or another page's 'could not be …: ') when the failure has no words of its own. */
export const TRY_AGAIN = 'please try again';

export function failureText(err: unknown): HTMLParagraphElement {
  const text = document.createElement('p');
  text.className = 'error-text';
  text.setAttribute('role', 'alert');
  text.textContent = `Something went wrong: ${problemText(err, TRY_AGAIN)}`;
  return text;
}
