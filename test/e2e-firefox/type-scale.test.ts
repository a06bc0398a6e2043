/**
 * The type scale on every main screen as Firefox draws it (Firefox gives extension pages no size of its own, so a
 * page that leans on the browser's default differs from Chromium): the reader of `test/support/type-scale.ts`, as in
 * `test/e2e/type-scale.spec.ts`.
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import {
  readTextSizesScript,
  type ScreenMarks,
  type TextSize,
  typeScaleProblems,
} from '../support/type-scale';
import type { Driver } from './driver';
import { buttonXpath } from './driver';
import { expect, test } from './fixtures';

const ADA = DEMO_PROFILES.full;

async function expectScale(ff: Driver, screen: string, marks: ScreenMarks = {}) {
  const read = await ff.execute<{ body: number; texts: TextSize[] }>(`return ${readTextSizesScript(marks)};`);
  expect(read.texts.length, `${screen}: no text read`).toBeGreaterThan(3);
  if (marks.contact)
    expect(
      read.texts.some((t) => t.contact),
      `${screen}: the contact is not in view`,
    ).toBe(true);
  expect(typeScaleProblems(read), screen).toEqual([]);
}

test('every main screen keeps the type scale', async ({ connect, openTab, openExtensionPage, ff }) => {
  await connect();
  await ff.textMatching('[data-testid=connected]', /Connected/);
  await expectScale(ff, 'the options page');

  const profile = await openTab(`${ADA.social_url}/`);
  await openExtensionPage(`popup.html?tabId=${profile.tabId}`);
  await ff.textMatching('#profile-name', /^Ada Lovelace$/);
  await ff.until('Reveal to be enabled', () => ff.isEnabled({ xpath: buttonXpath('Reveal') }));
  await expectScale(ff, 'the popup before a reveal', { name: '#profile-name' });
  await ff.click({ xpath: '//label[contains(., "Mobile phone")]/input' });
  await ff.clickButton('Reveal');
  await ff.textMatching('[data-testid=charged]', /Charged 9 ·/);
  await expectScale(ff, 'the popup after a reveal', { name: '#profile-name', contact: '.hero-value' });

  await openExtensionPage(`sidepanel.html?tabId=${profile.tabId}`);
  await ff.find('.held-large [data-item="phone"]');
  await expectScale(ff, 'the side panel with the contact', {
    name: '#profile-name',
    contact: '.held-large .held-item a',
  });

  await openExtensionPage('contacts.html');
  await ff.textMatching('.library-row .library-name', /Ada Lovelace/);
  // Firefox's window is wide: the library is its table, where every cell is read at the lists' size and no value is
  // a hero (the cards of a narrow page, where the contact is, are measured in Chromium at 320 and 400 px).
  await ff.find('table.library-table');
  await expectScale(ff, 'the contacts library', { name: '.library-row .library-name' });

  await openExtensionPage('usage.html');
  await ff.textMatching('#totals', /^Totals$/);
  await expectScale(ff, 'the usage page');

  await openExtensionPage('sidepanel.html');
  await ff.fillLabelled('Job titles', 'Nurse');
  await expectScale(ff, 'the search form');
  await ff.click('#page-size option[value="10"]');
  await ff.clickButton('Search · 1 credit');
  await ff.until('10 result cards', async () => (await ff.findAll('.result-card')).length === 10);
  await expectScale(ff, 'the search results');
});
