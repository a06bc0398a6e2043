/**
 * The side panel's model of "people on this page": what the background read from a LinkedIn tab (on opening, and
 * on "Read again" only), with each person's vault record kept current as reveals land, and a reveal per person.
 */
import { computed, type Signal, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import type { ApiErrorJSON } from '../../api/errors';
import type { Retrievable } from '../../api/schema-parts';
import type { PagePeople, PersonOnPage } from '../../background/page-people';
import { isRevealed } from '../../background/tabs';
import { type ContactRecord, vault } from '../../storage';
import { call } from '../rpc';

/** The model for the people of tab `tabId`; call `init` once shown and `stop` when gone. */
export function createPagePeopleModel(tabId: number, selection: Signal<Retrievable[]>) {
  const page = signal<PagePeople | null>(null);
  const error = signal<ApiErrorJSON | null>(null);
  const reading = signal(false);
  /** Vault records by public profile URL, refreshed when the vault changes. */
  const records = signal<ReadonlyMap<string, ContactRecord | null>>(new Map());
  const revealing = signal<ReadonlySet<string>>(new Set());
  const revealErrors = signal<Readonly<Record<string, ApiErrorJSON>>>({});

  /** The people with their current vault records. */
  const people = computed((): PersonOnPage[] =>
    (page.value?.people ?? []).map((person) => {
      if (person.socialUrl === null || !records.value.has(person.socialUrl)) return person;
      const record = records.value.get(person.socialUrl) ?? null;
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
    records.value = new Map(
      result.value.people.flatMap((p) => (p.socialUrl ? [[p.socialUrl, p.record] as const] : [])),
    );
    page.value = result.value;
  }

  /** Re-reads the vault (not the page) for the people listed, so a reveal shows at once. */
  async function refreshRecords() {
    const urls = (page.peek()?.people ?? []).flatMap((p) => (p.socialUrl ? [p.socialUrl] : []));
    const found = new Map(
      (await vault.findMany(urls.map((url) => ({ socialUrl: url })))).map((r) => [r.key, r] as const),
    );
    records.value = new Map(urls.map((url) => [url, found.get(url) ?? null]));
  }
  const onStorage = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && Object.keys(changes).some((k) => k.startsWith('contact:'))) void refreshRecords();
  };
  browser.storage.onChanged.addListener(onStorage);

  /** Reveals the default items for one resolved person; the vault watcher shows the result. */
  async function reveal(person: PersonOnPage) {
    const url = person.socialUrl;
    if (url === null || revealing.value.has(url)) return;
    const { [url]: _, ...rest } = revealErrors.value;
    revealErrors.value = rest;
    revealing.value = new Set([...revealing.value, url]);
    const result = await call('reveal', {
      target: { socialUrl: url },
      selection: selection.value,
      ...(person.name ? { hints: { name: person.name.slice(0, 300) } } : {}),
    });
    const next = new Set(revealing.value);
    next.delete(url);
    revealing.value = next;
    if (!result.ok) revealErrors.value = { ...revealErrors.value, [url]: result.error };
  }

  /** Reads the page; the items to reveal are the panel's (its defaults until the user ticks others). */
  async function init() {
    await read();
  }

  function stop() {
    browser.storage.onChanged.removeListener(onStorage);
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
    stop,
  };
}

export type PagePeopleModel = ReturnType<typeof createPagePeopleModel>;
