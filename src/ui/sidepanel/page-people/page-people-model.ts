/**
 * The side panel's model of "people on this page": what the background read from a LinkedIn tab (on opening, and
 * on "Read again" only), with each person's vault record as the panel holds it (kept current as reveals land), and a
 * reveal per person.
 */
import { computed, type ReadonlySignal, signal } from '@preact/signals';
import type { ApiErrorJSON } from '../../../api/errors';
import type { Retrievable } from '../../../api/schema-parts';
import { isRevealed } from '../../../domain/revealed';
import type { PagePeople, PersonOnPage } from '../../../protocol/shapes';
import { call } from '../../rpc';
import type { RevealsModel } from '../reveals-model';
import type { VaultModel } from '../vault-model';

/** What the model needs of the side panel: its reveal items, its reading of the vault, its record of reveals. */
export interface PanelVault {
  selection: ReadonlySignal<Retrievable[]>;
  vault: Pick<VaultModel, 'want' | 'recordForTarget'>;
  reveals: Pick<RevealsModel, 'noteReveal'>;
}

/** The model for the people of tab `tabId`; call `init` once shown. */
export function createPagePeopleModel(tabId: number, panel: PanelVault) {
  const { selection } = panel;
  const page = signal<PagePeople | null>(null);
  const error = signal<ApiErrorJSON | null>(null);
  const reading = signal(false);
  /** True once the panel holds the records of the people read (until then, the page read's own say). */
  const recordsRead = signal(false);
  const revealing = signal<ReadonlySet<string>>(new Set());
  const revealErrors = signal<Readonly<Record<string, ApiErrorJSON>>>({});

  /** The people with their current vault records. */
  const people = computed((): PersonOnPage[] =>
    (page.value?.people ?? []).map((person) => {
      if (person.socialUrl === null || !recordsRead.value) return person;
      const record = panel.vault.recordForTarget({ socialUrl: person.socialUrl, candidateId: null });
      return { ...person, record, revealed: isRevealed(record) };
    }),
  );
  const revealedCount = computed(() => people.value.filter((p) => p.revealed).length);
  const unresolvedCount = computed(() => people.value.filter((p) => p.socialUrl === null).length);

  /** Reads the tab again (the user's click): only what LinkedIn shows now. */
  async function read() {
    reading.value = true;
    error.value = null;
    const result = await call('pagePeople', { tabId });
    reading.value = false;
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    recordsRead.value = false;
    page.value = result.value;
    await panel.vault.want(
      result.value.people.flatMap((p) =>
        p.socialUrl ? [{ socialUrl: p.socialUrl, candidateId: null }] : [],
      ),
    );
    if (page.peek() === result.value) recordsRead.value = true;
  }

  /**
   * Reveals the default items for one resolved person; the vault watcher shows the result. `askAgain`: the person
   * was not found, and the user chose to ask the service again for what it had nothing for.
   */
  async function reveal(person: PersonOnPage, askAgain = false) {
    const url = person.socialUrl;
    if (url === null || revealing.value.has(url)) return;
    const { [url]: _, ...rest } = revealErrors.value;
    revealErrors.value = rest;
    revealing.value = new Set([...revealing.value, url]);
    const result = await call('reveal', {
      target: { socialUrl: url },
      selection: selection.value,
      ...(askAgain ? { retryNotFound: true } : {}),
      ...(person.name ? { hints: { name: person.name.slice(0, 300) } } : {}),
    });
    const next = new Set(revealing.value);
    next.delete(url);
    revealing.value = next;
    if (result.ok) panel.reveals.noteReveal(result.value.job);
    else revealErrors.value = { ...revealErrors.value, [url]: result.error };
  }

  /** Reads the page; the items to reveal are the panel's (its defaults until the user ticks others). */
  async function init() {
    await read();
  }

  return {
    page,
    people,
    revealedCount,
    unresolvedCount,
    error,
    reading,
    selection,
    revealing,
    revealErrors,
    read,
    reveal,
    init,
  };
}

export type PagePeopleModel = ReturnType<typeof createPagePeopleModel>;
