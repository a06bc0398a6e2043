import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '../..');
const built = (target: string, file: string) => resolve(ROOT, `.output/${target}/${file}`);
const manifest = (target: string) => JSON.parse(readFileSync(built(target, 'manifest.json'), 'utf8'));
const { version } = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { version: string };

/** A PNG's width and height, from its header (the IHDR chunk right after the 8-byte signature). */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8).toString('hex'), `${path} is a PNG`).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every icon a manifest names (extension icons and the toolbar button's) is in the build, square, at its size. */
function expectIcons(target: string, icons: Record<string, string>, sizes: number[]) {
  expect(Object.keys(icons).map(Number)).toEqual(sizes);
  for (const [size, path] of Object.entries(icons)) {
    expect(pngSize(built(target, path)), `${target} ${path}`).toEqual({
      width: Number(size),
      height: Number(size),
    });
  }
}

test.describe('built manifests', () => {
  test('Chrome MV3: side panel, least host permissions, no web-accessible resources', () => {
    const m = manifest('chrome-mv3');
    expect(m.manifest_version).toBe(3);
    // activeTab: the toolbar click lets the popup know the tab's URL (a GitHub profile), with no host permission.
    expect(m.permissions).toEqual(['storage', 'unlimitedStorage', 'contextMenus', 'activeTab', 'sidePanel']);
    expect(m.host_permissions).toEqual([
      'https://*.linkedin.com/*',
      'http://127.0.0.1/*',
      'http://localhost/*',
      'https://127.0.0.1/*',
      'https://localhost/*',
    ]);
    expect(m.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
    expect(m.side_panel.default_path).toBe('sidepanel.html');
    expect(m.commands._execute_action.suggested_key.default).toBe('Alt+Shift+L');
    expect(m).not.toHaveProperty('web_accessible_resources');
    expect(JSON.stringify(m)).not.toContain('<all_urls>');
  });

  test('Chrome MV3: what the Chrome Web Store asks of the package', () => {
    const m = manifest('chrome-mv3');
    expect(m.version).toBe(version);
    expect(m.name.length).toBeLessThanOrEqual(45);
    expect(m.short_name.length).toBeLessThanOrEqual(12);
    expect(m.description.length).toBeLessThanOrEqual(132);
    expect(m.homepage_url).toMatch(/^https:\/\//);
    expectIcons('chrome-mv3', m.icons, [16, 32, 48, 128]);
    expectIcons('chrome-mv3', m.action.default_icon, [16, 32]);
    expect(readFileSync(built('chrome-mv3', 'privacy.html'), 'utf8')).toContain(
      'Candidate Lens privacy policy',
    );
  });

  test('Firefox MV2: sidebar, browser action command, gecko id, no web-accessible resources', () => {
    const m = manifest('firefox-mv2');
    expect(m.manifest_version).toBe(2);
    expect(m.permissions).toEqual([
      'storage',
      'unlimitedStorage',
      'contextMenus',
      'activeTab',
      'https://*.linkedin.com/*',
      'http://127.0.0.1/*',
      'http://localhost/*',
      'https://127.0.0.1/*',
      'https://localhost/*',
    ]);
    expect(m.optional_permissions).toEqual(['https://*/*', 'http://*/*']);
    expect(m.sidebar_action.default_panel).toBe('sidepanel.html');
    expect(m.commands._execute_browser_action.suggested_key.default).toBe('Alt+Shift+L');
    expect(m.browser_specific_settings.gecko.id).toBeTruthy();
    expect(m).not.toHaveProperty('web_accessible_resources');
  });

  test('Firefox MV2: what addons.mozilla.org asks of the package', () => {
    const m = manifest('firefox-mv2');
    expect(m.version).toBe(version);
    expect(m.homepage_url).toMatch(/^https:\/\//);
    expectIcons('firefox-mv2', m.icons, [16, 32, 48, 128]);
    expectIcons('firefox-mv2', m.browser_action.default_icon, [16, 32]);
    const gecko = m.browser_specific_settings.gecko;
    // What the add-on sends, on the user's click (Firefox's consent prompt): profile URLs and search terms.
    expect(gecko.data_collection_permissions).toEqual({
      required: ['personallyIdentifyingInfo', 'searchTerms'],
    });
    // Firefox understands data_collection_permissions from 140 on the desktop and 142 on Android.
    expect(Number.parseInt(gecko.strict_min_version, 10)).toBeGreaterThanOrEqual(142);
    // No gecko_android: that key would list the add-on for Android, which has no sidebar or menus.
    expect(m.browser_specific_settings).not.toHaveProperty('gecko_android');
    expect(readFileSync(built('firefox-mv2', 'privacy.html'), 'utf8')).toContain(
      'Candidate Lens privacy policy',
    );
  });
});
