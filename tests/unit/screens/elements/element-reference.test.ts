/** The /elements/ page's reference read from the Custom Elements Manifest (src/screens/elements/element-reference.ts). */
import { describe, expect, it } from 'vitest';
import { elementsOf, inlineCode, type Manifest } from '../../../../src/screens/elements/element-reference.ts';

const manifest: Manifest = {
  modules: [
    {
      path: 'elements/rb-qr-code/rb-qr-code.element.ts',
      declarations: [
        { kind: 'variable', name: 'LIMIT' } as never,
        {
          kind: 'class',
          name: 'RbQrCode',
          customElement: true,
          tagName: 'rb-qr-code',
          summary: 'A QR code\nof an address.',
          description: 'Drawn as `SVG`.',
          attributes: [
            { name: 'value', fieldName: 'value', type: { text: 'string' }, default: "''", description: 'The address.' },
            { name: 'api-base', fieldName: 'apiBase', type: { text: 'string' } },
          ],
          members: [
            { kind: 'field', name: 'value', type: { text: 'string' }, default: "''", description: 'The address.', attribute: 'value' },
            { kind: 'field', name: 'apiBase', type: { text: 'string' }, description: 'Where the API is.', attribute: 'api-base' },
            { kind: 'field', name: 'token', type: { text: 'string' }, default: "''", description: 'The bearer token.' },
            { kind: 'field', name: 'code', privacy: 'private' },
            { kind: 'field', name: 'styles', static: true },
            { kind: 'method', name: 'render', privacy: 'protected', description: 'Lit.' },
            { kind: 'method', name: 'download', description: 'Saves the code.', parameters: [{ name: 'filename', default: "'qr-code'", type: { text: 'string' } }], return: { type: { text: 'Promise<void>' } } },
            { kind: 'method', name: 'helper' },
          ],
          events: [{ name: 'rb-drawn', description: 'Drawn.' }],
          cssParts: [{ name: 'base', description: 'The image.' }],
          cssProperties: [{ name: '--rb-qr-size', default: '256px', description: 'The size.' }],
        },
      ],
    },
    { path: 'elements/rb-checklist/rb-checklist.element.ts', declarations: [{ kind: 'class', name: 'RbChecklist', customElement: true, tagName: 'rb-checklist' }] },
    { path: 'elements/rb-checklist/rb-checklist.ts', declarations: [] },
  ],
};

describe('elementsOf', () => {
  const [checklist, qr] = elementsOf(manifest);

  it('lists the custom elements only, by tag', () => {
    expect(elementsOf(manifest).map((e) => e.tag)).toEqual(['rb-checklist', 'rb-qr-code']);
    expect(checklist).toMatchObject({ className: 'RbChecklist', summary: '', attributes: [], properties: [], events: [] });
  });

  it('gives attributes with their property, type and default, and the field’s description when the attribute has none', () => {
    expect(qr!.summary).toBe('A QR code of an address.');
    expect(qr!.attributes).toEqual([
      { name: 'value', details: ['string', "default ''"], description: 'The address.' },
      { name: 'api-base', details: ['property apiBase', 'string'], description: 'Where the API is.' },
    ]);
  });

  it('gives the public properties without an attribute, and the public documented methods: no private, protected or static members', () => {
    expect(qr!.properties).toEqual([{ name: 'token', details: ['string', "default ''"], description: 'The bearer token.' }]);
    expect(qr!.methods).toEqual([{ name: 'download(filename?: string)', details: ['returns Promise<void>'], description: 'Saves the code.' }]);
  });

  it('gives events, parts and custom properties', () => {
    expect(qr!.events).toEqual([{ name: 'rb-drawn', details: [], description: 'Drawn.' }]);
    expect(qr!.cssParts).toEqual([{ name: 'base', details: [], description: 'The image.' }]);
    expect(qr!.cssProperties).toEqual([{ name: '--rb-qr-size', details: ['default 256px'], description: 'The size.' }]);
  });
});

describe('inlineCode', () => {
  it('splits the `code` spans out of JSDoc words', () => {
    expect(inlineCode('Drawn as `SVG`, see `size`.')).toEqual([
      { text: 'Drawn as ', code: false },
      { text: 'SVG', code: true },
      { text: ', see ', code: false },
      { text: 'size', code: true },
      { text: '.', code: false },
    ]);
  });
});
