/**
 * The first step of many journeys: a contact revealed the way a recruiter does it first, from the popup, by pasting
 * the profile URL and clicking Reveal with the default options (the email: 3 credits for a demo profile).
 */
import { expect, type Page } from '@playwright/test';

/** Reveals `socialUrl` from a new popup and waits for the charge to show; resolves with that popup, still open. */
export async function revealByUrl(
  openExtensionPage: (path: string) => Promise<Page>,
  socialUrl: string,
  charged: string | RegExp = 'Charged 3 ·',
): Promise<Page> {
  const popup = await openExtensionPage('popup.html');
  await popup.getByLabel('Profile URL').fill(socialUrl);
  await popup.getByRole('button', { name: 'Reveal' }).click();
  await expect(popup.getByTestId('charged')).toContainText(charged);
  return popup;
}
