/**
 * A list row follows its own person: when the vault stores one contact (a bulk reveal stores its answers one after
 * another), or a bulk reveal's progress changes one contact's state, only that contact's row renders again, not the
 * whole page of rows.
 */
import { signal } from '@preact/signals';
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { BulkItemState } from '../../../../src/bulk/job';
import type { StoredProfile } from '../../../../src/store/database/search';
import { vaultWrite } from '../../../../src/store/database/vault/vault-write';
import type { RowsModel } from '../../../../src/ui/sidepanel/model';
import { createRevealsModel } from '../../../../src/ui/sidepanel/reveals-model';
import { useProfileReveal } from '../../../../src/ui/sidepanel/rows/row-offer';
import { useBulkState } from '../../../../src/ui/sidepanel/search/results';
import { createVaultModel, rowTarget } from '../../../../src/ui/sidepanel/vault-model';
import { createWorkerClock } from '../../../../src/ui/sidepanel/worker-clock';
import { record } from './fixtures';

vi.mock('../../../../src/ui/rpc', () => ({ call: vi.fn() }));

const people: StoredProfile[] = Array.from({ length: 20 }, (_, i) => ({
  id: `c${i}`,
  name: `Person ${i}`,
  current_title: 'Registered Nurse',
  current_employer: 'Arbor Health',
  location: 'Boston',
  social_url: `https://www.linkedin.com/in/person-${i}`,
}));

/**
 * The people as a list of rows in a linkedom document, each row showing what `show` gives (hooks included): the
 * list, how often each row rendered, and the unmount.
 */
function mountRows(show: (profile: StoredProfile) => string) {
  const { document } = parseHTML('<!doctype html><html><body><ul id="rows"></ul></body></html>');
  vi.stubGlobal('document', document);
  const renders = new Map<string, number>();
  function Row({ profile }: { profile: StoredProfile }) {
    renders.set(profile.id, (renders.get(profile.id) ?? 0) + 1);
    return <li>{show(profile)}</li>;
  }
  const list = document.getElementById('rows') as unknown as Element;
  render(
    people.map((profile) => <Row key={profile.id} profile={profile} />),
    list,
  );
  return {
    list,
    renders,
    unmount: () => {
      render(null, list);
      vi.unstubAllGlobals();
    },
  };
}

describe('a list row', () => {
  beforeEach(() => fakeBrowser.reset());

  it('renders again when its own contact is stored, and no other row does', async () => {
    const vault = createVaultModel();
    const selection = signal<Array<'email' | 'phone'>>(['email']);
    const m = {
      vault,
      selection,
      reveals: createRevealsModel({ vault, selection, clock: createWorkerClock(() => true) }),
      account: { balance: signal(null), unreachable: signal(false) },
    } as unknown as RowsModel;
    const { list, renders, unmount } = mountRows((profile) => {
      const { record: held } = useProfileReveal(m, profile);
      return held?.email?.found ? held.email.value : profile.name;
    });
    try {
      await vault.want(people.map(rowTarget));
      renders.clear();

      const url = people[3]!.social_url!;
      await vaultWrite.put({ ...record(url, { email: 'person3@example.org' }), candidateId: 'c3' });
      await vi.waitFor(() => expect(list.textContent).toContain('person3@example.org'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect([...renders]).toEqual([['c3', 1]]);
    } finally {
      unmount();
      vault.stop();
    }
  });

  it('renders again when its own state in a bulk reveal changes, not at every progress write', async () => {
    // Each progress write of the job brings every contact as a new object, as read from storage.
    const states = signal(new Map(people.map((p) => [p.social_url!, { state: 'queued' as BulkItemState }])));
    const write = (changed: Record<string, BulkItemState>) => {
      states.value = new Map(
        [...states.value].map(([url, item]) => [url, { state: changed[url] ?? item.state }]),
      );
    };
    const m = {
      bulk: {
        itemFor: (target: { socialUrl?: string | null }) => states.value.get(target.socialUrl ?? '') ?? null,
      },
    } as unknown as RowsModel;
    const { list, renders, unmount } = mountRows((profile) => useBulkState(m, rowTarget(profile)) ?? 'done');
    try {
      renders.clear();
      write({ [people[5]!.social_url!]: 'running' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect([...renders]).toEqual([['c5', 1]]);
      expect(list.textContent).toContain('Revealing…');
      // Settled: the row no longer shows a bulk state; a write that changes nothing renders nothing.
      renders.clear();
      write({ [people[5]!.social_url!]: 'revealed' });
      write({});
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect([...renders]).toEqual([['c5', 1]]);
      expect(list.textContent).not.toContain('Revealing…');
    } finally {
      unmount();
    }
  });
});
