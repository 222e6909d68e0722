// @ts-check
/**
 * Lint for the whole repository (`npm run lint`, zero warnings allowed): ESLint's and typescript-eslint's
 * recommended rules, .astro files through eslint-plugin-astro, and the folder boundaries of DESIGN.md
 * ("Layout") as `no-restricted-imports` rules.
 *
 * Not type-aware: type-aware rules would run a TypeScript program per lint run (several times slower),
 * and `npm run typecheck` already runs the compiler over the same files.
 */
import { posix } from 'node:path';
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

// ---- Folder boundaries (DESIGN.md "Layout") ----
// The imports of ours are relative paths (there are no path aliases), and a relative path reaches another
// folder only through the right number of `../`. So each rule is generated per depth below its folder:
// a file in `src/server/auth` reaches `src/client` as `../../client`. Exact, with no guessing at names.
const MAX_DEPTH = 6;
const ups = (n) => `(\\./)?(\\.\\./){${n}}`;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Rules that stop files under `folder` from importing `targets` (folders, from the repository root). */
function forbidImports(folder, targets, message) {
  return Array.from({ length: MAX_DEPTH }, (_, below) => {
    const dir = [folder, ...Array(below).fill('_')].join('/');
    const patterns = targets.map((target) => {
      const path = posix.relative(dir, target); // e.g. '../../client'
      const climbs = path.match(/^(\.\.\/)*/)[0].length / 3;
      return { regex: `^${ups(climbs)}${escape(path.slice(climbs * 3))}(/|$)`, message };
    });
    return { files: [`${folder}/${'*/'.repeat(below)}*`], rules: { 'no-restricted-imports': ['error', { patterns }] } };
  });
}

/** `src/shared` imports nothing of ours outside `src/shared`: any path that climbs out of it. */
function sharedStaysShared() {
  return Array.from({ length: MAX_DEPTH }, (_, below) => ({
    files: [`src/shared/${'*/'.repeat(below)}*`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^${ups(below + 1)}`,
              message: 'src/shared is isomorphic and imports nothing of ours outside src/shared (DESIGN.md "Layout").',
            },
          ],
        },
      ],
    },
  }));
}

const browserOnly = ['src/client', 'islands', 'elements'];

const boundaries = [
  ...sharedStaysShared(),
  ...forbidImports(
    'src/server',
    browserOnly,
    'The server never imports browser code: src/client, islands or elements (DESIGN.md "Layout").',
  ),
  ...forbidImports('islands', ['src/server'], 'Islands reach the server only through src/client (the API client and stores).'),
  ...forbidImports('elements', ['src/server'], 'Elements reach the server only through src/client (the API client and stores).'),
  ...forbidImports('src/client', ['src/server'], 'Browser code never imports the server; share types and schemas through src/shared.'),
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.astro/',
      'public/shoelace/',
      'test-results/',
      'playwright-report/',
      'data/',
      // engineers' untracked notes and experiments, never committed
      '.scratch/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a deliberately unused parameter or binding (e.g. Hono handlers, destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // TypeScript (tsc and astro check) already reports undefined names, with the right globals per file.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.astro', '**/*.astro/*.ts', '**/*.astro/*.js'],
    rules: { 'no-undef': 'off' },
  },
  {
    // Plain JavaScript runs on Node (scripts, configs): its globals, as far as these files use them.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ignores: ['**/*.astro/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        structuredClone: 'readonly',
      },
    },
  },
  {
    // Playwright fixtures take their dependencies as a destructuring pattern, empty when there are none.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  ...boundaries,
);
