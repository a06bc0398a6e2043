import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'wxt';
import {
  geckoId,
  grantedOrigins,
  homepageUrl,
  keyPageUrl,
  notForStores,
  SIMULATOR_URL,
} from './scripts/build-settings';
import { firstLoadChunks } from './scripts/first-load-chunks';
import { buildPopupAlone, popupInOneFile } from './scripts/popup-alone';
import { PRIVACY_PAGE, renderPrivacyPage } from './scripts/privacy-page';

/**
 * The service origin granted at install time. `WXT_API_BASE_URL` points a build at the real service; without it
 * the build targets the local simulator. Any other origin is requested as an optional permission when the user saves
 * it on the options page, so the extension never holds "all sites".
 */
const apiBaseUrl = process.env.WXT_API_BASE_URL ?? SIMULATOR_URL;
/**
 * Where a user gets an API key (`WXT_API_KEY_URL`, the service's own page for it): the first run links it beside
 * "Paste your API key". Unset, the first run says to ask the service's account page or a team admin.
 */
const apiKeyUrl = keyPageUrl(process.env.WXT_API_KEY_URL);
/** The project's public address (`WXT_HOMEPAGE_URL`; a reserved `.example` placeholder without it). */
const homepage = homepageUrl(process.env.WXT_HOMEPAGE_URL);
/** Firefox's id for the add-on (`WXT_GECKO_ID`; a placeholder without it): permanent from the first upload. */
const addonId = geckoId(process.env.WXT_GECKO_ID);
const OPTIONAL_ORIGINS = ['https://*/*', 'http://*/*'];
const { version } = JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
  version: string;
};

/**
 * The Firefox versions the add-on declares. `data_collection_permissions` (Firefox's own consent for what an add-on
 * sends, required of new add-ons on addons.mozilla.org since November 2025) is understood from Firefox 140 on the
 * desktop and 142 on Android; Mozilla's linter checks both against `strict_min_version`. A `gecko_android` key
 * would mark the add-on as made for Android, which it is not (Android has no sidebar, menus or shortcuts), so the
 * one minimum is 142.
 */
const FIREFOX_MIN_VERSION = '142.0';

export default defineConfig({
  imports: false,
  manifest: ({ browser, manifestVersion }) => ({
    name: 'Candidate Lens',
    // Where the name does not fit (Chrome's app launcher; 12 characters at most).
    short_name: 'Cand. Lens',
    homepage_url: homepage,
    description: 'Find candidates and reveal their contact details on LinkedIn profiles, paid in credits.',
    // unlimitedStorage: the vault keeps every revealed contact for the retention period (365 days by default);
    // the 10 MB default quota would make a paid result fail to store.
    permissions: [
      'storage',
      'unlimitedStorage',
      'contextMenus',
      'activeTab',
      ...(browser === 'firefox' ? [] : ['sidePanel']),
    ],
    host_permissions: grantedOrigins(apiBaseUrl),
    ...(manifestVersion === 3
      ? { optional_host_permissions: OPTIONAL_ORIGINS }
      : { optional_permissions: OPTIONAL_ORIGINS }),
    // The manifest's `icons` are found by WXT in public/icon/; the toolbar button names its own two sizes. MV2 is
    // named here too: WXT fills MV2's `browser_action` from the popup before it would copy `action` over.
    [manifestVersion === 3 ? 'action' : 'browser_action']: {
      default_title: 'Candidate Lens',
      default_icon: { 16: 'icon/16.png', 32: 'icon/32.png' },
    },
    commands: {
      // MV2 (Firefox) names the toolbar button's command after `browser_action`.
      [manifestVersion === 3 ? '_execute_action' : '_execute_browser_action']: {
        suggested_key: { default: 'Alt+Shift+L' },
        description: 'Open Candidate Lens',
      },
      // The side panel beside the tab (Firefox: its sidebar, by Firefox's own command; Chrome: opened by the
      // background, see src/background/panel-command.ts).
      [browser === 'firefox' ? '_execute_sidebar_action' : 'open-side-panel']: {
        suggested_key: { default: 'Alt+Shift+K' },
        description: 'Open the Candidate Lens side panel',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: addonId,
              strict_min_version: FIREFOX_MIN_VERSION,
              // What leaves the browser, on the user's click: profile URLs (people) and search terms to the service;
              // a revealed contact to a destination the user added under Send to (personally identifying too).
              data_collection_permissions: { required: ['personallyIdentifyingInfo', 'searchTerms'] },
            },
          },
        }
      : {}),
  }),
  hooks: {
    // The popup in a build of its own, so it opens with two script files (scripts/popup-alone.ts).
    'entrypoints:grouped': (_wxt, groups) => buildPopupAlone(groups),
    // privacy.html: PRIVACY.md as a page of the extension (see scripts/privacy-page.ts).
    'build:publicAssets': (_wxt, files) => {
      const markdown = readFileSync(resolve(import.meta.dirname, 'PRIVACY.md'), 'utf8');
      files.push({ relativeDest: PRIVACY_PAGE, contents: renderPrivacyPage(markdown, version) });
    },
    'zip:done': (wxt) => {
      const warning = notForStores(apiBaseUrl, homepage, addonId);
      if (warning) wxt.logger.warn(warning);
    },
  },
  zip: {
    // What addons.mozilla.org asks for: the sources that build the add-on and how (README.md), plus the simulator
    // (sim/, `npm run sim`), so a reviewer can try the add-on without an account with the service.
    includeSources: [
      'sim/**',
      'entrypoints/**',
      'src/**',
      'public/**',
      'assets/**',
      'scripts/build-settings.ts',
      'scripts/privacy-page.ts',
      'wxt.config.ts',
      'tsconfig.json',
      'package.json',
      'package-lock.json',
      'README.md',
      'PRIVACY.md',
    ],
  },
  vite: () => ({
    define: {
      __API_BASE_URL__: JSON.stringify(apiBaseUrl),
      // A build that names its service shows its address under "Advanced"; a simulator build shows it open.
      __SERVICE_NAMED__: JSON.stringify(process.env.WXT_API_BASE_URL !== undefined),
      __API_KEY_URL__: JSON.stringify(apiKeyUrl),
    },
    // Extension pages run in browsers with native modulepreload; the polyfill would be dead weight in every page.
    build: { modulePreload: { polyfill: false } },
    // The pages' shared code in one file for each set of pages that load it when they open (scripts/first-load-chunks.ts).
    // The popup's own code in one file, in its own build (scripts/popup-alone.ts); after the pages' chunking, which it extends.
    plugins: [firstLoadChunks(), popupInOneFile()],
  }),
});
