/**
 * THE name of a shape (issue #43 item 18: the editor said '1. Rectangle', the viewer 'Red rectangle'): its
 * description's first line, else its colour and kind ('Red rectangle'). The editor's and the viewer's
 * annotation lists both name shapes with it.
 */
import type { Shape } from './model.ts';

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function shapeName(shape: Pick<Shape, 'description' | 'color' | 'shape'>): string {
  const text = shape.description.trim().split('\n')[0]!.trim();
  return text !== '' ? text : `${capital(shape.color)} ${shape.shape}`;
}
