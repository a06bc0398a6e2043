import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const manifest = (target: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../../.output/${target}/manifest.json`), 'utf8'));

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
    ]);
    expect(m.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
    expect(m.side_panel.default_path).toBe('sidepanel.html');
    expect(m.commands._execute_action.suggested_key.default).toBe('Alt+Shift+L');
    expect(m).not.toHaveProperty('web_accessible_resources');
    expect(JSON.stringify(m)).not.toContain('<all_urls>');
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
    ]);
    expect(m.optional_permissions).toEqual(['https://*/*', 'http://*/*']);
    expect(m.sidebar_action.default_panel).toBe('sidepanel.html');
    expect(m.commands._execute_browser_action.suggested_key.default).toBe('Alt+Shift+L');
    expect(m.browser_specific_settings.gecko.id).toBeTruthy();
    expect(m).not.toHaveProperty('web_accessible_resources');
  });
});
