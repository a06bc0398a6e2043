import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '../../../src/api/errors';
import { answer, isExtensionPage, isLinkedInContentScript } from '../../../src/background/router';
import { RevealInput } from '../../../src/protocol/schemas';
import { account } from '../../../src/store/items/account';

const id = browser.runtime.id;
const page = (path: string) => browser.runtime.getURL(path as '/popup.html');

describe('message senders', () => {
  it.each([
    ['the popup', { id, url: page('/popup.html') }, true],
    ['the options page in a tab', { id, url: page('/options.html'), tab: { id: 4 } }, true],
    ['a LinkedIn content script', { id, url: 'https://www.linkedin.com/in/x', tab: { id: 4 } }, false],
    ['another extension', { id: 'someone-else', url: page('/popup.html') }, false],
    ['a page claiming our URL without our id', { url: page('/popup.html') }, false],
  ])('%s may use paid and settings messages: %s', (_label, sender, expected) => {
    expect(isExtensionPage(sender)).toBe(expected);
  });

  it.each([
    ['our content script on a profile', { id, url: 'https://www.linkedin.com/in/x', tab: { id: 4 } }, true],
    [
      'our content script on a country host',
      { id, url: 'https://de.linkedin.com/feed/', tab: { id: 4 } },
      true,
    ],
    ['a lookalike host', { id, url: 'https://linkedin.com.evil.example/in/x', tab: { id: 4 } }, false],
    ['plain http', { id, url: 'http://www.linkedin.com/in/x', tab: { id: 4 } }, false],
    ['no tab', { id, url: 'https://www.linkedin.com/in/x' }, false],
    ['another extension', { id: 'x', url: 'https://www.linkedin.com/in/x', tab: { id: 4 } }, false],
  ])('%s may report a detection: %s', (_label, sender, expected) => {
    expect(isLinkedInContentScript(sender)).toBe(expected);
  });
});

describe('answering a UI request', () => {
  const fromPopup = { id, url: page('/popup.html') };
  const fromTab = { id, url: 'https://www.linkedin.com/in/x', tab: { id: 4 } };
  const valid = { target: { socialUrl: 'https://www.linkedin.com/in/x' }, selection: ['email'] };

  it('runs the handler with the validated data and wraps its value', async () => {
    const handler = vi.fn(async (input: unknown) => input);
    expect(await answer('reveal', RevealInput, handler as never, valid, fromPopup)).toEqual({
      ok: true,
      value: valid,
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an unknown item', { ...valid, selection: ['bogus'] }],
    ['an extra field', { ...valid, spend: 100 }],
    ['no target', { selection: ['email'] }],
    ['a string instead of an object', 'reveal everything'],
  ])('refuses %s before the handler runs, saying what is invalid', async (_label, data) => {
    const handler = vi.fn(async () => 'ran');
    const result = await answer('reveal', RevealInput, handler as never, data, fromPopup);
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'invalid-request', message: expect.stringContaining('Invalid "reveal" request') },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses a tab, whatever the data, before validating or running anything', async () => {
    const handler = vi.fn(async () => 'ran');
    const result = await answer('reveal', RevealInput, handler as never, valid, fromTab);
    expect(result).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("extension's own pages only") },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('a refusal for too few credits records the balance it states, so the screen agrees with it', async () => {
    fakeBrowser.reset();
    await account.set({ remaining: 9_981, purchased: 10_000, checkedAt: '2026-11-01T10:00:00.000Z' });
    const refused = new ApiError({
      kind: 'insufficient-credits',
      message: 'Insufficient credits',
      operation: 'lookup',
      creditsInfo: { required: 3, available: 2 },
    });
    const result = await answer(
      'reveal',
      RevealInput,
      (async () => {
        throw refused;
      }) as never,
      valid,
      fromPopup,
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'insufficient-credits' } });
    expect(await account.get()).toMatchObject({ remaining: 2, purchased: 10_000 });
  });

  it('turns a handler failure into an error result, never a throw', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await answer(
      'reveal',
      RevealInput,
      (async () => {
        throw new Error('storage is full');
      }) as never,
      valid,
      fromPopup,
    );
    // The raw text is for the console; the page gets the product's words.
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'unexpected', message: 'Something went wrong in the extension.' },
    });
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
