/**
 * The OpenAPI document as integrators' tools see it (issue #40 item 7): Redocly's `recommended` rules
 * (@redocly/openapi-core, what `redocly lint` runs) and Spectral's `oas` ruleset (@stoplight/spectral-core, what
 * `spectral lint` runs) over the document the server serves. No errors, save Redocly's `no-path-trailing-slash`
 * on the spec's own `POST users/` (beside `POST users`: both routes are the spec's, docs/api.md); the warnings
 * that remain are named here, each with its reason in docs/api.md "What the linters still say", so a new
 * one fails until it is fixed or explained.
 */
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiDocument } from './support.ts';

// Spectral's package is CommonJS: its named exports come through the default.
const { Spectral, Document } = spectralCore;

let text = '';
beforeAll(async () => {
  text = JSON.stringify(await apiDocument());
});

/** `rule at-where`, the way a finding is named below. */
const named = (rule: string, where: string) => `${rule} ${where}`;

describe('Redocly lint (recommended)', () => {
  let problems: NormalizedProblem[] = [];
  beforeAll(async () => {
    const config = await createConfig({ extends: ['recommended'] });
    problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
  }, 60_000);

  it('finds no error but the spec’s own POST users/', () => {
    const errors = problems.filter((p) => p.severity === 'error').map((p) => named(p.ruleId, p.location[0]?.pointer ?? ''));
    expect(errors).toEqual([named('no-path-trailing-slash', '#/paths/~1users~1')]);
  });

  it('warns only of what docs/api.md explains', () => {
    const warnings = problems.filter((p) => p.severity === 'warn').map((p) => named(p.ruleId, p.location[0]?.pointer ?? ''));
    expect(warnings.sort()).toEqual(
      [
        named('info-license', '#/info'),
        named('no-ambiguous-paths', '#/paths/~1documentation~1documents~1documentdata~1{id}'),
        named('operation-4xx-response', '#/paths/~1_build-info/get/responses'),
        named('operation-4xx-response', '#/paths/~1openapi.json/get/responses'),
      ].sort(),
    );
  });
});

describe('Spectral lint (oas)', () => {
  const SEVERITY = ['error', 'warn', 'info', 'hint'];
  let results: { code: string | number; severity: number; path: (string | number)[] }[] = [];
  beforeAll(async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] } as never);
    results = await spectral.run(new Document(text, Parsers.Json, 'openapi.json'));
  }, 60_000);

  it('finds no error', () => {
    expect(results.filter((r) => r.severity === 0).map((r) => named(String(r.code), r.path.join('.')))).toEqual([]);
  });

  it('warns only of what docs/api.md explains', () => {
    const warnings = results.filter((r) => SEVERITY[r.severity] === 'warn').map((r) => named(String(r.code), r.path.join('.')));
    expect(warnings.sort()).toEqual([named('info-contact', 'info'), named('path-keys-no-trailing-slash', 'paths./users/')].sort());
  });
});
