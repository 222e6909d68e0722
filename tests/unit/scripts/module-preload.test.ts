/**
 * scripts/module-preload.mjs: which modules a built page announces in <head>, and at which priority. A
 * small chunk graph in Rollup's shape (file → its static imports) and pages written by the test.
 */
import { describe, expect, it } from 'vitest';
import { announce, pageEntries, pageGraph } from '../../../scripts/module-preload.mjs';

const imports = new Map<string, string[]>([
  ['_astro/page.js', ['_astro/core.js']],
  ['_astro/core.js', []],
  ['_astro/Island.js', ['_astro/Island.impl.js']],
  ['_astro/Island.impl.js', ['_astro/react.js', '_astro/core.js']],
  ['_astro/client.js', ['_astro/react.js']],
  ['_astro/react.js', []],
]);

const page = (body: string) =>
  `<html><head><script type="module" src="/_astro/page.js"></script></head><body>${body}` +
  '<astro-island client="only" component-url="/_astro/Island.js" renderer-url="/_astro/client.js"></astro-island></body></html>';

describe('pageEntries', () => {
  it('tells the page scripts from the islands hydrated at load', () => {
    expect(pageEntries(page(''))).toEqual({ scripts: ['/_astro/page.js'], islands: ['/_astro/Island.js', '/_astro/client.js'] });
  });

  it('leaves out islands hydrated later (client:visible) and addresses of another origin', () => {
    const html = '<script type="module" src="https://cdn.example/x.js"></script><astro-island client="visible" component-url="/_astro/Island.js"></astro-island>';
    expect(pageEntries(html)).toEqual({ scripts: [], islands: [] });
  });
});

describe('pageGraph', () => {
  it('announces the whole graph at the normal priority on a page that waits for its island', () => {
    expect(pageGraph(page(''), imports)).toEqual({
      urls: ['/_astro/page.js', '/_astro/core.js', '/_astro/Island.js', '/_astro/Island.impl.js', '/_astro/react.js', '/_astro/client.js'],
      low: [],
    });
  });

  it('holds back only the island’s own modules on a page that paints first (data-first-paint)', () => {
    expect(pageGraph(page('<div data-first-paint></div>'), imports)).toEqual({
      urls: ['/_astro/page.js', '/_astro/core.js'],
      low: ['/_astro/Island.js', '/_astro/Island.impl.js', '/_astro/react.js', '/_astro/client.js'],
    });
  });
});

describe('announce', () => {
  it('adds a link for each module not announced yet, the held-back ones at low priority', () => {
    const html = '<head><link rel="modulepreload" href="/_astro/core.js"></head>';
    expect(announce(html, ['/_astro/page.js', '/_astro/core.js'], ['/_astro/react.js'])).toBe(
      '<head><link rel="modulepreload" href="/_astro/core.js">' +
        '<link rel="modulepreload" href="/_astro/page.js"><link rel="modulepreload" href="/_astro/react.js" fetchpriority="low"></head>',
    );
  });

  it('leaves a page with nothing new as it was', () => {
    const html = '<head><link rel="modulepreload" href="/_astro/core.js"></head>';
    expect(announce(html, ['/_astro/core.js'])).toBe(html);
  });
});
