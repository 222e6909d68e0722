import { describe, expect, it } from 'vitest';
import { qrFilename, qrTitle } from '../../../../elements/rb-qr-dialog/qr-naming.ts';

describe('the QR code dialog: one title and one file name', () => {
  it("titles the dialog 'QR Code: {name}'", () => {
    expect(qrTitle('Manuals')).toBe('QR Code: Manuals');
    expect(qrTitle('  Empty Checklist ')).toBe('QR Code: Empty Checklist');
    expect(qrTitle('')).toBe('QR Code');
  });

  it.each([
    ['Empty Checklist', 'Empty Checklist QR code'],
    ['Cold store: bay 4', 'Cold store bay 4 QR code'],
    ['a/b\\c*?"<>|d', 'a b c d QR code'],
    ['   ', 'QR code'],
  ])('names the file of %j %j (.png is added on download)', (name, expected) => {
    expect(qrFilename(name)).toBe(expected);
  });
});
