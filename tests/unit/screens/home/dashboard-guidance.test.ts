import { describe, expect, it } from 'vitest';
import { emptyPanelGuide, firstStepItems } from '../../../../src/screens/home/dashboard-guidance.ts';
import { Permission } from '../../../../src/shared/permissions/index.ts';

const ALL = 63;
const member = (rootPermissions: number) => ({ isOrgAdmin: false, rootPermissions });

describe('emptyPanelGuide', () => {
  it('says what fills each panel, and offers adding only to someone allowed at the root', () => {
    expect(emptyPanelGuide('drafts', member(ALL)).offer).toEqual({ href: '/documentation/browse', text: 'Create a folder or checklist' });
    expect(emptyPanelGuide('drafts', member(Permission.Read)).offer).toEqual({ href: '/documentation/browse', text: 'Browse Documents' });
    expect(emptyPanelGuide('assignments', member(ALL)).offer?.text).toBe('Assign a checklist from its menu in Browse Documents');
    expect(emptyPanelGuide('assignments', member(Permission.Read)).offer).toBeUndefined();
    expect(emptyPanelGuide('activity', member(ALL)).offer).toBeUndefined();
    expect(emptyPanelGuide('activity', { isOrgAdmin: true, rootPermissions: 32767 }).offer).toEqual({ href: '/admin/users', text: 'Invite people' });
    for (const panel of ['assignments', 'drafts', 'favourites', 'activity'] as const) expect(emptyPanelGuide(panel, member(0)).hint).toMatch(/show here\.$/);
  });
});

describe('firstStepItems', () => {
  it('lists the four steps in order with their state, while one is left; nothing for a non-admin or when all are done', () => {
    const items = firstStepItems({ folder: true, checklist: false, member: false, qr_labels: false });
    expect(items?.map((i) => [i.text, i.done])).toEqual([
      ['Create a folder', true],
      ['Make a checklist', false],
      ['Invite a member', false],
      ['Print QR labels for a folder', false],
    ]);
    expect(firstStepItems(null)).toBeUndefined();
    expect(firstStepItems({ folder: true, checklist: true, member: true, qr_labels: true })).toBeUndefined();
  });
});
