import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { careerDate } from '../../src/ui/words/age';
import { expect, test } from './fixtures';

const NURSE = DEMO_PROFILES.nurse;
const ALL_ITEMS = ['Personal email', 'Mobile phone', 'Detailed profile', 'Healthcare data'] as const;

test.describe('popup results', () => {
  test('all four items of the healthcare profile: charge, balance, every section, NPI, tel link, copy', async ({
    connect,
    context,
    openExtensionPage,
    sim,
  }) => {
    // Chromium refuses an origin for chrome-extension:// pages ("opaque origin"): grant for every page instead.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await connect();
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Profile URL').fill(NURSE.social_url);
    await expect(popup.getByTestId('reveal-status')).toHaveText('Not revealed yet');
    for (const item of ALL_ITEMS) await popup.getByLabel(item).check();
    // 3 + 6 + 1 + 1: the most it can cost, before the click.
    await expect(popup.getByTestId('max-cost')).toContainText('Costs at most 11 credits');
    await popup.getByRole('button', { name: 'Reveal' }).click();

    const card = popup.getByRole('article', { name: 'Revealed contact' });
    await expect(card.locator('[data-item="healthcare_profile"]')).toBeVisible();

    // What was asked, what the simulator charged, and what the popup says it charged agree.
    const lookups = await sim.requests('/v1/lookup');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.body).toEqual({
      social_url: NURSE.social_url,
      reveal_personal_email: true,
      reveal_phone: true,
      reveal_detailed_person_enrichment: true,
      reveal_healthcare_enrichment: true,
    });
    const charged = lookups[0]!.charged;
    expect(charged).toBe(11);
    await expect(popup.getByTestId('charged')).toContainText(`Charged ${charged} ·`);
    const balance = 10_000 - charged;
    expect(await sim.balance()).toBe(balance);
    await expect(popup.getByTestId('balance')).toHaveText(`Balance ${balance.toLocaleString('en-US')}`);
    // Right after the click the status speaks of this reveal; every item is held, so the form has folded away.
    await expect(popup.getByTestId('reveal-status')).toHaveText('Revealed just now');
    await expect(popup.getByRole('button', { name: 'Reveal' })).toHaveCount(0);

    // Email and phone links.
    await expect(card.getByRole('link', { name: NURSE.personal_email! })).toHaveAttribute(
      'href',
      `mailto:${NURSE.personal_email}`,
    );
    const phoneLink = card.getByRole('link', { name: NURSE.phone_number! });
    await expect(phoneLink).toHaveAttribute('href', 'tel:+16175550123');
    expect(await phoneLink.getAttribute('href')).toBe(`tel:${NURSE.phone_number!.replace(/[^\d+]/g, '')}`);

    // Detailed profile: the four sections, with the demo profile's data.
    // Detailed profile: folded under its name (the popup fits 600 px), the four sections once opened.
    const detailed = card.locator('[data-item="detailed_profile"]');
    await detailed.getByText('Detailed profile').click();
    const section = (title: string) =>
      detailed.locator('section').filter({ has: popup.getByRole('heading', { name: title, exact: true }) });
    await expect(detailed.getByRole('heading')).toHaveText([
      'Skills',
      'Experience',
      'Education',
      'Job history',
    ]);
    await expect(section('Skills').getByRole('listitem')).toHaveText([...NURSE.skills]);
    const experience = section('Experience').getByRole('listitem');
    await expect(experience).toHaveCount(NURSE.positions.length);
    for (const [i, position] of NURSE.positions.entries()) {
      await expect(experience.nth(i)).toContainText(position.title);
      await expect(experience.nth(i)).toContainText(position.company.name);
      // Career dates as people write them: "2020-07" reads "Jul 2020".
      await expect(experience.nth(i)).toContainText(careerDate(position.start));
    }
    const education = section('Education').getByRole('listitem');
    await expect(education).toHaveCount(1);
    const school = NURSE.education[0]!;
    for (const value of [
      school.school,
      school.degree,
      school.major,
      `${school.start_year}`,
      `${school.end_year}`,
    ]) {
      await expect(education).toContainText(value);
    }
    // Job history items are { company, title, start_date, end_date }: each value shown (the order: see the test below).
    const history = section('Job history').getByRole('listitem');
    await expect(history).toHaveCount(NURSE.positions.length);
    for (const [i, position] of NURSE.positions.entries()) {
      for (const value of [
        position.company.name,
        position.title,
        careerDate(position.start),
        careerDate(position.end ?? position.start),
      ]) {
        await expect(history.nth(i)).toContainText(value);
      }
    }

    // NPI data, as the demo profile holds it.
    await card.getByText('Healthcare data', { exact: true }).click();
    const npi = card.locator('dl.npi');
    const data = NURSE.npi_data!;
    await expect(npi.locator('dt')).toHaveText(['NPI', 'License', 'Specialty', 'Credentials']);
    await expect(npi.locator('dd')).toHaveText([
      data.npi_number!,
      `${data.license_number} (${data.license_state})`,
      data.specialty!,
      data.credentials!,
    ]);
    expect(data).toEqual({
      npi_number: '1234567893',
      license_number: 'RN482913',
      license_state: 'MA',
      specialty: 'Critical Care',
      credentials: 'RN, BSN',
    });

    // Copy email puts the email itself on the clipboard.
    await popup.evaluate(() => navigator.clipboard.writeText('something else'));
    const copy = card.getByRole('button', { name: 'Copy email' });
    await copy.click();
    // Its name follows its text ("Copied email"), so the locator by the old name no longer matches.
    await expect(card.getByRole('button', { name: 'Copied email' })).toHaveText('Copied email');
    expect(await popup.evaluate(() => navigator.clipboard.readText())).toBe(NURSE.personal_email);
    expect(await sim.requests('/v1/lookup')).toHaveLength(1);
  });

  // chrome.storage.local hands objects back with their keys sorted, so the vault cannot keep the service's field
  // order: items are written in a reading order of their own (src/ui/components/contact-card.tsx, describeItem).
  test('detailed profile items read in a sensible order, whatever order storage gives their fields', async ({
    connect,
    openExtensionPage,
  }) => {
    await connect();
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Profile URL').fill(NURSE.social_url);
    for (const item of ALL_ITEMS) await popup.getByLabel(item).uncheck();
    await popup.getByLabel('Detailed profile').check();
    await popup.getByRole('button', { name: 'Reveal' }).click();
    const detailed = popup.locator('[data-item="detailed_profile"]');
    await detailed.getByText('Detailed profile').click();
    const section = (title: string) =>
      detailed.locator('section').filter({ has: popup.getByRole('heading', { name: title, exact: true }) });
    await expect(section('Job history').getByRole('listitem')).toHaveText(
      [
        // The simulator sends { company, title, start_date, end_date }; a null end date is the current job.
        'Registered Nurse at Brightpath Health, Jul 2020 – present',
        'Staff Nurse at Harborview Community Hospital, Jun 2017 – Jun 2020',
      ],
      { timeout: 3000 },
    );
    await expect(section('Education').getByRole('listitem')).toHaveText(
      // { school, degree, degree_abbreviation, major, start_year, end_year }
      'Bachelor of Science in Nursing, Northeastern University, 2013 – 2017',
      { timeout: 1000 },
    );
  });

  test('Reveal is disabled with the reason: no API key set, said once with the way to Options', async ({
    openExtensionPage,
    sim,
  }) => {
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Profile URL').fill(NURSE.social_url);
    await popup.getByLabel('Personal email').check();
    const notice = 'No API key yet. Set up your key in Options';
    await expect(popup.locator('#no-key')).toHaveText(notice);
    const reveal = popup.getByRole('button', { name: 'Reveal' });
    await expect(reveal).toBeDisabled();
    await expect(reveal).toHaveAccessibleDescription(notice);
    await expect(popup.getByText(/API key/).filter({ visible: true })).toHaveCount(1);
    await expect(popup.locator('#reveal-reason')).toHaveCount(0);
    expect(await sim.requests()).toEqual([]);
  });

  test('Reveal is disabled with the reason: nothing ticked', async ({ connect, openExtensionPage, sim }) => {
    await connect();
    const popup = await openExtensionPage('popup.html');
    const reveal = popup.getByRole('button', { name: 'Reveal' });
    await expect(popup.locator('#reveal-reason')).toHaveText(
      'Open a LinkedIn profile or paste a profile URL.',
    );
    await popup.getByLabel('Profile URL').fill(NURSE.social_url);
    await popup.getByLabel('Personal email').check();
    await expect(reveal).toBeEnabled();
    await expect(popup.locator('#reveal-reason')).toHaveCount(0);

    for (const item of ALL_ITEMS) await popup.getByLabel(item).uncheck();
    for (const item of ALL_ITEMS) await expect(popup.getByLabel(item)).not.toBeChecked();
    await expect(reveal).toBeDisabled();
    await expect(popup.locator('#reveal-reason')).toHaveText('Choose at least one item to reveal.');
    await expect(reveal).toHaveAccessibleDescription('Choose at least one item to reveal.');
    await expect(popup.getByTestId('max-cost')).toContainText('Costs nothing');

    // Ticking one again enables it and the reason goes.
    await popup.getByLabel('Healthcare data').check();
    await expect(reveal).toBeEnabled();
    await expect(popup.locator('#reveal-reason')).toHaveCount(0);
    expect(await sim.requests('/v1/lookup')).toEqual([]);
  });
});
