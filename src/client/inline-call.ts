/** THE inline script of a shell's bootstrap: src/shared/inline-call.ts (the server writes one too, a result sheet's first paint). */
export { inlineCall } from '../shared/inline-call.ts';
