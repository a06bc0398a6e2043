/** The list of the panel's shortcuts, in a modal dialog ("?" opens it; Escape or Close closes it). */
import { useEffect, useRef } from 'preact/hooks';
import { PANEL_WORDS, SHORTCUTS } from '../words/panel';

/** Shown while mounted: the panel mounts it on "?" (loading it then) and unmounts it when it closes. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef(document.activeElement);
  useEffect(() => {
    // A modal dialog keeps focus inside it and makes the rest of the panel inert until it closes.
    dialog.current?.showModal();
    // Focus goes back to where it was (the dialog's own close would, but it is unmounted first).
    return () => (opener.current as HTMLElement | null)?.focus?.();
  }, []);
  return (
    <dialog ref={dialog} class="shortcuts-help" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">{PANEL_WORDS.shortcutsTitle}</h2>
      <dl>
        {SHORTCUTS.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p class="muted">{PANEL_WORDS.shortcutsNote}</p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}
