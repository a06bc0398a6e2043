/** The list of the panel's keys, in a modal dialog ("?" opens it; Escape or Close closes it). */
import { useEffect, useRef } from 'preact/hooks';
import { KEYS, PANEL_WORDS } from '../words/panel';

export function KeysHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    // A modal dialog keeps focus inside it and makes the rest of the panel inert until it closes.
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={dialog} class="keys-help" aria-labelledby="keys-title" onClose={onClose}>
      <h2 id="keys-title">{PANEL_WORDS.keysTitle}</h2>
      <dl>
        {KEYS.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p class="muted">{PANEL_WORDS.keysNote}</p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
