/**
 * THE tile of an item in a folder as markup: what `<rb-item-tile>` (elements/rb-item-tile/) draws inside
 * itself from its attributes, and what the browse island's tiles hold from their first render
 * (islands/browse/ItemTile.tsx, on the server too), which the element then adopts as it is.
 *
 * Attributes: `name`, `href`, `kind` ('folder' or the doctype), `description`, `date` (ISO), `date-text`
 * (the date in words) and `modified` (present: the date is the last change).
 */
import { ITEM_KIND_LABELS, ITEM_KIND_PATHS, type ItemKindKey } from '../item-kinds.ts';
import { escapeHtml } from './markup.ts';

export type TileAttributes = Readonly<Record<string, string | undefined>>;

/** The tile's parts (the icon, the text, the options button) for its attributes. */
export function itemTileMarkup(attributes: TileAttributes): string {
  const attribute = (name: string) => escapeHtml(attributes[name] ?? '');
  const given = attributes.kind ?? '';
  const kind = (Object.prototype.hasOwnProperty.call(ITEM_KIND_PATHS, given) ? given : 'folder') as ItemKindKey;
  const description = attributes.description ? `<p class="item-description">${attribute('description')}</p>` : '';
  const dated = attributes.modified !== undefined ? 'Modified' : 'Created';
  return (
    `<svg class="kind-icon" viewBox="0 0 24 24" width="36" height="36" aria-hidden="true"><path stroke="currentColor" stroke-width="1.6" stroke-linejoin="round" stroke-linecap="round" d="${ITEM_KIND_PATHS[kind]}" fill="${kind === 'folder' ? 'currentColor' : 'none'}"/></svg>` +
    `<div class="item-text"><a class="item-name" href="${attribute('href')}">${attribute('name')}<span class="visually-hidden">, ${ITEM_KIND_LABELS[kind]}</span></a>${description}` +
    `<p class="item-date">${dated} <time datetime="${attribute('date')}">${attribute('date-text')}</time></p></div>` +
    `<button type="button" class="item-options" aria-haspopup="menu" aria-label="Options for ${attribute('name')}"><svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true"><circle cx="8" cy="3" r="1.5"/><circle cx="8" cy="8" r="1.5"/><circle cx="8" cy="13" r="1.5"/></svg></button>`
  );
}
