/**
 * `npm run screenshots:firefox [-- DIR]`: the main screens as Firefox draws them, in the states a recruiter meets
 * most, at 320 and 400 px, light and dark, as `<state>-<width>-<scheme>.png` in DIR (default
 * `test-results/screenshots-firefox`, which git ignores): the Firefox half of `npm run screenshots`, to look at, not
 * to compare. The side panel is Firefox's real sidebar, at the sidebar's own width; the other pages are tabs in a
 * window of that width.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import type { Driver } from './driver';
import { buttonXpath } from './driver';
import { EXTENSION_ORIGIN, test } from './fixtures';
import { enterSidebar, inChrome, setSidebarWidth } from './sidebar-panel';

const OUT = resolve(process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots-firefox');
const ADA = DEMO_PROFILES.full;
const WIDTHS = [320, 400];
const SCHEMES = ['light', 'dark'] as const;

/**
 * Firefox's colour scheme: the theme of its own UI, which the sidebar's pages follow, and the scheme it asks pages
 * for ("Website appearance" in its settings), both set to dark or light.
 */
const setScheme = (ff: Driver, scheme: (typeof SCHEMES)[number]) =>
  inChrome(
    ff,
    `const dark = arguments[0] === 'dark';
    Services.prefs.setIntPref('ui.systemUsesDarkTheme', dark ? 1 : 0);
    Services.prefs.setIntPref('browser.theme.toolbar-theme', dark ? 0 : 1);
    Services.prefs.setIntPref('browser.theme.content-theme', dark ? 0 : 1);
    Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', dark ? 0 : 1);`,
    scheme,
  );

/**
 * The page's picture from its top: whole, or for a long list with a bar that stays at the bottom (which a whole-page
 * picture would show in mid-list), what the sidebar shows.
 */
async function picture(ff: Driver, name: string, { list = false } = {}) {
  await ff.execute('window.scrollTo(0, 0)');
  const png = await ff.command<string>('WebDriver:TakeScreenshot', { full: !list, hash: false });
  writeFileSync(resolve(OUT, `${name}.png`), Buffer.from(png, 'base64'));
}

test('the main screens in Firefox, at 320 and 400 px, light and dark', { timeout: 300_000 }, async ({
  connect,
  openTab,
  openExtensionPage,
  inExtension,
  ff,
}) => {
  mkdirSync(OUT, { recursive: true });
  await connect();
  const profile = await openTab(`${ADA.social_url}/`);
  // Every screen is shown in Firefox's sidebar, whose width is set exactly (a window cannot be made 320 px wide).
  await openExtensionPage(`popup.html?tabId=${profile.tabId}`);
  await ff.clickButton('Open search');
  // Its first page loaded before another is set: a panel changed while it loads fails inside Firefox.
  await enterSidebar(ff, `${EXTENSION_ORIGIN}/sidepanel.html`);
  const show = async (path: string) => {
    const url = `${EXTENSION_ORIGIN}/${path}`;
    await inExtension('return browser.sidebarAction.setPanel({ panel: arguments[0] })', url);
    await enterSidebar(ff, url);
  };
  const shoot = async (state: string, options: { list?: boolean } = {}) => {
    for (const scheme of SCHEMES) {
      await setScheme(ff, scheme);
      for (const width of WIDTHS) {
        await setSidebarWidth(ff, width);
        await picture(ff, `${state}-${width}-${scheme}`, options);
      }
    }
  };

  await show('options.html');
  await ff.until('the options page to load its settings', () =>
    ff.execute<boolean>('return document.querySelector("#base-url")?.value !== ""'),
  );
  await shoot('options');

  await show(`popup.html?tabId=${profile.tabId}`);
  await ff.textMatching('#profile-name', /^Ada Lovelace$/);
  await ff.until('Reveal to be enabled', () => ff.isEnabled({ xpath: buttonXpath('Reveal') }));
  await shoot('popup-before');
  await ff.click({ xpath: '//label[contains(., "Mobile phone")]/input' });
  await ff.clickButton('Reveal');
  await ff.textMatching('[data-testid=charged]', /Charged/);
  await shoot('popup-after');

  await show('contacts.html');
  await ff.textMatching('.library-row .library-name', /Ada Lovelace/);
  await shoot('contacts');

  await show('usage.html');
  await ff.textMatching('#totals', /^Totals$/);
  await shoot('usage');

  await show(`sidepanel.html?tabId=${profile.tabId}`);
  await ff.find('.held-large [data-item="phone"]');
  await shoot('sidepanel-contact');

  await show('sidepanel.html');
  await ff.fillLabelled('Job titles', 'Nurse');
  await shoot('sidepanel-search');
  await ff.click('#page-size option[value="10"]');
  await ff.clickButton('Search · 1 credit');
  await ff.until('10 result cards', async () => (await ff.findAll('.result-card')).length === 10);
  await shoot('sidepanel-results', { list: true });
});
