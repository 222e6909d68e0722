/** Our Lit elements as JSX tags inside the React islands (properties are set through refs). */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type ElementProps<T> = DetailedHTMLProps<HTMLAttributes<T>, T>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'rb-qr-code': ElementProps<HTMLElement> & { value?: string; size?: number };
      'rb-qr-dialog': ElementProps<HTMLElement> & { value?: string; name?: string; size?: number };
      'rb-permission-editor': ElementProps<HTMLElement> & { 'item-kind'?: 'folder' | 'document'; readonly?: boolean };
      'rb-assign-dialog': ElementProps<HTMLElement> & { name?: string };
      'rb-subscription-dialog': ElementProps<HTMLElement> & { name?: string; kind?: 'folder' | 'document'; doctype?: string };
      'rb-item-tile': ElementProps<HTMLElement> & { name?: string; href?: string; kind?: string; description?: string; date?: string; 'date-text'?: string; modified?: string };
      'rb-breadcrumbs': ElementProps<HTMLElement> & { crumbs?: readonly import('../elements/rb-breadcrumbs/breadcrumbs.ts').Crumb[] };
      'rb-item-menu': ElementProps<HTMLElement> & { label?: string; placement?: 'bottom-start' | 'bottom-end' };
    }
  }
}
