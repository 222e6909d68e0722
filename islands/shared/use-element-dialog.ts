/**
 * An element's dialog in an island (the adapters of `<rb-assign-dialog>`, `<rb-subscription-dialog>`): the
 * React component renders the tag with this ref; once `load()` has imported the element, `setUp` gives it
 * its data and calls and it is shown, the focus going back to what had it when the component mounted.
 * `onClosed` runs once it has closed (its `rb-close`), so the owner unmounts it.
 */
import { useEffect, useRef } from 'react';
import type { ModalDialog } from '../../elements/shared/modal-dialog.ts';

export function useElementDialog<T extends ModalDialog>(load: () => Promise<unknown>, setUp: (element: T) => void, onClosed: () => void) {
  const ref = useRef<T>(null);
  const latest = useRef({ setUp, onClosed });
  latest.current = { setUp, onClosed };

  useEffect(() => {
    let live = true;
    const opener = document.activeElement as HTMLElement | null;
    const element = ref.current;
    const closed = () => latest.current.onClosed();
    element?.addEventListener('rb-close', closed);
    void load().then(async () => {
      if (!live || !element) return;
      await customElements.whenDefined(element.localName);
      latest.current.setUp(element);
      await element.show(opener);
    });
    return () => {
      live = false;
      element?.removeEventListener('rb-close', closed);
    };
  }, []); // shown once, when mounted

  return ref;
}
