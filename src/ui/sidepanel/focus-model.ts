/**
 * What the panel was asked to show from a context menu: a contact revealed there, or a selected text that needs the
 * recruiter's word before it is searched. Shown while it is newer than the current search; "Back to search" ends it.
 */
import { computed, type ReadonlySignal } from '@preact/signals';
import type { SearchSession } from '../../store/database/search';
import { type PanelFocus, panelFocus } from '../../store/items/panel';
import { stored } from '../helpers/use-stored';
import { call } from '../rpc';
import type { Activity } from './activity';
import type { RevealsModel } from './reveals-model';
import type { VaultModel } from './vault-model';

export interface FocusDeps {
  session: ReadonlySignal<SearchSession | null>;
  vault: Pick<VaultModel, 'records' | 'want'>;
  reveals: Pick<RevealsModel, 'all'>;
  activity: Activity;
}

export function createFocusModel({ session, vault, reveals, activity }: FocusDeps) {
  const focus = stored<PanelFocus | null>(null, panelFocus.get, panelFocus.watch);
  /** A context-menu contact or selection, when it is newer than the current search. */
  const active = computed(() => {
    const f = focus.value.value;
    if (!f || f.kind === 'search') return null;
    const s = session.value;
    return s && s.startedAt > f.at ? null : f;
  });
  const record = computed(() => {
    const f = active.value;
    return f?.kind === 'contact' ? (vault.records.value.get(f.vaultKey) ?? null) : null;
  });
  const job = computed(() => {
    const f = active.value;
    return f?.kind === 'contact' ? (reveals.all.value.find((j) => j.vaultKey === f.vaultKey) ?? null) : null;
  });
  const stopReading = active.subscribe((f) => {
    if (f?.kind === 'contact') void vault.want([{ socialUrl: f.vaultKey, candidateId: null }]);
  });

  const backToSearch = () => void panelFocus.set({ kind: 'search', at: new Date().toISOString() });

  /** The recruiter agreed to search the first 300 characters of an over-long selection. */
  async function searchTrimmed() {
    const f = active.value;
    if (f?.kind !== 'selection' || f.mode !== 'free_text') return;
    const result = await activity.run(() =>
      call('searchSelection', { mode: 'free_text', text: f.text, trim: true }),
    );
    if (result.ok) backToSearch();
  }

  return {
    focus: active,
    /** Everything stored, "Back to search" included: newer intents are compared with it. */
    stored: focus.value,
    record,
    job,
    busy: activity.busy,
    backToSearch,
    searchTrimmed,
    stop() {
      focus.stop();
      stopReading();
    },
  };
}

export type FocusModel = ReturnType<typeof createFocusModel>;
