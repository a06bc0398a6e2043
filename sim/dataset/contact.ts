/**
 * Contact data and healthcare identifiers. Everything is fictional by construction: emails use the domains reserved
 * for examples (RFC 2606), phone numbers use the ranges regulators reserve for fiction (555-01xx in North America,
 * Ofcom's drama ranges in the UK, ACMA's in Australia), so a demo can never reveal a real person's contact.
 * NPI numbers carry a valid check digit (the Luhn formula over the "80840" prefix, as CMS defines it) so that client
 * validation can be exercised, but they are not issued numbers.
 */
import type { Random } from '../random';
import { fold } from '../text';
import type { City } from './places';

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

/**
 * A personal email unique within `taken`: "zoe.muller@example.com", "zoe.muller84@example.net", "zmuller@…".
 * Adds the address to `taken`.
 */
export function personalEmail(random: Random, first: string, last: string, taken: Set<string>): string {
  const f = fold(first).replace(/[^a-z]/g, '');
  const l = fold(last).replace(/[^a-z]/g, '');
  const styles = [`${f}.${l}`, `${f}${l}`, `${f[0] ?? 'x'}${l}`, `${f}_${l}`, `${l}.${f}`];
  let local = random.pick(styles);
  if (random.chance(0.35)) local += String(random.int(70, 99));
  let address = `${local}@${random.pick(EMAIL_DOMAINS)}`;
  while (taken.has(address)) address = `${local}${random.int(1, 9999)}@${random.pick(EMAIL_DOMAINS)}`;
  taken.add(address);
  return address;
}

/** Country calling codes of the dataset's countries. */
const CALLING_CODES: Readonly<Record<string, string>> = {
  US: '1',
  CA: '1',
  GB: '44',
  IE: '353',
  DE: '49',
  FR: '33',
  NL: '31',
  ES: '34',
  PT: '351',
  CH: '41',
  SE: '46',
  DK: '45',
  PL: '48',
  IL: '972',
  IN: '91',
  SG: '65',
  AU: '61',
  BR: '55',
  MX: '52',
  JP: '81',
  NG: '234',
  KE: '254',
};

const digits = (random: Random, count: number) => random.chars('0123456789', count);

/** A mobile number in international format, in a range reserved for fiction where the country has one. */
export function mobilePhone(random: Random, city: City): string {
  switch (city.country_code) {
    case 'US':
    case 'CA':
      return `+1 ${random.int(201, 989)}-555-01${digits(random, 2)}`;
    case 'GB':
      return `+44 7700 900${digits(random, 3)}`;
    case 'AU':
      return `+61 491 570 ${random.int(110, 159)}`;
    default:
      return `+${CALLING_CODES[city.country_code] ?? '1'} ${digits(random, 3)} ${digits(random, 3)} ${digits(random, 4)}`;
  }
}

/** The NPI check digit for nine leading digits (Luhn over "80840" + the digits, per CMS). */
export function npiCheckDigit(nineDigits: string): number {
  let sum = 24; // the doubled-and-summed contribution of the constant prefix 80840
  for (let i = 0; i < 9; i++) {
    let digit = Number(nineDigits[8 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** A ten-digit NPI with a valid check digit, unique within `taken`. */
export function npiNumber(random: Random, taken: Set<string>): string {
  let npi = '';
  do {
    const body = `${random.pick(['1', '2'])}${digits(random, 8)}`;
    npi = body + String(npiCheckDigit(body));
  } while (taken.has(npi));
  taken.add(npi);
  return npi;
}

/** A state licence number in the style of the credential ("RN" → "RN482913"). */
export function licenseNumber(random: Random, credentials: string): string {
  const primary = credentials.split(',')[0]?.trim() ?? 'LIC';
  const prefix: Record<string, string> = {
    MD: 'MD',
    DO: 'DO',
    'PA-C': 'PA',
    PharmD: 'RPH',
    RPh: 'RPH',
    DPT: 'PT',
  };
  return `${prefix[primary] ?? primary.replace(/[^A-Z]/g, '').slice(0, 3)}${digits(random, 6)}`;
}
