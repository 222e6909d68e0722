/**
 * The speed dial (documentation §2): one round button that opens 'Document' and 'Folder'. Each entry is
 * there when the action table allows it on the folder (createDocument, createFolder: Write and the
 * Create flag); with neither, no dial (./offered-actions.ts). While an alert shows bottom centre
 * (#alerts) over the dial's place — phones — the dial rises above it (useClearOfAlerts).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

interface Props {
  canCreateDocument: boolean;
  canCreateFolder: boolean;
  onNewDocument: () => void;
  onNewFolder: () => void;
}

export function SpeedDial({ canCreateDocument, canCreateFolder, onNewDocument, onNewFolder }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const bottom = useClearOfAlerts(root);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const choose = (action: () => void) => () => {
    setOpen(false);
    toggle.current?.focus(); // a dialog the action opens gives the focus back to Add, not to a gone action
    action();
  };

  return (
    <div className="speed-dial" ref={root} data-open={open} style={bottom === undefined ? undefined : { bottom }}>
      {open && (
        <ul className="speed-dial-actions" id="speed-dial-actions">
          {canCreateDocument && (
            <li>
              <button type="button" className="speed-dial-action" onClick={choose(onNewDocument)}>
                Document
              </button>
            </li>
          )}
          {canCreateFolder && (
            <li>
              <button type="button" className="speed-dial-action" onClick={choose(onNewFolder)}>
                Folder
              </button>
            </li>
          )}
        </ul>
      )}
      <button
        type="button"
        className="speed-dial-toggle"
        ref={toggle}
        aria-label="Add"
        aria-expanded={open}
        aria-controls="speed-dial-actions"
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

/** The gap kept between the dial and the alerts above which it rises. */
const GAP_PX = 12;

/**
 * The dial's `bottom` (px) while the alerts region covers its place: just above the region's top;
 * undefined (the stylesheet's place) when no alert shows or they are beside it (wide screens).
 */
function useClearOfAlerts(root: RefObject<HTMLDivElement | null>): number | undefined {
  const [bottom, setBottom] = useState<number | undefined>(undefined);
  useEffect(() => {
    const region = document.getElementById('alerts');
    if (!region) return;
    const measure = () => {
      const alerts = region.getBoundingClientRect();
      const dial = root.current?.getBoundingClientRect();
      const beside = !dial || alerts.height === 0 || alerts.right <= dial.left || alerts.left >= dial.right;
      setBottom(beside ? undefined : Math.ceil(window.innerHeight - alerts.top + GAP_PX));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(region);
    window.addEventListener('resize', measure);
    measure();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [root]);
  return bottom;
}
