import { describe, expect, it } from 'vitest';
import { EU_RULE_COUNTRIES, normalisePlace, regionOf } from '../../../src/retention/region';

describe('the retention region of a location as LinkedIn or the service writes it', () => {
  it.each([
    // Country last, as LinkedIn writes it
    ['Berlin, Germany', 'eu'],
    ['London Area, United Kingdom', 'eu'],
    ['Dublin, County Dublin, Ireland', 'eu'],
    ['Zürich, Switzerland', 'eu'],
    ['Oslo, Norway', 'eu'],
    ['Reykjavík, Iceland', 'eu'],
    ['Vaduz, Liechtenstein', 'eu'],
    ['New York, New York, United States', 'elsewhere'],
    ['Toronto, Ontario, Canada', 'elsewhere'],
    ['Bengaluru, Karnataka, India', 'elsewhere'],
    ['Paris, Texas, United States', 'elsewhere'],
    ['Istanbul, Türkiye', 'elsewhere'],
    // Local names of countries
    ['München, Bayern, Deutschland', 'eu'],
    ['Warszawa, Mazowieckie, Polska', 'eu'],
    ['Niemcy', 'eu'],
    ['España', 'eu'],
    ['Sverige', 'eu'],
    ['Ελλάδα', 'eu'],
    ['Magyarország', 'eu'],
    ['Schweiz', 'eu'],
    ['Nederland', 'eu'],
    ['Éire', 'eu'],
    ['Brasil', 'elsewhere'],
    ['Estados Unidos', 'elsewhere'],
    ['USA', 'elsewhere'],
    ['UK', 'eu'],
    // Regions and metropolitan areas with no country
    ['Île-de-France', 'eu'],
    ['Greater Paris Metropolitan Region', 'eu'],
    ['Greater Manchester', 'eu'],
    ['Randstad, Netherlands', 'eu'],
    ['EMEA', 'eu'],
    ['San Francisco Bay Area', 'elsewhere'],
    ['Greater Seattle Area', 'elsewhere'],
    ['Dallas-Fort Worth Metroplex', 'elsewhere'],
    ['Austin, TX', 'elsewhere'],
    // Nothing recognised: the strictest rule's
    ['', 'unknown'],
    ['   ', 'unknown'],
    ['Remote', 'unknown'],
    ['Earth', 'unknown'],
    // DE is Delaware's two letters and Germany's code: not told apart, so unknown
    ['Wilmington, DE', 'unknown'],
  ] as const)('%j is %s', (location, region) => {
    expect(regionOf(location)).toBe(region);
  });

  it('says unknown for no location at all', () => {
    expect(regionOf(undefined)).toBe('unknown');
    expect(regionOf(null)).toBe('unknown');
  });

  it('names every country of the EU rule, in English and in its own language', () => {
    const english = new Intl.DisplayNames(['en'], { type: 'region' });
    expect(EU_RULE_COUNTRIES).toHaveLength(32);
    for (const code of EU_RULE_COUNTRIES) expect(regionOf(english.of(code)), code).toBe('eu');
  });

  it('reads accents, case and punctuation alike', () => {
    expect(normalisePlace('  Île-de-FRANCE ')).toBe('ile de france');
    expect(regionOf('ILE DE FRANCE')).toBe('eu');
    expect(regionOf('koln')).toBe('eu');
  });

  it('gives a place named on both sides the strictest rule', () => {
    // "Paris" is a French city and a town in Texas: without a country it is the EU rule's.
    expect(regionOf('Paris, Texas')).toBe('eu');
  });
});
