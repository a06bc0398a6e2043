/**
 * Which retention region a person's location is in, from the location text LinkedIn or the service gave ("Berlin,
 * Germany", "London Area, United Kingdom", "Île-de-France", "San Francisco Bay Area"): `eu` (the European Union,
 * the rest of the European Economic Area, the United Kingdom and Switzerland, whose data-protection laws set the
 * EU rule), `elsewhere`, or `unknown` (nothing recognised; the rules treat it as the strictest region).
 *
 * Country names come from the runtime's own ICU data (`Intl.DisplayNames`, in every browser the extension supports
 * and in Node) in English and the languages of Europe and of the largest non-European markets, rather than from a
 * home-made list of 250 countries × 35 languages that would drift from the standard: "Deutschland", "Allemagne",
 * "Niemcy" and "Germany" all name DE. What ICU has no names for (regions, cities, US states) is listed beside it
 * (`eu-places.ts`, `elsewhere-places.ts`; the countries and languages read in `countries.ts`), and only
 * where the name is not also a place in the other group: a name that could be either is left out, so it reads as
 * unknown and gets the strictest rule. A part that names a country decides; otherwise the most specific part that is
 * recognised does.
 */

import { COUNTRY_ALIASES, EU_RULE_COUNTRIES, LANGUAGES, MARKETS, NOT_COUNTRIES } from './countries';
import { ELSEWHERE_PLACES, US_STATE_CODES } from './elsewhere-places';
import { EU_PLACES } from './eu-places';

export { EU_RULE_COUNTRIES } from './countries';

export type Region = 'eu' | 'elsewhere' | 'unknown';

/** Lower case, accents and punctuation dropped, spaces single: "Île-de-France" is "ile de france". */
export function normalisePlace(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words LinkedIn puts around a place ("Greater Paris Metropolitan Region", "London Area"). */
const AROUND =
  /^(?:greater |the greater |metro |metropolitan )|(?: metropolitan area| metropolitan region| metro area| city area| area| region| metro| metroplex)$/;

function stripped(part: string): string {
  let text = part;
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(AROUND, '').trim();
  }
  return text;
}

interface Names {
  countries: Map<string, string>;
  places: Map<string, Region>;
}
let names: Names | null = null;

/** Built once, on first use: about 3,000 names from ICU (tens of milliseconds). */
function namesNow(): Names {
  if (names) return names;
  const eu = new Set(EU_RULE_COUNTRIES);
  const countries = new Map<string, string>();
  const codes: string[] = [];
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const add = (key: string, code: string) => {
    if (key === '') return;
    const had = countries.get(key);
    // A name two countries share in some language decides nothing unless both are on the same side.
    if (had === undefined) countries.set(key, code);
    else if (had !== code && eu.has(had) !== eu.has(code)) countries.set(key, 'EU?');
  };
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!NOT_COUNTRIES.has(code) && english.of(code)) codes.push(code);
    }
  }
  // Every country in English; the EU rule's countries and the largest markets elsewhere in every language listed
  // (a country named in a language not listed reads as unknown: the strictest rule).
  for (const code of codes) add(normalisePlace(english.of(code) ?? ''), code);
  const named = [...EU_RULE_COUNTRIES, ...MARKETS];
  for (const language of LANGUAGES) {
    let display: Intl.DisplayNames;
    try {
      display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      continue;
    }
    for (const code of named) add(normalisePlace(display.of(code) ?? ''), code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) countries.set(alias, code);
  const places = new Map<string, Region>();
  for (const place of ELSEWHERE_PLACES) places.set(place, 'elsewhere');
  // A name on both lists is the EU rule's: the strictest wins.
  for (const place of EU_PLACES) places.set(normalisePlace(place), 'eu');
  names = { countries, places };
  return names;
}

/** The region of a country code or an ambiguous name ('EU?': one side or the other, so the strictest). */
const regionOfCode = (code: string): Region =>
  code === 'EU?' || EU_RULE_COUNTRIES.includes(code) ? 'eu' : 'elsewhere';

/** The retention region of a location as written; `unknown` when it is empty or names nothing recognised. */
export function regionOf(location: string | null | undefined): Region {
  if (!location || location.trim() === '') return 'unknown';
  const { countries, places } = namesNow();
  const parts = location
    .split(/[,;|/()·•–—]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  // A country named anywhere decides (the last part first: "Paris, Texas, United States").
  for (const part of [...parts].reverse()) {
    const text = normalisePlace(part);
    const code = countries.get(text) ?? countries.get(stripped(text));
    if (code) return regionOfCode(code);
  }
  // Else the most specific part recognised: a region or city, or a US state's two letters.
  for (const part of parts) {
    const text = normalisePlace(part);
    const place = places.get(text) ?? places.get(stripped(text));
    if (place) return place;
    if (US_STATE_CODES.has(part)) return 'elsewhere';
  }
  return 'unknown';
}
