// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { ringbinderServer } from './src/server/astro-integration.ts';
import { modulePreload } from './scripts/module-preload.mjs';
import { pageChunks } from './scripts/page-chunks.mjs';

// Static output: one prerendered shell per route pattern (src/routes.ts); the Hono server serves them.
export default defineConfig({
  output: 'static',
  // Astro 7 strips whitespace by JSX rules by default ('jsx'), which can join inline elements; Astro 5's
  // HTML-aware compression keeps every page as it was.
  compressHTML: true,
  // pageChunks: a signed-in page's first load is a few files (scripts/page-chunks.mjs); modulePreload: each
  // page announces its whole static module graph in <head> (scripts/module-preload.mjs).
  integrations: [react(), ringbinderServer(), pageChunks(), modulePreload()],
  // Page CSS is small: inlined, it saves a dependent request on slow networks (the CSP allows inline styles).
  build: { inlineStylesheets: 'always' },
  vite: {
    // Scripts are always files, never inlined: the CSP allows no 'unsafe-inline' scripts.
    build: { assetsInlineLimit: 0 },
  },
  devToolbar: { enabled: false },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
});
