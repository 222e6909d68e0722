/**
 * /api/docs (issue #34): Scalar's API reference (its standalone script, loaded by the page before this
 * module, defines `window.Scalar`) over THE OpenAPI document of the API. Nothing leaves this origin: no
 * fonts from Scalar's servers, no telemetry, no AI agent, no proxy — the page's CSP (connect-src 'self',
 * font-src 'self') holds it to that.
 */
import { openApiAddress } from './openapi-address.ts';

interface ScalarGlobal {
  createApiReference(target: string | Element, configuration: Record<string, unknown>): unknown;
}

// Not id="api-reference": Scalar's script mounts an element of that id itself, with its defaults.
const target = document.getElementById('api-docs');
const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
if (target && scalar) {
  scalar.createApiReference(target, {
    // Preloaded by the page's <head> (the same address): Scalar's fetch takes that answer.
    url: openApiAddress,
    withDefaultFonts: false,
    // The page's own fonts, not Inter from fonts.scalar.com (which the CSP refuses).
    customCss: ':root { --scalar-font: system-ui, sans-serif; --scalar-font-code: ui-monospace, monospace; }',
    telemetry: false,
    // "Ask AI" searches Scalar's registry through proxy.scalar.com.
    agent: { disabled: true },
    showDeveloperTools: 'never',
    hideClientButton: true,
    // The document's servers (/api/v1) are this origin: "Test request" calls it directly, with the token typed in.
    persistAuth: false,
  });
  target.removeAttribute('aria-busy');
}
