/**
 * The names of the checklists a sheet's column titles need (issue #32): only those with a question whose
 * title another checklist's question shares (./results-state.ts `formsToName`), read once each
 * (GET documentation/documents/{id}); a sheet without shared titles reads nothing. A checklist that
 * cannot be read leaves its titles as they are.
 */
import { useEffect, useState } from 'react';
import { api } from '../../src/client/api.ts';
import type { SheetContents } from '../../src/shared/sheets/model.ts';
import { formsToName } from './results-state.ts';

export function useFormNames(contents: SheetContents): ReadonlyMap<string, string> | undefined {
  const [names, setNames] = useState<ReadonlyMap<string, string>>();
  useEffect(() => {
    const ids = formsToName(contents);
    if (ids.length === 0) return;
    let live = true;
    void Promise.all(
      ids.map((id) =>
        api.documentation.document(id).then(
          (doc) => [id, doc.name] as const,
          (err: unknown) => console.warn('A checklist of the sheet could not be read for its name:', err),
        ),
      ),
    ).then((found) => live && setNames(new Map(found.filter((entry) => entry !== undefined))));
    return () => {
      live = false;
    };
  }, [contents]);
  return names;
}
