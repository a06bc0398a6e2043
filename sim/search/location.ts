/**
 * Location criteria. A plain value (`Austin`, `Austin, TX`, `Germany`) matches the words of the profile's location
 * like any text criterion. A radius value `<City>::~<N>mi` or `<City>::~<N>km` matches every profile whose city lies
 * within that great-circle distance of the named city (haversine on the dataset's coordinates), so
 * `San Francisco::~40mi` finds Oakland, Palo Alto and San Jose too.
 */
import { CITIES, CITY_ALIASES, type City, COUNTRY_ALIASES } from '../dataset/places';
import { fold, tokenize } from '../text';

export const KM_PER_MILE = 1.609344;
const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km. */
export function haversineKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface RadiusTerm {
  raw: string;
  exclude: boolean;
  place: string;
  radiusKm: number;
  /** The city the place resolved to; null when no city of the dataset goes by that name (matches nothing). */
  center: City | null;
}

/** Expands the names people type ("NYC", "Bay Area", "UK") to the dataset's own. */
export function canonicalPlace(text: string): string {
  const key = fold(text).replace(/[.]/g, '').trim();
  return CITY_ALIASES[key] ?? COUNTRY_ALIASES[key] ?? text;
}

const cityWords = new Map<City, { name: string[]; all: Set<string> }>(
  CITIES.map((city) => [
    city,
    {
      name: tokenize(city.city),
      all: new Set(
        tokenize(`${city.city} ${city.state} ${city.state_code} ${city.country} ${city.country_code}`),
      ),
    },
  ]),
);

/**
 * The city a place names: "Austin", "austin, tx", "Austin Texas", "NYC". The city's own name must be in the text and
 * every other word must be its state, state code, country or country code; the most populous such city wins.
 */
export function resolveCity(place: string): City | null {
  const words = tokenize(canonicalPlace(place));
  if (words.length === 0) return null;
  let best: City | null = null;
  for (const city of CITIES) {
    const known = cityWords.get(city);
    if (!known) continue;
    if (!known.name.every((word) => words.includes(word))) continue;
    if (!words.every((word) => known.all.has(word))) continue;
    if (!best || city.weight > best.weight) best = city;
  }
  return best;
}

const RADIUS = /^(.*?)::\s*~\s*(\d+(?:\.\d+)?)\s*(mi|km)\s*$/i;

/** True when the value uses the radius syntax (`::~`). */
export function isRadiusValue(value: string): boolean {
  return value.includes('::');
}

/** Parses `<City>::~<N>mi|km` (optionally `-` prefixed); a message for a 400 when the syntax is broken. */
export function parseRadiusTerm(raw: string): RadiusTerm | string {
  let value = raw.trim();
  const exclude = value.startsWith('-');
  if (exclude) value = value.slice(1).trim();
  const match = RADIUS.exec(value);
  if (!match) return `"${raw}" is not a radius; the form is <City>::~<N>mi or <City>::~<N>km`;
  const place = (match[1] ?? '').trim().replace(/^"|"$/g, '');
  if (place === '') return `"${raw}" names no place before "::~"`;
  const amount = Number(match[2]);
  const radiusKm = (match[3] ?? 'mi').toLowerCase() === 'km' ? amount : amount * KM_PER_MILE;
  return { raw, exclude, place, radiusKm, center: resolveCity(place) };
}

/** Whether a profile's city lies within the term's radius. */
export function withinRadius(term: RadiusTerm, city: City): boolean {
  return term.center !== null && haversineKm(term.center, city) <= term.radiusKm + 1e-9;
}
