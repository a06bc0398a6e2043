import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { newestIntent, pagePeopleIntent } from '@/src/store/items/panel';

const INTENT = { tabId: 7, at: '2026-11-22T10:00:00.000Z' };
const BEFORE = '2026-11-22T09:59:59.000Z';
const AFTER = '2026-11-22T10:00:01.000Z';

beforeEach(() => fakeBrowser.reset());

describe('the side panel shows the people of a page', () => {
  it.each([
    ['nothing else was asked for', [undefined, undefined], true],
    ['a context-menu contact or a search came before', [BEFORE, BEFORE], true],
    ['"Back to search" was clicked after', [AFTER, undefined], false],
    ['a search started after', [undefined, AFTER], false],
  ])('when %s: %s', (_, since, shown) => {
    expect(newestIntent(INTENT, since)).toBe(shown ? INTENT : null);
  });

  it('never without an intent', () => {
    expect(newestIntent(null, [])).toBeNull();
  });
});

describe('pagePeopleIntent', () => {
  it('is stored for the session, and a value that no longer reads is no intent', async () => {
    await pagePeopleIntent.set(INTENT);
    expect(await pagePeopleIntent.get()).toEqual(INTENT);
    await fakeBrowser.storage.session.set({ 'page-people-intent': { tabId: 'seven' } });
    expect(await pagePeopleIntent.get()).toBeNull();
    await pagePeopleIntent.set(null);
    expect(await pagePeopleIntent.get()).toBeNull();
  });
});
