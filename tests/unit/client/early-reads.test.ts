/**
 * THE table of early reads as the inline script is given it (src/client/early-reads.ts): keyed by the route
 * table's signed-in patterns, the browser's sort orderings, only the routes a shell serves, and a small
 * script with no comments. Run against a server: ./early-reads-bootstrap.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SORT_ORDERS } from '../../../islands/browse/sort-orders.ts';
import { earlyReads, earlyReadsConfig, earlyReadsScript, orderingOfSortKey } from '../../../src/client/early-reads.ts';
import { routes } from '../../../src/routes.ts';

const bootstrap = readFileSync(new URL('../../../src/client/early-reads-bootstrap.js', import.meta.url), 'utf8');

describe('the early-reads table', () => {
  it('is keyed by signed-in patterns of the route table', () => {
    const signedIn = routes.filter((r) => r.guard !== 'public').map((r) => r.pattern);
    for (const pattern of Object.keys(earlyReads)) expect(signedIn).toContain(pattern);
  });

  it("gives each remembered sort the browser's ordering (islands/browse/sort-orders.ts)", () => {
    const { queries } = earlyReadsConfig('/api/v1').sort;
    expect(Object.keys(queries).sort()).toEqual(SORT_ORDERS.map((o) => o.key).sort());
    for (const order of SORT_ORDERS) expect(orderingOfSortKey(order.key)).toEqual(order.ordering);
  });

  it("a shell's script carries only the routes that shell serves (every signed-in page's HTML carried the whole table)", () => {
    const config = (shell?: string) => earlyReadsConfig('/api/v1', shell);
    expect(config('documentation/view').routes.map(([pattern]) => pattern)).toEqual([
      '/documentation/view/:id',
      '/documentation/view/:id/version/:version',
      '/documentation/view/:id/:second',
    ]);
    expect(config('index').routes.map(([pattern]) => pattern)).toEqual(['/']);
    expect(config('404').routes).toEqual([]);
    expect(config().routes.length).toBeGreaterThan(config('documentation/browse').routes.length);
    expect(earlyReadsScript(bootstrap, '/api/v1', 'index').length).toBeLessThan(earlyReadsScript(bootstrap, '/api/v1').length * 0.6);
  });

  it('inlines as a few lines of plain script with no comments', () => {
    const script = earlyReadsScript(bootstrap, '/api/v1');
    expect(script).not.toMatch(/\/\*|\/\/ /);
    expect(() => new Function(script)).not.toThrow();
  });
});
