/**
 * An admin page's form that needs a record first (/admin/roles/{id}, /admin/webhooks/new and {id}): 'Loading…'
 * while `read` runs, then the form drawn by `children` with what it read — or, when the read fails, the
 * server's {detail} (else `failed`) and a link back to the list. Without `read` (a new role) the form shows at once.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { problemText } from '../../../src/client/api.ts';
import { ErrorText } from '../../shared/ErrorText.tsx';

type Load<T> = { status: 'loading' } | { status: 'failed'; detail: string } | { status: 'ready'; value: T | undefined };

interface Props<T> {
  read: (() => Promise<T>) | undefined;
  failed: string;
  back: { href: string; text: string };
  children: (value: T | undefined) => ReactNode;
}

export function ReadFirst<T>({ read, failed, back, children }: Props<T>) {
  const [load, setLoad] = useState<Load<T>>(read ? { status: 'loading' } : { status: 'ready', value: undefined });
  useEffect(() => {
    if (!read) return;
    let live = true;
    read().then(
      (value) => live && setLoad({ status: 'ready', value }),
      (err: unknown) => live && setLoad({ status: 'failed', detail: problemText(err, failed) }),
    );
    return () => {
      live = false;
    };
  }, []); // read once, when the page's island mounts

  if (load.status === 'loading') return <p role="status" className="hint">Loading…</p>;
  if (load.status === 'failed')
    return (
      <div className="card admin-section">
        <ErrorText text={load.detail} />
        <p>
          <a href={back.href}>{back.text}</a>
        </p>
      </div>
    );
  return children(load.value);
}
