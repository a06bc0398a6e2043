/**
 * The notice a sourced candidate is owed, in the library: the filter lists who is still owed one after N days,
 * "Copy privacy notice" puts the filled text on the clipboard and the contact says "Notice copied", the filter then
 * no longer lists them, and "Export what we hold" downloads what this browser holds about them, with the notice.
 */
import { readFileSync } from 'node:fs';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectPlainWords } from './plain-words';
import { PUT_RECORDS } from './vault-db';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const person = (slug: string, name: string, revealed: string) => {
  const key = `https://www.linkedin.com/in/${slug}`;
  return {
    v: 1,
    key,
    socialUrl: key,
    candidateId: null,
    name,
    currentTitle: 'Analyst',
    currentEmployer: 'Babbage Ltd',
    email: { found: true, value: `${slug}@example.org`, at: revealed },
    updatedAt: revealed,
  };
};

test('who is owed a privacy notice, copying it, and what we hold exported', async ({
  background,
  context,
  openExtensionPage,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ada = person('ada-lovelace', 'Ada Lovelace', daysAgo(10));
  const grace = person('grace-okafor', 'Grace Okafor', daysAgo(3));
  await background.evaluate(
    `(async () => { ${PUT_RECORDS}; await putRecords(${JSON.stringify([ada, grace])}); })()`,
  );
  const page = await openExtensionPage('contacts.html');
  await expect(page.getByTestId('library-loading')).toHaveText('');
  await page.getByLabel('Privacy notice').selectOption({ label: 'No notice after 7 days' });
  await expect(page.getByTestId('match-count')).toHaveText('1 of 2 match');
  await expect(page.getByRole('button', { name: 'Grace Okafor', exact: true })).toHaveCount(0);
  // Listed only while owed one: the list follows the copy at once, so the card is opened on every contact.
  await page.getByLabel('Privacy notice').selectOption({ label: 'Any' });
  await page.getByRole('button', { name: 'Ada Lovelace', exact: true }).click();
  const card = page.getByRole('article', { name: 'Revealed contact' });

  await card.getByText('Privacy', { exact: true }).click();
  await card.getByRole('button', { name: 'Copy privacy notice' }).click();
  await expect(card.getByText('Notice copied', { exact: false }).last()).toHaveText(
    /^Notice copied \d{1,2} [A-Z][a-z]{2}$/,
  );
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text).toContain('Hello Ada Lovelace,');
  expect(text).toContain('your public LinkedIn profile (https://www.linkedin.com/in/ada-lovelace)');
  expect(text).toContain('What we hold: your name, your current role and your email address.');
  // No location known: the EU rule, the strictest, as the vault applies it.
  expect(text).toContain(
    'How long: 30 days after they were last updated, unless we take your application forward (then up to 365 days), then deleted.',
  );
  expect(text).toContain('at any time: reply to this message.');
  await expectAccessible(page, 'library with a privacy notice copied');
  await expectPlainWords(page, 'library with a privacy notice copied');

  const json = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export what we hold (JSON)' }).click();
  const held = JSON.parse(readFileSync(await (await json).path(), 'utf8'));
  expect(held).toMatchObject({
    asked: ada.key,
    person: { profile_url: ada.key, name: 'Ada Lovelace' },
    items: [{ item: 'email', found: true, value: 'ada-lovelace@example.org', revealed_at: ada.email.at }],
    notice: { first_copied_at: expect.any(String), copied_by: 'this browser' },
    do_not_contact: null,
  });
  const csv = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export what we hold (CSV)' }).click();
  const rows = readFileSync(await (await csv).path(), 'utf8');
  expect(rows).toContain('Section,What,Value,Who,When');
  expect(rows).toContain('Privacy notice,first copied,,this browser,');
  expect(rows).toContain(`Item,Email,ada-lovelace@example.org,this browser,${ada.email.at}`);

  // Told: no longer owed one.
  await page.getByLabel('Privacy notice').selectOption({ label: 'No notice after 7 days' });
  await expect(page.getByText('No contact matches. Change the search or filters.')).toBeVisible();
});
