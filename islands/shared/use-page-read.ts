/**
 * A component's first load names the page's first read it makes (src/shared/page-data.ts: the transport
 * takes the page data's answer for that name); its later loads (paging, a refresh) ask the network.
 */
import { useCallback, useRef } from 'react';
import type { PageReadName } from '../../src/shared/page-data.ts';

/** `name` the first time the answered function is called, undefined after. */
export function usePageRead(name: PageReadName): () => PageReadName | undefined {
  const left = useRef<PageReadName | undefined>(name);
  return useCallback(() => {
    const first = left.current;
    left.current = undefined;
    return first;
  }, []);
}
