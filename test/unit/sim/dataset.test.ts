import { describe, expect, it } from 'vitest';
import { buildDataset } from '../../../sim/dataset/build-dataset';
import { npiCheckDigit } from '../../../sim/dataset/contact';
import { DEMO_PROFILES, UNKNOWN_SOCIAL_URL } from '../../../sim/demo-profiles';
import { socialUrlKey } from '../../../sim/social-url';

const dataset = buildDataset();

describe('synthetic dataset', () => {
  it('is deterministic: the same seed gives the same profiles, another seed others', () => {
    const again = buildDataset();
    expect(JSON.stringify(again.profiles)).toBe(JSON.stringify(dataset.profiles));
    const other = buildDataset(7);
    expect(other.profiles.slice(0, 7)).toEqual(dataset.profiles.slice(0, 7)); // the demo profiles
    expect(
      other.profiles[10]?.name === dataset.profiles[10]?.name &&
        other.profiles[10]?.id === dataset.profiles[10]?.id,
    ).toBe(false);
  });

  it('holds at least 5,000 profiles with unique ids and slugs, demo profiles first', () => {
    const { profiles } = dataset;
    expect(profiles.length).toBeGreaterThanOrEqual(5000);
    expect(new Set(profiles.map((p) => p.id)).size).toBe(profiles.length);
    expect(new Set(profiles.map((p) => p.slug)).size).toBe(profiles.length);
    expect(profiles[0]).toBe(DEMO_PROFILES.full);
    expect(profiles.every((p) => p.social_url === `https://www.linkedin.com/in/${p.slug}`)).toBe(true);
    expect(dataset.bySlug.has(socialUrlKey(UNKNOWN_SOCIAL_URL) ?? '')).toBe(false);
  });

  it('has realistic rates: most with email, a minority with phone, a healthcare subset with NPI, some integer ids', () => {
    const { profiles } = dataset;
    const share = (test: (p: (typeof profiles)[number]) => boolean) =>
      profiles.filter(test).length / profiles.length;
    expect(share((p) => p.personal_email !== null)).toBeGreaterThan(0.7);
    expect(share((p) => p.personal_email !== null)).toBeLessThan(0.9);
    expect(share((p) => p.phone_number !== null)).toBeGreaterThan(0.25);
    expect(share((p) => p.phone_number !== null)).toBeLessThan(0.45);
    expect(share((p) => p.npi_data !== null)).toBeGreaterThan(0.05);
    expect(share((p) => p.numeric_id)).toBeGreaterThan(0.05);
    expect(profiles.filter((p) => p.numeric_id).every((p) => /^\d+$/.test(p.id))).toBe(true);
    expect(profiles.some((p) => /[^\x20-\x7e]/.test(p.name))).toBe(true);
    expect(profiles.filter((p) => p.npi_data).every((p) => p.city.country_code === 'US')).toBe(true);
  });

  it('gives every NPI number a valid check digit', () => {
    expect(npiCheckDigit('123456789')).toBe(3);
    for (const profile of dataset.profiles) {
      const npi = profile.npi_data?.npi_number;
      if (npi) expect(Number(npi[9])).toBe(npiCheckDigit(npi.slice(0, 9)));
    }
  });

  it('keeps careers consistent: current job first and open-ended, earlier jobs closed and older', () => {
    for (const profile of dataset.profiles.slice(0, 500)) {
      const [current, ...earlier] = profile.positions;
      expect(current?.end).toBeNull();
      expect(current?.title).toBe(profile.current_title);
      for (const job of earlier) expect(job.end !== null && job.start <= job.end).toBe(true);
    }
  });
});
