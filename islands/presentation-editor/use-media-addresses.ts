/**
 * Short-lived addresses of the document's uploads (thumbnails for the strip, the selected page's media),
 * asked for in batches of at most 100 and kept a little less long than the server lets them work.
 */
import { useEffect, useRef, useState } from 'react';
import { MEDIA_URL_SECONDS } from '../../src/shared/constants.ts';
import { mediaUrls } from '../../src/client/uploads.ts';

const BATCH = 100;
const KEEP_MS = (MEDIA_URL_SECONDS - 60) * 1000;

export function useMediaAddresses(documentId: string, uploadIds: readonly string[]): Map<string, string> {
  const [addresses, setAddresses] = useState(() => new Map<string, string>());
  const fetched = useRef(new Map<string, number>());
  const key = [...new Set(uploadIds)].sort().join(',');

  useEffect(() => {
    const now = Date.now();
    const wanted = key.split(',').filter((id) => id && !(now - (fetched.current.get(id) ?? -Infinity) < KEEP_MS));
    if (wanted.length === 0) return;
    for (const id of wanted) fetched.current.set(id, now);
    void (async () => {
      for (let i = 0; i < wanted.length; i += BATCH) {
        try {
          const found = await mediaUrls(documentId, wanted.slice(i, i + BATCH));
          setAddresses((all) => {
            const next = new Map(all);
            for (const { upload_id, url } of found) next.set(upload_id, url);
            return next;
          });
        } catch {
          for (const id of wanted.slice(i, i + BATCH)) fetched.current.delete(id);
        }
      }
    })();
  }, [documentId, key]);

  return addresses;
}
