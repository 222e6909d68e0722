/**
 * A cell of a light page's table that turns into cards on phones (the history and search results tables,
 * documentation.css `.cell-label`): its column's name (shown beside the value on phones only, where the
 * column headers are gone; hidden from assistive technology, which has the headers) and the value. A
 * `th` heads its row.
 */
export function cell(label: string, content: string | Node, tag: 'td' | 'th' = 'td'): HTMLTableCellElement {
  const c = document.createElement(tag);
  c.setAttribute('role', tag === 'th' ? 'rowheader' : 'cell');
  if (tag === 'th') c.scope = 'row';
  const name = document.createElement('span');
  name.className = 'cell-label';
  name.setAttribute('aria-hidden', 'true');
  name.textContent = label;
  const value = document.createElement('span');
  value.className = 'cell-value';
  value.append(content);
  c.append(name, value);
  return c;
}
