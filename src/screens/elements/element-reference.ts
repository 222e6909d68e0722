/**
 * The /elements/ page's reference (issue #29 "The elements are a documented product"), read from the Custom
 * Elements Manifest that scripts/build-elements.mjs makes (public/elements/custom-elements.json): for each
 * element its attributes, properties, methods, events, CSS parts and custom properties, as the page shows
 * them. Pure: the page's frontmatter calls it at build time, so none of it reaches the browser.
 */

/** The parts of the manifest read here (schema 1.0.0; everything else is ignored). */
export interface Manifest {
  modules?: {
    path?: string;
    declarations?: Declaration[];
  }[];
}

interface Declaration {
  kind?: string;
  name?: string;
  customElement?: boolean;
  tagName?: string;
  summary?: string;
  description?: string;
  attributes?: { name: string; fieldName?: string; type?: { text?: string }; default?: string; description?: string }[];
  members?: {
    kind?: string;
    name: string;
    privacy?: string;
    static?: boolean;
    readonly?: boolean;
    attribute?: string;
    type?: { text?: string };
    default?: string;
    description?: string;
    parameters?: { name: string; type?: { text?: string }; optional?: boolean; default?: string }[];
    return?: { type?: { text?: string } };
  }[];
  events?: { name: string; description?: string; type?: { text?: string } }[];
  cssParts?: { name: string; description?: string }[];
  cssProperties?: { name: string; description?: string; default?: string }[];
  slots?: { name: string; description?: string }[];
}

export interface Entry {
  name: string;
  /** Type, default, attribute or property name: the small print under the name. */
  details: string[];
  description: string;
}

export interface ElementDoc {
  tag: string;
  className: string;
  summary: string;
  description: string;
  attributes: Entry[];
  /** Public properties that have no attribute (set from script), and read-only ones. */
  properties: Entry[];
  methods: Entry[];
  events: Entry[];
  cssParts: Entry[];
  cssProperties: Entry[];
  slots: Entry[];
}

const code = (text: string | undefined): string | undefined => (text === undefined || text === '' ? undefined : text);

/** Words of the manifest (JSDoc), with their `code` spans: `[{text, code}]` in order. */
export function inlineCode(text: string): { text: string; code: boolean }[] {
  return text
    .split('`')
    .map((part, i) => ({ text: part, code: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

const paragraphs = (text: string | undefined): string => (text ?? '').replace(/\s*\n\s*/g, ' ').trim();

/** The elements of the manifest, by tag name. */
export function elementsOf(manifest: Manifest): ElementDoc[] {
  const found: ElementDoc[] = [];
  for (const module of manifest.modules ?? []) {
    for (const declaration of module.declarations ?? []) {
      if (!declaration.customElement || !declaration.tagName) continue;
      found.push(elementDoc(declaration, declaration.tagName));
    }
  }
  return found.sort((a, b) => a.tag.localeCompare(b.tag));
}

function elementDoc(declaration: Declaration, tag: string): ElementDoc {
  const members = (declaration.members ?? []).filter((m) => !m.static && (m.privacy ?? 'public') === 'public' && !m.name.startsWith('#'));
  const fields = members.filter((m) => m.kind === 'field');
  const attributes = (declaration.attributes ?? []).map((attribute) => {
    const field = fields.find((f) => f.name === attribute.fieldName);
    const type = code(attribute.type?.text ?? field?.type?.text);
    const fallback = code(attribute.default ?? field?.default);
    return {
      name: attribute.name,
      details: [
        ...(attribute.fieldName && attribute.fieldName !== attribute.name ? [`property ${attribute.fieldName}`] : []),
        ...(type ? [type] : []),
        ...(fallback ? [`default ${fallback}`] : []),
      ],
      description: paragraphs(attribute.description ?? field?.description),
    };
  });
  const withAttribute = new Set((declaration.attributes ?? []).map((a) => a.fieldName));
  const properties = fields
    .filter((f) => !withAttribute.has(f.name))
    .map((f) => ({
      name: f.name,
      details: [...(code(f.type?.text) ? [f.type!.text!] : []), ...(f.readonly ? ['read-only'] : []), ...(code(f.default) ? [`default ${f.default}`] : [])],
      description: paragraphs(f.description),
    }));
  const methods = members
    .filter((m) => m.kind === 'method' && m.description)
    .map((m) => {
      const parameters = (m.parameters ?? []).map((p) => `${p.name}${p.optional || p.default !== undefined ? '?' : ''}${p.type?.text ? `: ${p.type.text}` : ''}`);
      return {
        name: `${m.name}(${parameters.join(', ')})`,
        details: code(m.return?.type?.text) ? [`returns ${m.return!.type!.text}`] : [],
        description: paragraphs(m.description),
      };
    });
  const named = (list: { name: string; description?: string; default?: string }[] | undefined): Entry[] =>
    (list ?? []).map((item) => ({ name: item.name, details: code(item.default) ? [`default ${item.default}`] : [], description: paragraphs(item.description) }));
  return {
    tag,
    className: declaration.name ?? '',
    summary: paragraphs(declaration.summary),
    description: paragraphs(declaration.description),
    attributes,
    properties,
    methods,
    events: named(declaration.events),
    cssParts: named(declaration.cssParts),
    cssProperties: named(declaration.cssProperties),
    slots: named(declaration.slots),
  };
}

/**
 * The theme every element reads (elements/shared/embed-reset.styles.ts, dialog.styles.ts and each
 * element's styles), named as in the app's src/styles/theme.css: set them on the elements, or on `:root`.
 */
export const THEME_PROPERTIES: readonly Entry[] = [
  { name: '--rb-font', details: ['default system-ui, sans-serif'], description: 'The font family of every text.' },
  { name: '--rb-font-size', details: ['default medium'], description: "The base font size (the reader's default size unless set); everything inside scales with it." },
  { name: '--rb-text', details: ['default #1c1f26'], description: 'The text colour.' },
  { name: '--rb-text-muted', details: ['default #4f5666'], description: 'Descriptions, hints and addresses.' },
  { name: '--rb-primary', details: ['default #1a2238'], description: 'Buttons and accents.' },
  { name: '--rb-primary-contrast', details: ['default #fff'], description: 'Text on a primary button.' },
  { name: '--rb-surface', details: ['default #fff'], description: 'The background of dialogs, questions and fields.' },
  { name: '--rb-border', details: ['default #c9cdd6'], description: 'Borders of questions and fields.' },
  { name: '--rb-danger', details: ['default #b3261e'], description: 'Errors and the required mark.' },
  { name: '--rb-success', details: ['default #1e6b34'], description: 'A submission that went through.' },
  { name: '--rb-focus', details: ['default #2f6fed'], description: 'The focus ring.' },
  { name: '--rb-radius', details: ['default 6px'], description: 'The corners of boxes and buttons.' },
];
