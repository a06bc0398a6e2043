/**
 * Deleting every revealed contact, with its count: the library deletes only what it shows, so deleting all of them
 * is here. Like every delete it can be undone for a while: the contacts are taken out whole (with their sent marks),
 * held by this page, and put back on Undo. The vault's reader loads with this section's count, after the page.
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { ApiErrorJSON } from '../../api/errors';
import { countOf } from '../../format/numbers';
import type { TakenOut } from '../../store/database/vault/vault-restore';
import { ErrorView } from '../components/error-view';
import { UNDO_MS } from '../contacts/undo-time';
import { call } from '../rpc';

const contacts = (n: number) => countOf(n, 'contact');
const reader = () => import('../contacts/library-reads').then((module) => module.libraryReads);

export function DeleteAllContacts() {
  /** How many contacts the vault holds; null until read. */
  const total = useSignal<number | null>(null);
  const notice = useSignal('');
  const undo = useSignal<TakenOut | null>(null);
  const error = useSignal<ApiErrorJSON | null>(null);
  const busy = useSignal(false);
  useEffect(() => {
    let live = true;
    let stop = () => {};
    void reader().then((index) => {
      if (!live) return;
      const count = () =>
        void index.total().then((n) => {
          if (live) total.value = n;
        });
      count();
      stop = index.watch(count);
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  async function deleteAll() {
    const n = total.value ?? 0;
    if (!confirm(`Delete all ${contacts(n)} from this browser? Revealing them again costs credits.`)) return;
    busy.value = true;
    error.value = null;
    undo.value = null;
    try {
      const keys = await (await reader()).keys();
      const result = await call('takeOutContacts', { keys });
      if (!result.ok) {
        error.value = result.error;
        return;
      }
      const taken = result.value;
      undo.value = taken;
      notice.value = `Deleted ${contacts(keys.length)}.`;
      setTimeout(() => {
        if (undo.peek() === taken) undo.value = null;
      }, UNDO_MS);
    } finally {
      busy.value = false;
    }
  }

  async function putBack() {
    const taken = undo.peek();
    if (!taken) return;
    undo.value = null;
    const result = await call('putBackContacts', taken);
    if (!result.ok) error.value = result.error;
    else notice.value = `Brought back ${contacts(result.value.restored)}.`;
  }

  const n = total.value;
  return (
    <div class="delete-all">
      {n !== null && n > 0 && (
        <p class="row form-actions">
          <button type="button" class="danger" disabled={busy.value} onClick={() => void deleteAll()}>
            Delete all {countOf(n, 'revealed contact')}
          </button>
        </p>
      )}
      {n === 0 && !undo.value && <p class="muted">No revealed contacts in this browser.</p>}
      <p role="status" class="success" data-testid="delete-all-notice">
        {notice.value}
        {undo.value && (
          <>
            {' · '}
            <button type="button" class="link" onClick={() => void putBack()}>
              Undo
            </button>
          </>
        )}
      </p>
      {error.value && <ErrorView error={error.value} place="options" />}
    </div>
  );
}
