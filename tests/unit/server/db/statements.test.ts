import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { namedStatement, statementFamily } from '../../../../src/server/db/statements.ts';

describe('statementFamily', () => {
  const family = statementFamily('unit_family', {
    keyOf: (order: 'asc' | 'desc' | 'none') => order,
    build: (order) => sql`SELECT id FROM t WHERE parent_id = ${sql.placeholder('parentId')}${order === 'none' ? sql`` : sql` ORDER BY id ${sql.raw(order)}`}`,
    named: 2,
  });

  it('builds each shape once and names it <name>_<n>, its values as placeholders', () => {
    const asc = family('asc');
    expect(family('asc')).toBe(asc);
    expect(asc).toMatchObject({ name: 'unit_family_1', text: 'SELECT id FROM t WHERE parent_id = $1 ORDER BY id asc' });
    expect(family('desc').name).toBe('unit_family_2');
  });

  it('sends the shapes past the named ones unnamed, with their own SQL', () => {
    family('asc');
    family('desc');
    const past = family('none');
    expect(past).toMatchObject({ name: '', text: 'SELECT id FROM t WHERE parent_id = $1' });
    expect(family('none')).toBe(past); // built once all the same
  });

  it('never gives two statements one name', () => {
    expect(() => namedStatement('unit_family_1', sql`SELECT 1`)).toThrow('two statements are named unit_family_1');
  });
});
