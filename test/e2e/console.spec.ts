/**
 * The team console, in real Chromium, against the gateway on PGlite: the admin signs in with the link the command
 * line prints, invites Carol and caps her day at 50 credits; Carol's extension joins with the invitation and reveals
 * three people; the console shows her spend and the three reveals in the audit log; the admin revokes her, and her
 * next reveal is refused in plain words. (The console on PostgreSQL is the gateway tests' part.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../../gateway/cli/commands';
import type { Database } from '../../gateway/db/database';
import { migrate } from '../../gateway/db/migrations';
import { openDatabase } from '../../gateway/db/open';
import { type RunningGateway, startGateway } from '../../gateway/server/serve';
import { setTeamName } from '../../gateway/team';
import { createUpstream } from '../../gateway/upstream';
import { type RunningSimulator, startSimulator } from '../../sim/server';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { expectPlainWords } from './plain-words';

const SERVICE_KEY = 'svc-console-e2e-5b0c7e21';

test.describe('the team console', () => {
  let dataDir: string;
  let db: Database;
  let sim: RunningSimulator;
  let gateway: RunningGateway;

  test.beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
    db = await openDatabase({ dataDir });
    await migrate(db);
    sim = await startSimulator({
      port: 0,
      keys: { [SERVICE_KEY]: { remaining: 10_000, purchased: 10_000, active: true } },
    });
    gateway = await startGateway({
      db,
      upstream: createUpstream({ baseUrl: sim.url, apiKey: SERVICE_KEY }),
      serviceKey: SERVICE_KEY,
      logSink: () => {},
    });
    await setTeamName(db, 'Acme Recruiting');
  });

  test.afterEach(async () => {
    await gateway.close();
    await sim.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the admin invites and caps Carol, sees her three reveals and her spend, and revokes her', async ({
    context,
    openExtensionPage,
  }) => {
    test.setTimeout(120_000);
    // The admin signs in with the link `npm run gateway -- admin link` prints.
    const printed = (
      await runCommand(db, ['admin', 'link', '--name', 'Dana Reyes', '--url', gateway.url])
    ).lines.at(-1)!;
    const admin = await context.newPage();
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(printed);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await expect(admin.getByText('Dana Reyes · Acme Recruiting')).toBeVisible();

    // Invites Carol: the invitation to copy.
    await admin.getByLabel('Name', { exact: true }).fill('Carol Diaz');
    await admin.getByRole('button', { name: 'Invite' }).click();
    const invitation = await admin.getByTestId('invitation').inputValue();
    expect(invitation).toMatch(/^cl-invite-1\./);
    await expectAccessible(admin, 'console: the invitation shown');
    await admin.getByRole('button', { name: 'Done' }).click();

    // Sets her daily cap to 50.
    const carolCard = admin.locator('[data-testid="member"][data-name="Carol Diaz"]');
    await carolCard.getByRole('button', { name: 'Caps: Carol Diaz' }).click();
    await carolCard.getByLabel('Daily cap (credits)').fill('50');
    await carolCard.getByRole('button', { name: 'Save caps' }).click();
    await expect(admin.getByRole('status')).toHaveText(
      'Carol Diaz’s caps are saved; they hold from the next request.',
    );
    await expect(carolCard.getByTestId('spent-today')).toHaveText('0 of 50 credits');

    // Carol's extension joins with the invitation.
    const options = await openExtensionPage('options.html');
    await options.getByLabel('API key').fill(invitation);
    // The options page shows where the invitation leads; its own Connect takes it.
    await options.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(options.getByTestId('team-member')).toContainText('Carol Diaz · Acme Recruiting');
    await expect(options.getByTestId('team-member')).toContainText('50 credits a day');

    // She reveals three people from a search in the side panel.
    const panel = await openExtensionPage('sidepanel.html');
    await panel.setViewportSize({ width: 320, height: 900 });
    await panel.getByRole('tab', { name: 'Free text' }).click();
    await panel.getByLabel('Free text').fill('Software engineers in London with 5+ years of experience');
    await panel.getByRole('button', { name: /^Search ·/ }).click();
    const rows = panel.getByTestId('result-row');
    await expect(rows.nth(3)).toBeVisible();
    for (const i of [0, 1, 2]) {
      await rows
        .nth(i)
        .getByRole('button', { name: /^Reveal · up to 3 credits/ })
        .click();
      await expect(rows.nth(i).getByRole('link', { name: /@/ })).toBeVisible();
    }

    // The console shows her spend against her cap, and three reveals in the audit log.
    const [spent] = await db.query<{ today: number }>(
      `select coalesce(sum(credits), 0)::int as today from ledger l join members m on m.id = l.member_id
       where m.name = 'Carol Diaz' and l.status = 'charged'`,
    );
    const today = spent!.today;
    expect(today).toBeGreaterThanOrEqual(9);
    await admin.reload();
    await expect(carolCard.getByTestId('spent-today')).toHaveText(`${today} of 50 credits`);
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.getByRole('combobox', { name: /^Member/ }).selectOption({ label: 'Carol Diaz' });
    await admin.getByRole('combobox', { name: /^Kind/ }).selectOption({ label: 'Reveal' });
    await admin.getByRole('button', { name: 'Filter' }).click();
    const reveals = admin.locator('[data-testid="audit-entry"][data-kind="reveal"]');
    await expect(reveals).toHaveCount(3);
    await expect(reveals.first()).toContainText('Carol Diaz');
    await expect(reveals.first()).toContainText('email for 3 credits');
    await expectAccessible(admin, 'console: the audit log filtered');
    await expectPlainWords(admin, 'console: the audit log filtered');

    // The admin revokes her.
    await admin.getByRole('link', { name: 'Members' }).click();
    await carolCard.getByRole('button', { name: 'Revoke: Carol Diaz' }).click();
    await carolCard.getByRole('button', { name: 'Revoke Carol Diaz' }).click();
    await expect(admin.getByRole('status')).toHaveText(
      'Carol Diaz is revoked: their next request is refused.',
    );

    // The other two screens, axe-clean too: her credits in the team's usage; no destinations yet.
    await admin.getByRole('link', { name: 'Usage' }).click();
    await expect(admin.getByTestId('usage-total')).toHaveText(`Team total: ${today} credits`);
    await expectAccessible(admin, 'console: usage');
    await admin.getByRole('link', { name: 'Destinations' }).click();
    await expect(admin.getByRole('button', { name: 'Check and set' })).toBeVisible();
    await expectAccessible(admin, 'console: destinations');

    // Her next reveal is refused, in plain words, and nothing was charged.
    const lookups = sim.state.requests.list('/v1/lookup').length;
    await rows
      .nth(3)
      .getByRole('button', { name: /^Reveal · up to 3 credits/ })
      .click();
    const refusal = panel.getByRole('alert');
    await expect(refusal).toContainText('It may be mistyped, or no longer active.');
    await expectPlainWords(panel, 'side panel: a revoked member reveals');
    expect(sim.state.requests.list('/v1/lookup')).toHaveLength(lookups);
  });
  test('the admin lists a person do-not-contact, checks them, forgets another and exports what is held', async ({
    context,
  }) => {
    test.setTimeout(90_000);
    const printed = (
      await runCommand(db, ['admin', 'link', '--name', 'Dana Reyes', '--url', gateway.url])
    ).lines.at(-1)!;
    const admin = await context.newPage();
    await admin.setViewportSize({ width: 400, height: 900 });
    await admin.goto(printed);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('link', { name: 'Do not contact' }).click();
    await expect(admin.getByText('Nobody is on the list.')).toBeVisible();

    const add = admin.getByRole('form', { name: 'Add a person' });
    await add.getByLabel('LinkedIn profile address').fill('https://uk.linkedin.com/in/Ada-Lovelace-Demo/');
    await add.getByLabel('Email addresses (one a line)').fill('Ada@Example.com');
    await add.getByLabel('Why').selectOption({ label: 'Asked to be erased' });
    await add.getByRole('button', { name: 'Add to the list' }).click();
    await expect(admin.getByRole('status')).toHaveText('Added to the do-not-contact list.');
    const entry = admin.getByTestId('dnc-entry');
    await expect(entry).toContainText('Asked to be erased');
    await expect(entry).toContainText('Dana Reyes');
    await expect(entry).toContainText('profile address, 1 email');
    // The list shows no address: it holds none.
    await expect(entry).not.toContainText('ada');

    await add.getByLabel('Email addresses (one a line)').fill('ada@example.com');
    await add.getByRole('button', { name: 'Check' }).click();
    await expect(admin.getByRole('status')).toContainText(
      'On the list: Asked to be erased. Added by Dana Reyes',
    );
    await add.getByLabel('Email addresses (one a line)').fill('not an email');
    await add.getByRole('button', { name: 'Add to the list' }).click();
    await expect(admin.getByRole('alert')).toContainText('"not" is not an email address.');

    const forget = admin.getByRole('form', { name: 'Forget a person' });
    await forget.getByLabel('LinkedIn profile address').fill('https://www.linkedin.com/in/jose-alvarez-demo');
    admin.once('dialog', (dialog) => void dialog.accept());
    await forget.getByRole('button', { name: 'Forget this person' }).click();
    await expect(forget.getByRole('status')).toContainText('The team vault held nothing of this person');
    await expect(entry).toHaveCount(2);

    const exporting = admin.getByRole('region', { name: 'What the team holds about a person' });
    await exporting
      .getByLabel('LinkedIn profile address')
      .fill('https://www.linkedin.com/in/ada-lovelace-demo');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      exporting.getByRole('link', { name: 'Download as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('what-we-hold.csv');

    for (const scheme of ['light', 'dark'] as const) {
      await admin.emulateMedia({ colorScheme: scheme });
      await expectAccessible(admin, `console: do not contact, ${scheme}`);
      await expectPlainWords(admin, `console: do not contact, ${scheme}`);
      for (const width of [400, 1280]) {
        await admin.setViewportSize({ width, height: 900 });
        await admin.screenshot({ path: `test-results/console-dnc-${width}-${scheme}.png`, fullPage: true });
      }
    }
    await entry.first().getByRole('button', { name: 'Take off the list' }).click();
    await admin.getByRole('button', { name: 'Take off', exact: true }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Taken off' })).toHaveText(
      'Taken off the do-not-contact list.',
    );
    await expect(entry).toHaveCount(1);
  });

  test('the admin reads the retention rules in plain words, sets them, and applies them: an EU person of 31 days goes', async ({
    context,
  }) => {
    // Held by the team for 31 days, never sent: one in Berlin, one in Austin.
    await runCommand(db, ['member', 'add', 'Carol Diaz']);
    for (const [slug, location] of [
      ['lena-vogel', 'Berlin, Germany'],
      ['maria-lopez', 'Austin, Texas, United States'],
    ] as const) {
      await db.query(
        `with p as (insert into people (social_url, name, location) values ($1, $2, $3) returning id)
         insert into held_items (person_id, item, found, value, member_id, at)
         select p.id, 'email', true, to_jsonb($2::text), (select min(id) from members), now() - interval '31 days' from p`,
        [`https://www.linkedin.com/in/${slug}`, slug, location],
      );
    }
    await db.query(`update retention_rules set since = now() - interval '1 year'`);
    const printed = (
      await runCommand(db, ['admin', 'link', '--name', 'Dana Reyes', '--url', gateway.url])
    ).lines.at(-1)!;
    const admin = await context.newPage();
    await admin.setViewportSize({ width: 400, height: 900 });
    await admin.goto(printed);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('link', { name: 'Retention' }).click();
    const screen = admin.getByRole('region', { name: 'Retention of the team vault' });
    await expect(screen.getByRole('listitem')).toHaveText([
      /^EU rule: people in the EU, the EEA, the UK and Switzerland, and anyone whose location is not known, are removed 30 days after .* unless a member sent them to a destination\.$/,
      'Everyone else is kept until erased.',
    ]);

    await screen.getByLabel('EU rule: keep for (days, 1 to 30)').fill('45');
    await screen.getByRole('button', { name: 'Save the rules' }).click();
    await expect(admin.getByRole('alert')).toHaveText('Keep people under the EU rule 1 to 30 days.');
    await screen.getByLabel('EU rule: keep for (days, 1 to 30)').fill('30');
    await screen.getByLabel('Everyone: keep for (days; empty: until erased)').fill('365');
    await screen.getByRole('button', { name: 'Save the rules' }).click();
    await expect(screen.getByRole('status')).toHaveText(
      'Saved: the EU rule keeps people 30 days unless sent; everyone is kept 365 days. The next hourly run applies them.',
    );
    await expect(screen.getByRole('listitem').nth(1)).toHaveText(
      'Everyone, sent or not, is removed 365 days after the team last revealed something of them.',
    );

    await screen.getByRole('button', { name: 'Apply the rules now' }).click();
    await expect(screen.getByRole('status')).toHaveText(
      'Retention: removed 1 person from the team vault (EU rule: 1, general rule: 0; 1 item(s)).',
    );
    expect(await db.query('select social_url from people')).toEqual([
      { social_url: 'https://www.linkedin.com/in/maria-lopez' },
    ]);
    for (const scheme of ['light', 'dark'] as const) {
      await admin.emulateMedia({ colorScheme: scheme });
      await expectAccessible(admin, `console: retention, ${scheme}`);
      await expectPlainWords(admin, `console: retention, ${scheme}`);
      for (const width of [320, 400]) {
        await admin.setViewportSize({ width, height: 900 });
        await admin.screenshot({
          path: `test-results/console-retention-${width}-${scheme}.png`,
          fullPage: true,
        });
      }
    }

    // The audit log says the removal by its rule, and the change of the rules by whom.
    await admin.getByRole('link', { name: 'Audit log' }).click();
    const log = admin.locator('tbody');
    await expect(log.getByText('Removed by retention')).toBeVisible();
    await expect(log.getByText('Retention: EU rule')).toBeVisible();
    await expect(log.getByText('Retention rules changed')).toBeVisible();
  });
});
