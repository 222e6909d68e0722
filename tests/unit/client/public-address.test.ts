import { describe, expect, it } from 'vitest';
import { publicAddressOf } from '../../../src/client/public-address.ts';

describe('publicAddressOf: PUBLIC_URL and a path of the site', () => {
  it.each([
    ['https://binder.example.com', '/documentation/view/1', 'https://binder.example.com/documentation/view/1'],
    ['https://binder.example.com/', '/invitation/2', 'https://binder.example.com/invitation/2'],
    ['https://example.com/ringbinder', '/documentation/browse/3', 'https://example.com/ringbinder/documentation/browse/3'],
    ['https://binder.example.com', 'documentation/browse', 'https://binder.example.com/documentation/browse'],
  ])('%s + %s → %s', (publicUrl, path, expected) => {
    expect(publicAddressOf(publicUrl, path)).toBe(expected);
  });

  it('keeps a whole address as it is (a share link’s /fill/ address already has it)', () => {
    expect(publicAddressOf('https://binder.example.com', 'https://binder.example.com/fill/share_x')).toBe('https://binder.example.com/fill/share_x');
  });
});
