import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';

const { version } = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  version: string;
};

test.describe('the privacy policy', () => {
  test('opens from the options page, from the extension itself, and reads plainly in both schemes', async ({
    context,
    openExtensionPage,
    extensionId,
  }) => {
    const options = await openExtensionPage('options.html');
    const [policy] = await Promise.all([
      context.waitForEvent('page'),
      options.getByRole('link', { name: 'Privacy policy' }).click(),
    ]);
    await policy.waitForLoadState();
    expect(policy.url()).toBe(`chrome-extension://${extensionId}/privacy.html`);
    await expect(policy).toHaveTitle('Candidate Lens privacy policy');
    await expect(policy.getByRole('heading', { level: 1 })).toHaveText('Candidate Lens privacy policy');
    for (const section of ['What it keeps, where, and for how long', 'What it sends, and to whom']) {
      await expect(policy.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(policy.getByRole('heading', { level: 2, name: 'How to erase everything' })).toBeVisible();
    await expect(policy.getByText(`ships with Candidate Lens ${version}`)).toBeVisible();
    await expectAccessible(policy, 'privacy policy');
    // Not web-accessible (no web_accessible_resources at all: manifest.spec.ts), so LinkedIn cannot load it.
  });
});
