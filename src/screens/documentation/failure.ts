/** The error state of a documentation page or part of one: 'Something went wrong: {detail}', announced. */

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function failureText(err: unknown): HTMLParagraphElement {
  const text = document.createElement('p');
  text.className = 'error-text';
  text.setAttribute('role', 'alert');
  text.textContent = `Something went wrong: ${messageOf(err)}`;
  return text;
}
