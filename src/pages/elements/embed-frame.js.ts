/**
 * /elements/embed-frame.js (#29): the iframe snippet's sizing script (elements/embed-frame.js), written
 * into the build as it is. An Astro file rather than a copy under public/elements/, which the elements'
 * build writes afresh (scripts/build-elements.mjs).
 */
import source from '../../../elements/embed-frame.js?raw';

export const GET = (): Response => new Response(source, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
