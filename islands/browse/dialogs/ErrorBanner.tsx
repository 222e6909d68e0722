/** The server's detail inside a dialog (documentation §8: creation failures show it in an error banner). */
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';

export function ErrorBanner({ detail }: { detail: string | undefined }) {
  if (!detail) return null;
  return (
    <SlAlert variant="danger" open className="dialog-error">
      {detail}
    </SlAlert>
  );
}
