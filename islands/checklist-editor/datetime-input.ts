/** An ISO 8601 instant as the value of an `<input type="datetime-local">` (local time, minutes); '' for none. */
export function localInputValue(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const at = new Date(iso);
  if (!Number.isFinite(at.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}
