/** The Firefox harness sees what it must fail on: errors in extension pages, the background page and LinkedIn pages. */
import { expect, test } from './fixtures';

test('console errors, uncaught errors and unhandled rejections are seen wherever they happen', async ({
  firefox,
  openTab,
  inExtension,
  ff,
}) => {
  expect(firefox.errors()).toEqual([]);
  await inExtension(`
    console.error('probe: options page');
    const background = browser.extension.getBackgroundPage();
    background.console.error('probe: background page');
    background.setTimeout(() => { throw new background.Error('probe: uncaught'); });
    background.Promise.reject(new background.Error('probe: unhandled rejection'));
  `);
  await openTab('https://www.linkedin.com/in/ada-lovelace-demo/');
  await ff.execute(`console.error('probe: LinkedIn page')`);
  const seen = await ff.until('every probe to be reported', async () => {
    const errors = firefox.errors();
    return errors.length >= 5 && errors;
  });
  expect(seen).toHaveLength(5);
  expect(seen).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^console\.error: .*probe: options page/),
      expect.stringMatching(/^console\.error: .*probe: background page/),
      expect.stringMatching(/^JavaScript error: .*probe: uncaught/),
      expect.stringMatching(/^JavaScript error: .*probe: unhandled rejection/),
      expect.stringMatching(/^console\.error: .*probe: LinkedIn page/),
    ]),
  );
  // Expected here; in any other test these lines fail it at teardown.
  firefox.acceptErrors();
});
