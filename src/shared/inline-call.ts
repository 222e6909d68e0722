/**
 * THE inline script a shell's <head> carries (the signed-in pages' early reads, the fill pages' share
 * read): a bootstrap function's source, its comments and indentation left out (a bootstrap keeps `//` out
 * of its strings and code for this), called with one JSON argument. `<` is escaped in the argument, so it
 * cannot close the <script>. Built at build time; the CSP allows the result by its hash.
 */
export function inlineCall(bootstrapSource: string, argument: unknown): string {
  const code = bootstrapSource
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  return `(${code})(${JSON.stringify(argument).replace(/</g, '\\u003c')});`;
}
