/**
 * The one title and the one file name of a QR code dialog (documentation §2 "QR code (with print)", the
 * toolbar's 'QR Link' and the folder browser's 'QR Code'): the title names the item, 'QR Code: {name}';
 * the downloaded files are '{name} QR code.svg' and '.png', with characters no file system accepts turned into spaces.
 */

/** 'QR Code: Manuals' ('QR Code' for an item without a name). */
export function qrTitle(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `QR Code: ${trimmed}` : 'QR Code';
}

/** 'Manuals QR code' (the element adds '.png' or '.svg'); 'QR code' for an item without a usable name. */
export function qrFilename(name: string): string {
  const safe = name
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return safe ? `${safe} QR code` : 'QR code';
}
