import { describe, expect, it } from 'vitest';
import { inlineCall } from '../../../src/shared/inline-call.ts';

describe('inlineCall', () => {
  it('calls the bootstrap with its argument, its comments and indentation left out', () => {
    const source = '/* a comment */\nfunction boot(config) {\n  // a line comment\n  window.x = config;\n}\n';
    expect(inlineCall(source, { base: '/api/v1' })).toBe('(function boot(config) {\nwindow.x = config;\n})({"base":"/api/v1"});');
  });

  it('escapes < in the argument, so it cannot close the <script>', () => {
    expect(inlineCall('function f(a) {}', '</script><b>')).not.toContain('</script>');
    const script = inlineCall('function f(a) { window.a = a; }', '</script>');
    const window: { a?: unknown } = {};
    new Function('window', script)(window);
    expect(window.a).toBe('</script>');
  });
});
