/**
 * While a document has unpublished changes, leaving its editor asks first (documentation §4
 * "Editing": changed blocks navigation): the browser's own question on reload, close or typed
 * addresses (beforeunload), and a confirm on the page's links (top bar, drawer, breadcrumbs, toolbar).
 */
import { useEffect, useRef } from 'react';

/** A click that would take the page elsewhere: a same-document-window link to another address. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return undefined;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return undefined;
  const to = new URL(link.href, location.href);
  const here = new URL(location.href);
  if (to.origin === here.origin && to.pathname === here.pathname && to.search === here.search) return undefined; // same page (#anchors)
  return link;
}

/** `question()` answers the text of the confirm, or undefined when leaving is fine. */
export function useLeaveGuard(question: () => string | undefined): void {
  const ask = useRef(question);
  ask.current = question;

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!ask.current()) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const text = ask.current();
      if (!text || !leavingLink(event)) return;
      if (window.confirm(text)) {
        // Leaving on purpose: the beforeunload question would ask a second time.
        window.removeEventListener('beforeunload', onBeforeUnload);
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, []);
}
