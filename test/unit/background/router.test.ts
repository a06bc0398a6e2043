import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { isExtensionPage, isLinkedInContentScript } from '../../../src/background/router';

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
