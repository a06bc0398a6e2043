/** Saved searches: the list as stored, and save (the current search, by name), rename, delete and run. */
import { type ReadonlySignal, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../../api/errors';
import { type SearchSession, savedSearches } from '../../../store/database/search';
import { stored } from '../../helpers/use-stored';
import { call } from '../../rpc';
import type { Activity } from '../activity';

export function createSavedModel(activity: Activity, session: ReadonlySignal<SearchSession | null>) {
  const list = stored([], savedSearches.all, savedSearches.watch);
  /** Why renaming or deleting did not happen: shown above the list. */
  const listError = signal<ApiErrorJSON | null>(null);
  /** Why "Save search" did not save: shown by its own form, not in the list below. */
  const saveError = signal<ApiErrorJSON | null>(null);
  /** A refusal to save is news until the next search: it does not linger over new results. */
  let shownFor: string | undefined;
  const stopClearing = session.subscribe((s) => {
    if (s?.id !== shownFor) saveError.value = null;
    shownFor = s?.id;
  });

  async function save(name: string): Promise<boolean> {
    saveError.value = null;
    const result = await call('saveSearch', { name });
    if (!result.ok) {
      saveError.value = result.error;
      return false;
    }
    activity.notice.value = `Saved as "${result.value.name}".`;
    return true;
  }
  async function rename(id: string, name: string): Promise<boolean> {
    listError.value = null;
    const result = await call('renameSavedSearch', { id, name });
    if (!result.ok) listError.value = result.error;
    return result.ok;
  }
  async function remove(id: string) {
    listError.value = null;
    const result = await call('deleteSavedSearch', { id });
    if (!result.ok) listError.value = result.error;
  }
  async function run(id: string) {
    await activity.run(() => call('runSavedSearch', { id }));
  }

  return {
    list: list.value,
    listError,
    saveError,
    notice: activity.notice,
    busy: activity.busy,
    save,
    rename,
    remove,
    run,
    stop() {
      list.stop();
      stopClearing();
    },
  };
}

export type SavedModel = ReturnType<typeof createSavedModel>;
