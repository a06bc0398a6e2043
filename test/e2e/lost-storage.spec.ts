/**
 * When the browser's storage fails the user: a database the browser dropped between runs is said, never taken for a
 * first install, and the API key outlives it; a disk too full to keep an answer lets no paid call leave.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { expect, test } from './fixtures';
import { expectFitsAccessible } from './popup-checks';
import { firstRun, launchProfile, withProfileDir } from './restart';

const ADA = DEMO_PROFILES.full;

test.describe.configure({ timeout: 90_000 });

/** Reveals Ada's email from the popup's profile URL box; resolves once the popup says what it charged. */
async function revealAda(popup: Page): Promise<void> {
  await popup.getByLabel('Profile URL').fill(ADA.social_url);
  await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
}

test('a database the browser dropped between runs is said lost, and the API key is kept', async ({ sim }) => {
  await withProfileDir(async (profileDir) => {
    const first = await launchProfile(profileDir);
    await firstRun(first, sim.url);
    const popup = await first.open('popup.html');
    await revealAda(popup);
    await expect(popup.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
    const { extensionId } = first;
    await first.context.close();

    // The browser drops the extension's IndexedDB store whole (Chromium does on a full disk): every database of
    // its origin, the key's included; storage.local is a store of its own, and stays.
    const stores = join(profileDir, 'Default', 'IndexedDB');
    const dropped = readdirSync(stores).filter((name) => name.includes(extensionId));
    expect(dropped.length).toBeGreaterThan(0);
    for (const name of dropped) rmSync(join(stores, name), { recursive: true, force: true });

    const second = await launchProfile(profileDir);
    try {
      const again = await second.open('popup.html');
      const notice = again.getByTestId('lost-database');
      await expect(notice).toContainText(
        "The browser lost the extension's stored contacts (was the disk full?)",
      );
      // Never a silent fresh start: Ada is not held any more, and revealing her again is a paid call like any.
      await revealAda(again);
      // The key was kept: the call went out with it, and was charged.
      await expect(again.getByRole('link', { name: ADA.personal_email! })).toBeVisible();
      const lookups = await sim.requests('/v1/lookup');
      expect(lookups).toHaveLength(2);
      await expectFitsAccessible(again, 'the database lost, a contact revealed again');
      await again.getByRole('button', { name: 'Got it' }).click();
      await expect(notice).toHaveCount(0);
    } finally {
      await second.context.close();
    }
  });
});

/** A small disk of its own (tmpfs), or null where this machine cannot mount one (not root, or no permission). */
function smallDisk(): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'candidate-lens-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

test('on a disk too full to keep an answer, no paid call leaves and the disk is said to be full', async ({
  sim,
}) => {
  const disk = smallDisk();
  test.skip(disk === null, 'needs a tmpfs mount (run as root, or with CAP_SYS_ADMIN)');
  const profileDir = join(disk!, 'profile');
  mkdirSync(profileDir);
  const browser = await launchProfile(profileDir);
  try {
    await firstRun(browser, sim.url);
    const popup = await browser.open('popup.html');
    await popup.getByLabel('Profile URL').fill(ADA.social_url);
    // Fill the disk, leaving less than a paid answer, its ledger entry and the database's log need.
    const { bavail, bsize } = statfsSync(disk!);
    writeFileSync(join(disk!, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - 512 * 1024)));
    await popup.getByRole('button', { name: 'Reveal', exact: true }).click();
    await expect(popup.getByRole('alert')).toContainText('Your disk is almost full');
    await expect(popup.getByRole('alert')).toContainText('Nothing was sent.');
    await expect(popup.getByRole('alert')).toContainText('Free some space, then try again.');
    expect(await sim.requests('/v1/lookup')).toHaveLength(0);
    expect(await sim.balance()).toBe(10_000);
  } finally {
    await browser.kill();
    rmSync(join(disk!, 'filler'), { force: true });
    if (existsSync(disk!)) execFileSync('umount', ['-l', disk!], { stdio: 'ignore' });
    rmSync(disk!, { recursive: true, force: true });
  }
});
