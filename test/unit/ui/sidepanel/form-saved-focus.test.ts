/** The search form (what is wrong before anything is sent, Search), saved searches and the context-menu focus. */
import { signal } from '@preact/signals';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SearchSession } from '../../../../src/store/database/search';
import { panelFocus } from '../../../../src/store/items/panel';
import { createAccountModel } from '../../../../src/ui/sidepanel/account-model';
import { createActivity } from '../../../../src/ui/sidepanel/activity';
import { createFocusModel } from '../../../../src/ui/sidepanel/focus-model';
import { createSavedModel } from '../../../../src/ui/sidepanel/search/saved-model';
import { createSearchFormModel } from '../../../../src/ui/sidepanel/search/search-form-model';
import { createVaultModel } from '../../../../src/ui/sidepanel/vault-model';
import { connected, session } from './fixtures';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/rpc', () => ({ call }));

function formWith(current: SearchSession | null = null) {
  const s = signal<SearchSession | null>(current);
  const account = createAccountModel();
  const activity = createActivity(s);
  const form = createSearchFormModel({ session: s, running: signal(false), account, activity });
  return { form, account, activity, session: s };
}

describe('the search form', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    call.mockReset();
    call.mockResolvedValue({ ok: true, value: null });
  });

  it('says what Search needs before anything is sent, then sends the filters typed', async () => {
    await connected();
    const { form, account } = formWith();
    await vi.waitFor(() => expect(account.balance.value).not.toBeNull());
    expect(form.disabledReason.value).toBe('Add at least one filter value.');
    expect(form.nothingEntered.value).toBe(true);
    form.setDraft('current_title', 'Nurse');
    expect(form.disabledReason.value).toBeNull();
    await form.search();
    expect(call).toHaveBeenCalledWith('startSearch', {
      mode: 'filters',
      request: {
        search_criteria: { current_title: ['Nurse'] },
        include_similar_titles: false,
        page_size: 50,
      },
    });
    expect(form.tags.current_title!.value.map((t) => t.text)).toEqual(['Nurse']);
  });

  it('never searches on a radius it would have to guess', async () => {
    await connected();
    const { form } = formWith();
    form.radius.value = '2.5';
    form.setDraft('location', 'Boston, MA');
    await form.search();
    expect(call).not.toHaveBeenCalled();
    expect(form.fieldProblems.value.location).toMatch(/whole number/);
  });

  it('a balance below the cost holds Search back with the figures', async () => {
    await connected(0);
    const { form, account } = formWith();
    await vi.waitFor(() => expect(account.balance.value?.remaining).toBe(0));
    form.mode.value = 'free_text';
    form.freeText.value = 'nurses in Boston';
    expect(form.disabledReason.value).toBe(
      "Your balance (0 credits) is below this search's cost (1 credit).",
    );
  });

  it('says what ran: a new search fills the form, which folds into a summary until Edit', () => {
    const { form, session: s } = formWith();
    expect(form.formOpen.value).toBe(true);
    s.value = session();
    expect(form.tags.current_title!.value.map((t) => t.text)).toEqual(['Nurse']);
    expect(form.pageSize.value).toBe(2);
    expect(form.formOpen.value).toBe(false);
    form.editSearch();
    expect(form.formOpen.value).toBe(true);
  });
});

describe('saved searches', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    call.mockReset();
  });

  it('save says where it saved, or why not at its own form; run is the panel action under way', async () => {
    const activity = createActivity(signal(null));
    const saved = createSavedModel(activity, signal(null));
    call.mockResolvedValueOnce({ ok: true, value: { name: 'Nurses' } });
    expect(await saved.save('Nurses')).toBe(true);
    expect(saved.notice.value).toBe('Saved as "Nurses".');
    const error = { kind: 'invalid-request', message: 'A name is needed.' };
    call.mockResolvedValueOnce({ ok: false, error });
    expect(await saved.save('')).toBe(false);
    expect(saved.saveError.value).toEqual(error);
    expect(saved.listError.value).toBeNull();
    call.mockResolvedValueOnce({ ok: false, error });
    await saved.remove('x');
    expect(saved.listError.value).toEqual(error);
    call.mockResolvedValueOnce({ ok: true, value: null });
    await saved.run('x');
    expect(call).toHaveBeenLastCalledWith('runSavedSearch', { id: 'x' });
    expect(activity.busy.value).toBe(false);
  });
});

describe('the context-menu focus', () => {
  beforeEach(() => fakeBrowser.reset());

  it('shows a contact from a menu while it is newer than the search; Back to search ends it', async () => {
    const at = new Date(Date.now() - 1000).toISOString();
    await panelFocus.set({ kind: 'contact', vaultKey: 'https://www.linkedin.com/in/ada', at });
    const s = signal<SearchSession | null>(null);
    const vaultModel = createVaultModel();
    const focus = createFocusModel({
      session: s,
      vault: vaultModel,
      reveals: { all: signal([]) },
      activity: createActivity(s),
    });
    await vi.waitFor(() => expect(focus.focus.value?.kind).toBe('contact'));
    s.value = session();
    expect(focus.focus.value).toBeNull();
    s.value = null;
    expect(focus.focus.value?.kind).toBe('contact');
    focus.backToSearch();
    await vi.waitFor(() => expect(focus.focus.value).toBeNull());
    focus.stop();
  });
});
