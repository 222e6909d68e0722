/** The API base an element calls (elements/shared/element-transport.ts: apiBaseOf): the script's origin on another site. */
import { describe, expect, it } from 'vitest';
import { apiBaseOf } from '../../../../elements/shared/element-transport.ts';

const SCRIPT = 'https://ringbinder.example/elements/chunks/chunk-AB12CD34.js';

describe('apiBaseOf', () => {
  it('on a page of another origin, a relative api-base (or none) is the API beside the script', () => {
    const page = 'https://intranet.example.com/news/safety';
    expect(apiBaseOf('/api/v1', SCRIPT, page)).toBe('https://ringbinder.example/api/v1');
    expect(apiBaseOf('', SCRIPT, page)).toBe('https://ringbinder.example/api/v1');
    expect(apiBaseOf('/other/api', SCRIPT, page)).toBe('https://ringbinder.example/other/api');
  });

  it('an absolute api-base is used as it is', () => {
    expect(apiBaseOf('https://eu.ringbinder.example/api/v1', SCRIPT, 'https://intranet.example.com/')).toBe('https://eu.ringbinder.example/api/v1');
  });

  it('in the app (same origin as the script), and outside a browser, the base stays as it is', () => {
    expect(apiBaseOf('/api/v1', SCRIPT, 'https://ringbinder.example/fill/share_x')).toBe('/api/v1');
    expect(apiBaseOf('', SCRIPT, 'https://ringbinder.example/documentation/view/1')).toBe('');
    expect(apiBaseOf('/api/v1', 'file:///work/elements/shared/element-transport.ts', 'https://intranet.example.com/')).toBe('/api/v1');
    expect(apiBaseOf('/api/v1', SCRIPT, undefined)).toBe('/api/v1');
  });
});
