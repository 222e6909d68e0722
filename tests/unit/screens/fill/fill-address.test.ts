import { describe, expect, it } from 'vitest';
import { fillTitle, isKioskAddress, shareTokenOfPath } from '../../../../src/screens/fill/fill-address.ts';

describe('isKioskAddress', () => {
  it.each([
    ['?kiosk=1', true],
    ['?kiosk=true', true],
    ['?kiosk=YES', true],
    ['?kiosk', true],
    ['?kiosk=0', false],
    ['', false],
    ['?other=1', false],
  ])('%s → %s', (search, kiosk) => expect(isKioskAddress(search)).toBe(kiosk));
});

describe('fillTitle', () => {
  it('names the checklist, then its organisation', () => {
    expect(fillTitle({ name: 'Gate check', organization_name: 'Acme' })).toBe('Gate check · Acme');
    expect(fillTitle({ name: 'Gate check' })).toBe('Gate check');
    expect(fillTitle({})).toBe('Checklist');
  });
});

describe('shareTokenOfPath', () => {
  it.each([
    ['/fill/share_abc-_1', 'share_abc-_1'],
    ['/embed/fill/share_abc-_1/', 'share_abc-_1'],
    ['/fill/share%5Fx', 'share_x'],
    ['/fill/%E0%A4%A', '%E0%A4%A'],
  ])('%s → %s', (path, token) => expect(shareTokenOfPath(path)).toBe(token));
});
