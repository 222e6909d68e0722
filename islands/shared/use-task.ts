/**
 * One request at a time with the buttons held (a dialog's action, an admin form's save): `run` holds them,
 * clears the last problem and answers the work's result — or, when it fails, undefined, the server's
 * {detail} (problemText) becoming `error`, and with `alert` an error alert too. Work that `leaves` the page
 * (it navigates) keeps the buttons held once it has succeeded, as the page is going.
 */
import { useState } from 'react';
import { problemText, SOMETHING_WENT_WRONG } from '../../src/client/api.ts';
import { showAlert } from '../../src/client/stores/alerts.ts';

interface RunOptions {
  leaves?: boolean;
  alert?: boolean;
}

export function useTask(fallback = SOMETHING_WENT_WRONG) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function run<T>(work: () => Promise<T>, options: RunOptions = {}): Promise<T | undefined> {
    setBusy(true);
    setError(undefined);
    try {
      const done = await work();
      if (!options.leaves) setBusy(false);
      return done;
    } catch (err) {
      const detail = problemText(err, fallback);
      setError(detail);
      if (options.alert) showAlert('error', detail);
      setBusy(false);
      return undefined;
    }
  }

  return { busy, error, setError, run };
}
