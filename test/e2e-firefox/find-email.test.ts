/**
 * Finding a person from an email address in Firefox: a right-click on a `mailto:` link opens Firefox's own context
 * menu (a real right-click, through Marionette's pointer actions), and "Find this person" is chosen in it (from
 * the browser window, as a user's click does); the side panel page then says the price, sends one search by the
 * address on the click of Find, and reveals the exact match.
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { expect, test } from './fixtures';
import { inChrome } from './sidebar-panel';

const ADA = DEMO_PROFILES.full;
const PAGE = 'https://www.linkedin.com/company/analytical-engines/about/';
const HTML = `<!doctype html><html lang="en"><title>About</title><main>
  <p><a id="mail" href="mailto:${ADA.personal_email}?subject=Hello">Write to our lead engineer</a></p>
</main></html>`;

test('right-click a mailto: link, "Find this person": priced in the panel, one search by the address, the exact match revealed', async ({
  connect,
  openTab,
  openExtensionPage,
  site,
  ff,
  sim,
}) => {
  await connect();
  site.route('/company/analytical-engines/about/', HTML);
  await openTab(PAGE);
  const link = await ff.find('#mail');
  await ff.command('WebDriver:PerformActions', {
    actions: [
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', origin: link, x: 0, y: 0 },
          { type: 'pointerDown', button: 2 },
          { type: 'pointerUp', button: 2 },
        ],
      },
    ],
  });
  // The extension's item in Firefox's content context menu (its own, or under the extension's submenu).
  await ff.until('"Find this person" in the context menu', () =>
    inChrome<boolean>(
      ff,
      `const menu = window.document.getElementById('contentAreaContextMenu');
      if (menu.state !== 'open') return false;
      const item = [...menu.querySelectorAll('menuitem')].find((i) => i.label === 'Find this person' && !i.hidden);
      if (!item) return false;
      menu.activateItem(item);
      return true;`,
    ),
  );

  await openExtensionPage('sidepanel.html');
  await ff.until('the email field to hold the address', () =>
    ff.execute<boolean>(
      `return document.querySelector('#find-email')?.value === arguments[0]`,
      ADA.personal_email,
    ),
  );
  expect(await ff.text('[data-testid=find-cost]')).toBe('Costs 1 credit if found, nothing if not.');
  expect(await sim.requests('/v1/search')).toEqual([]);

  await ff.clickButton('Find · 1 credit if found');
  await ff.textMatching('[data-testid=match-reason]', /^Exact match: The service found this email address/);
  expect((await sim.requests('/v1/search')).map((r) => r.body)).toEqual([
    { search_criteria: { email: [ADA.personal_email] }, page_size: 10, start: 1 },
  ]);
  await ff.textMatching('[data-testid=find-charged]', /^This search cost 1 credit\.$/);
  await ff.clickButton('Reveal · up to 3 credits');
  await ff.textMatching(
    'article[aria-label="Revealed contact"]',
    new RegExp(ADA.personal_email!.replace('.', '\\.')),
  );
  expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  expect(await sim.requests('/v1/search')).toHaveLength(1);
});
