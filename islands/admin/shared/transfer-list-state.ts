/**
 * The pure part of the transfer list (islands/admin/shared/TransferList.tsx): which options stand on
 * which side, and what a move leaves chosen. Sides are kept in the options' own order, so a moved
 * option lands where it belongs instead of at the end.
 */

export interface TransferOption {
  id: string;
  name: string;
}

export interface TransferSides {
  available: TransferOption[];
  chosen: TransferOption[];
}

/** Splits the options into available and chosen; an unknown chosen id is dropped. */
export function sidesOf(options: readonly TransferOption[], chosenIds: readonly string[]): TransferSides {
  const chosen = new Set(chosenIds);
  return {
    available: options.filter((o) => !chosen.has(o.id)),
    chosen: options.filter((o) => chosen.has(o.id)),
  };
}

/** The chosen ids after moving `moving` to the chosen side (`to: 'chosen'`) or back (`to: 'available'`), in the options' order. */
export function moveOptions(
  options: readonly TransferOption[],
  chosenIds: readonly string[],
  moving: readonly string[],
  to: 'chosen' | 'available',
): string[] {
  const chosen = new Set(chosenIds);
  for (const id of moving) {
    if (to === 'chosen') chosen.add(id);
    else chosen.delete(id);
  }
  return options.filter((o) => chosen.has(o.id)).map((o) => o.id);
}

/** The options in `options` plus any of `extra` it lacks (a held role past the first pages), sorted by name. */
export function withOptions(options: readonly TransferOption[], extra: readonly TransferOption[]): TransferOption[] {
  const known = new Set(options.map((o) => o.id));
  return [...options, ...extra.filter((o) => !known.has(o.id))].sort(
    (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id),
  );
}

/** What the live region says after a move: '2 roles moved to Chosen.' */
export function movedMessage(count: number, noun: [one: string, many: string], side: string): string {
  return `${count} ${count === 1 ? noun[0] : noun[1]} moved to ${side}.`;
}
