/**
 * The dictionary the free-text and JD parsers read with: every title, place, employer, school, degree, major and
 * industry the dataset knows, with the short forms recruiters type ("SWE", "NYC", "MIT", "fintech"). A request is
 * read by finding these phrases in it, so whatever the parser recognises is also something the search can match.
 */
import { DEGREE_ALIASES, DEGREES, SCHOOL_ALIASES, SCHOOLS } from '../dataset/education';
import { INDUSTRIES } from '../dataset/industries';
import { CITIES, CITY_ALIASES, type City, COUNTRY_ALIASES } from '../dataset/places';
import { TITLE_FAMILIES } from '../dataset/titles';
import type { SimCompany } from '../dataset/types';
import { tokenize } from '../text';

export type Concept =
  | 'title'
  | 'company'
  | 'school'
  | 'degree'
  | 'major'
  | 'industry'
  | 'city'
  | 'state'
  | 'country';

export interface Phrase {
  concept: Concept;
  tokens: readonly string[];
  /** The value the parser outputs for it ("Registered Nurse" for "RN", "Financial Services" for "fintech"). */
  canonical: string;
  /** Short abbreviations ("RN", "MIT", "MS") count only when written in capitals, or "ms" and "pa" would be everywhere. */
  upperOnly: boolean;
}

/** A phrase found in a text, by token positions (`end` exclusive). */
export interface Found {
  phrase: Phrase;
  start: number;
  end: number;
}

/** Abbreviations of titles. */
const TITLE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  RN: 'Registered Nurse',
  NP: 'Nurse Practitioner',
  FNP: 'Family Nurse Practitioner',
  PA: 'Physician Assistant',
  SWE: 'Software Engineer',
  SDE: 'Software Engineer',
  SRE: 'Site Reliability Engineer',
  SDR: 'Sales Development Representative',
  BDR: 'Business Development Representative',
  AE: 'Account Executive',
  CSM: 'Customer Success Manager',
  PM: 'Product Manager',
  TPM: 'Technical Product Manager',
  EM: 'Engineering Manager',
  ML: 'Machine Learning Engineer',
};

const MAJOR_ABBREVIATIONS: Readonly<Record<string, string>> = {
  CS: 'Computer Science',
  EE: 'Electrical Engineering',
  ECE: 'Computer Engineering',
  HCI: 'Human-Computer Interaction',
};

const DEGREE_LEVEL_NAMES: Readonly<Record<string, string>> = {
  "bachelor's": 'Bachelor',
  bachelors: 'Bachelor',
  bachelor: 'Bachelor',
  "master's": 'Master',
  masters: 'Master',
  master: 'Master',
  doctorate: 'Doctor',
  associate: 'Associate',
};

/** How a place is written in parsed criteria: "Boston, MA", "London, United Kingdom", "Singapore". */
export function placeName(city: City): string {
  if (city.country_code === 'US') return `${city.city}, ${city.state_code}`;
  return city.city === city.country ? city.city : `${city.city}, ${city.country}`;
}

export class Vocabulary {
  private readonly byFirstToken = new Map<string, Phrase[]>();

  constructor(companies: readonly SimCompany[]) {
    for (const family of TITLE_FAMILIES) for (const title of family.titles) this.add('title', title, title);
    for (const [short, title] of Object.entries(TITLE_ABBREVIATIONS)) this.add('title', short, title, true);
    for (const company of companies) this.add('company', company.name, company.name);
    for (const school of SCHOOLS) this.add('school', school.name, school.name);
    for (const [alias, school] of Object.entries(SCHOOL_ALIASES))
      this.add('school', alias, school, alias.length <= 4);
    for (const degree of DEGREES) {
      this.add('degree', degree.name, degree.name);
      this.add(
        'degree',
        degree.abbreviation,
        degree.abbreviation,
        !['PhD', 'MBA', 'PharmD'].includes(degree.abbreviation),
      );
    }
    for (const alias of Object.keys(DEGREE_ALIASES))
      this.add('degree', alias, DEGREE_LEVEL_NAMES[alias] ?? alias);
    const majors = new Set<string>();
    for (const family of TITLE_FAMILIES) for (const major of family.majors) majors.add(major);
    for (const degree of DEGREES) if (degree.field) majors.add(degree.field);
    for (const major of majors) this.add('major', major, major);
    for (const [short, major] of Object.entries(MAJOR_ABBREVIATIONS)) this.add('major', short, major, true);
    for (const industry of INDUSTRIES) {
      this.add('industry', industry.name, industry.name);
      for (const alias of industry.aliases) this.add('industry', alias, industry.name);
    }
    for (const city of CITIES) this.add('city', city.city, placeName(city));
    for (const [alias, name] of Object.entries(CITY_ALIASES)) {
      const city = CITIES.find((c) => c.city === name);
      if (city) this.add('city', alias, placeName(city), alias.length <= 3);
    }
    for (const state of new Set(CITIES.filter((c) => c.country_code === 'US').map((c) => c.state))) {
      this.add('state', state, state);
    }
    for (const country of new Set(CITIES.map((c) => c.country))) this.add('country', country, country);
    for (const [alias, country] of Object.entries(COUNTRY_ALIASES))
      this.add('country', alias, country, alias.length <= 3);
    // "US" is a country only in capitals ("join us" is not a place).
    this.add('country', 'US', 'United States', true);
  }

  private add(concept: Concept, text: string, canonical: string, upperOnly = false): void {
    const tokens = tokenize(text);
    const first = tokens[0];
    if (first === undefined) return;
    const list = this.byFirstToken.get(first) ?? [];
    list.push({ concept, tokens, canonical, upperOnly });
    list.sort((a, b) => b.tokens.length - a.tokens.length);
    this.byFirstToken.set(first, list);
  }

  /**
   * Every dictionary phrase in the text, overlapping ones included (the parser chooses). The last word may be a
   * plural ("nurses", "engineers"). `originals` are the words as written, for the capitals rule.
   */
  find(tokens: readonly string[], originals: readonly string[]): Found[] {
    const found: Found[] = [];
    for (let start = 0; start < tokens.length; start++) {
      const first = tokens[start] as string;
      const candidates = [
        ...(this.byFirstToken.get(first) ?? []),
        ...(first.endsWith('s') ? (this.byFirstToken.get(first.slice(0, -1)) ?? []) : []),
      ];
      for (const phrase of candidates) {
        const end = start + phrase.tokens.length;
        if (end > tokens.length) continue;
        let matches = true;
        for (let i = 0; i < phrase.tokens.length && matches; i++) {
          const want = phrase.tokens[i] as string;
          const have = tokens[start + i] as string;
          const last = i === phrase.tokens.length - 1;
          matches = have === want || (last && (have === `${want}s` || have === `${want}es`));
        }
        if (!matches) continue;
        if (phrase.upperOnly && !/^[A-Z]{2,}s?$/.test(originals.slice(start, end).join(''))) continue;
        found.push({ phrase, start, end });
      }
    }
    return found;
  }
}

/** Words of a text, folded (`tokens`) and as written (`originals`), aligned one to one. */
export function words(text: string): { tokens: string[]; originals: string[] } {
  const tokens: string[] = [];
  const originals: string[] = [];
  for (const original of text.replace(/['\u2019]/g, '').split(/[^\p{L}\p{N}+#]+/u)) {
    for (const token of tokenize(original)) {
      tokens.push(token);
      originals.push(original);
    }
  }
  return { tokens, originals };
}
