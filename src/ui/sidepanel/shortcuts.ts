/**
 * The panel's shortcuts: one key each to reveal, copy the email and copy the phone, j/k (or the arrows) between rows,
 * Enter to open the row's profile, s and t between search and this page, ? for the list of shortcuts. They act only
 * when focus is not in a text field, never with a modifier, and only in the panel's own document (nothing is
 * added to LinkedIn's page). What a key presses is marked in the views with `data-key`, so a key does exactly what
 * its button does, with the same checks.
 */

/** Whether typing in `target` is text entry, where every key is the field's own. */
export function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type)
  );
}

export interface ShortcutActions {
  showShortcuts(): void;
  toSearch(): void;
  toTab(): void;
}

/**
 * The scope a key acts in: the row that has focus, else the tab's person; none otherwise (a key never picks a row
 * the recruiter has not moved to).
 */
function scopeOf(root: ParentNode): ParentNode | null {
  const active = document.activeElement;
  return active?.closest('[data-row]') ?? root.querySelector('[data-scope=profile]');
}

/** Clicks the enabled control marked `key` in the scope; true when there was one. */
function press(root: ParentNode, key: string): boolean {
  const marked = scopeOf(root)?.querySelector<HTMLElement>(`[data-key="${key}"]`);
  const control = marked?.matches('button, a') ? marked : marked?.querySelector<HTMLElement>('button');
  if (!control || (control instanceof HTMLButtonElement && control.disabled)) return false;
  control.click();
  return true;
}

/** Moves focus `step` rows on (1) or back (-1); true when there are rows. */
function moveRow(root: ParentNode, step: 1 | -1): boolean {
  const rows = [...root.querySelectorAll<HTMLElement>('[data-row]')];
  if (rows.length === 0) return false;
  const current = rows.findIndex((row) => row.contains(document.activeElement));
  const next = current === -1 ? (step === 1 ? 0 : rows.length - 1) : current + step;
  const row = rows[Math.max(0, Math.min(rows.length - 1, next))]!;
  row.focus();
  row.scrollIntoView({ block: 'nearest' });
  return true;
}

/** Handles one keydown in the panel; returns whether the key did something (its default is then prevented). */
export function handlePanelKey(event: KeyboardEvent, root: ParentNode, actions: ShortcutActions): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (inTextField(event.target)) return false;
  const onRow = event.target instanceof HTMLElement && event.target.matches('[data-row]');
  let done: boolean;
  switch (event.key) {
    case '?':
      actions.showShortcuts();
      done = true;
      break;
    case 'r':
      done = press(root, 'reveal');
      break;
    case 'e':
      done = press(root, 'copy-email');
      break;
    case 'p':
      done = press(root, 'copy-phone');
      break;
    case 'j':
      done = moveRow(root, 1);
      break;
    case 'k':
      done = moveRow(root, -1);
      break;
    // The arrows move between rows only from a row (elsewhere they scroll, or move within their own control).
    case 'ArrowDown':
      done = onRow && moveRow(root, 1);
      break;
    case 'ArrowUp':
      done = onRow && moveRow(root, -1);
      break;
    case 'Enter':
      done = onRow && press(root, 'open');
      break;
    case 's':
      actions.toSearch();
      done = true;
      break;
    case 't':
      actions.toTab();
      done = true;
      break;
    default:
      done = false;
  }
  if (done) event.preventDefault();
  return done;
}
