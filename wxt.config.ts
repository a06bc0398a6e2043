import { defineConfig } from 'wxt';

/**
 * The service origin granted at install time. `WXT_API_BASE_URL` points a build at the real service; without it
 * the build targets the local simulator. Any other origin is requested as an optional permission when the user saves
 * it on the options page, so the extension never holds "all sites".
 */
const apiBaseUrl = process.env.WXT_API_BASE_URL ?? 'http://127.0.0.1:8787';
const { protocol, hostname } = new URL(apiBaseUrl);
/** Match patterns ignore the port, so this covers the service on any port. */
const apiOrigin = `${protocol}//${hostname}/*`;

const LINKEDIN = ['https://*.linkedin.com/*'];
/** Loopback (any port) so the simulator is reachable in development and tests. */
const LOOPBACK = ['http://127.0.0.1/*', 'http://localhost/*'];
const OPTIONAL_ORIGINS = ['https://*/*', 'http://*/*'];

export default defineConfig({
  imports: false,
  manifest: ({ browser, manifestVersion }) => ({
    name: 'Candidate Lens',
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
    host_permissions: [...new Set([...LINKEDIN, ...LOOPBACK, apiOrigin])],
    ...(manifestVersion === 3
      ? { optional_host_permissions: OPTIONAL_ORIGINS }
      : { optional_permissions: OPTIONAL_ORIGINS }),
    action: { default_title: 'Candidate Lens' },
    commands: {
      // MV2 (Firefox) names the toolbar button's command after `browser_action`.
      [manifestVersion === 3 ? '_execute_action' : '_execute_browser_action']: {
        suggested_key: { default: 'Alt+Shift+L' },
        description: 'Open Candidate Lens',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'candidate-lens@example.org',
              strict_min_version: '115.0',
              // What goes to the service, on the user's click: profile URLs (people) and search terms.
              data_collection_permissions: { required: ['personallyIdentifyingInfo', 'searchTerms'] },
            },
          },
        }
      : {}),
  }),
  vite: () => ({
    define: { __API_BASE_URL__: JSON.stringify(apiBaseUrl) },
    // Extension pages run in browsers with native modulepreload; the polyfill would be dead weight in every page.
    build: { modulePreload: { polyfill: false } },
  }),
});
