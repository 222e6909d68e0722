import { describe, expect, it } from 'vitest';
import { domainsOf } from '../../../../src/screens/admin/sso.ts';

describe('domainsOf', () => {
  it('takes domains separated by commas, spaces, semicolons or lines', () => {
    expect(domainsOf(' acme.example, staff.acme.example;\nother.example  ')).toEqual(['acme.example', 'staff.acme.example', 'other.example']);
    expect(domainsOf('  ')).toEqual([]);
  });
});
