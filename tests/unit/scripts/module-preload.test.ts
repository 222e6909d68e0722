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

  it('reads the page with a parser: the attributes in any order, a script in a comment left out', () => {
    const html = '<!-- <script type="module" src="/_astro/old.js"></script> --><script src="/_astro/page.js" type="module"></script>' +
      '<astro-island renderer-url="/_astro/client.js" client="load" component-url="/_astro/Island.js"></astro-island>';
    expect(pageEntries(html)).toEqual({ scripts: ['/_astro/page.js'], islands: ['/_astro/Island.js', '/_astro/client.js'] });
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

  it('announces at low priority the island a page script loads with a dynamic import, and nothing else lazy', () => {
    // The folder page (islands/browse/mount.ts): its script draws over the server's paint, loading the island.
    const graph = new Map([...imports, ['_astro/page.js', ['_astro/core.js']], ['_astro/Dialog.js', ['_astro/react.js']]]);
    const islandLoads = new Map([['_astro/page.js', ['_astro/Island.js', '_astro/client.js']]]);
    const html = '<html><head><script type="module" src="/_astro/page.js"></script></head><body></body></html>';
    expect(pageGraph(html, graph, islandLoads)).toEqual({
      urls: ['/_astro/page.js', '/_astro/core.js'],
      low: ['/_astro/Island.js', '/_astro/Island.impl.js', '/_astro/react.js', '/_astro/client.js'],
    });
    // Without a record of the island's load, nothing lazy is announced.
    expect(pageGraph(html, graph)).toEqual({ urls: ['/_astro/page.js', '/_astro/core.js'], low: [] });
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

  it('finds the links already there whatever their attributes’ order, and the end of <head> by parsing', () => {
    const html = '<html><head><title>a</title><link href="/_astro/core.js" rel="modulepreload"></head><body><p>&lt;/head&gt;</p></body></html>';
    expect(announce(html, ['/_astro/core.js', '/_astro/page.js'])).toBe(
      '<html><head><title>a</title><link href="/_astro/core.js" rel="modulepreload"><link rel="modulepreload" href="/_astro/page.js"></head><body><p>&lt;/head&gt;</p></body></html>',
    );
  });

  it('leaves a page with nothing new as it was', () => {
    const html = '<head><link rel="modulepreload" href="/_astro/core.js"></head>';
    expect(announce(html, ['/_astro/core.js'])).toBe(html);
  });
});
