import { expect, test } from './fixtures';

// The harness itself: what fails every other test must be seen. Each case raises one error on purpose, checks the
// harness caught it, then clears it so this test passes.

test('an unhandled rejection in the service worker is caught', async ({ background, pageErrors }) => {
  await background.evaluate(() => {
    setTimeout(() => void Promise.reject(new Error('deliberate rejection')), 0);
  });
  await expect
    .poll(() => pageErrors.join('\n'))
    .toContain('worker unhandled rejection: deliberate rejection');
  pageErrors.length = 0;
});

test('an error thrown in an extension page is caught', async ({ openExtensionPage, pageErrors }) => {
  const page = await openExtensionPage('popup.html');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('deliberate page error');
    }, 0);
  });
  await expect.poll(() => pageErrors.join('\n')).toContain('deliberate page error');
  pageErrors.length = 0;
});
