/**
 * A service origin the build does not grant: Save asks Firefox for that one origin, and Firefox's own prompt (a
 * doorhanger in the browser window, reached through Marionette's chrome context) decides. The origin is an https host
 * the test proxy forwards to the simulator (a service address other than this computer must be https).
 */
import type { Driver } from './driver';
import { expect, test } from './fixtures';
import { answerPrompt } from './permission-prompt';

const SERVICE = 'https://api.candidates.test';

/** Types the service's URL and a key on the options page and clicks Save (which asks for the origin). */
async function saveWithService(ff: Driver, key = 'demo-key'): Promise<void> {
  await ff.until('the options page to load its settings', () =>
    ff.execute<boolean>('return document.querySelector("#base-url")?.value !== ""'),
  );
  await ff.fillLabelled('Service address', SERVICE);
  await ff.fillLabelled('API key', key);
  await ff.clickButton('Save');
}

test('a refused prompt saves and sends nothing; an allowed one saves the connection to that one origin', async ({
  openExtensionPage,
  site,
  sim,
  ff,
  inExtension,
}) => {
  site.forward('api.candidates.test', sim.url);
  await openExtensionPage('options.html');
  await saveWithService(ff);
  expect(await answerPrompt(ff, false)).toContain('api.candidates.test');
  await ff.textMatching(
    '[role=alert]',
    /Permission to reach https:\/\/api\.candidates\.test was not granted/,
  );
  expect(await sim.requests()).toEqual([]);
  const settings = await inExtension<{ baseUrl: string } | undefined>(
    'return browser.storage.local.get("settings").then((all) => all.settings)',
  );
  expect(settings?.baseUrl ?? '').not.toContain('candidates.test');

  await ff.clickButton('Save');
  await answerPrompt(ff, true);
  await ff.textMatching('[data-testid=connected]', /10,000 credits/);
  expect((await sim.requests()).map((r) => `${r.method} ${r.path}`)).toEqual([
    'GET /v1/account',
    // Free: whether the address is a team gateway.
    'GET /v1/team/me',
  ]);
  const granted = await inExtension<{ origins: string[] }>('return browser.permissions.getAll()');
  expect(granted.origins).toContain('https://api.candidates.test/*');
  expect(granted.origins).not.toContain('https://*/*');
});
