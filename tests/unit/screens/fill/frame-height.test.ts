import { describe, expect, it } from 'vitest';
import { heightReporter, type HeightMessage } from '../../../../src/screens/fill/frame-height.ts';

describe('heightReporter', () => {
  it('posts the height rounded up to whole pixels, only when it changed', () => {
    const posted: HeightMessage[] = [];
    const report = heightReporter((message) => posted.push(message));
    report(600.2);
    report(600.9); // still 601
    report(420);
    report(420);
    report(-3);
    expect(posted).toEqual([
      { type: 'ringbinder:height', height: 601 },
      { type: 'ringbinder:height', height: 420 },
      { type: 'ringbinder:height', height: 0 },
    ]);
  });
});
