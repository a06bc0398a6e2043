import { describe, expect, it } from 'vitest';
import type { SearchSession } from '../../../../../src/store/database/search';
import type { ContactRecord } from '../../../../../src/store/database/vault/vault-record';
import {
  CSV_HEADER,
  candidatesCsv,
  csvFileName,
  heldProfiles,
} from '../../../../../src/ui/sidepanel/search/export-csv';
import {
  buildCriteria,
  criteriaToForm,
  entriesToTags,
  FILTER_FIELDS,
  splitEntries,
  type Tag,
} from '../../../../../src/ui/sidepanel/search/filter-fields';
import { counter, freeTextProblem, jdProblem } from '../../../../../src/ui/sidepanel/search/text-limits';

const field = (key: string) => FILTER_FIELDS.find((f) => f.key === key)!;
const tag = (text: string, more: Partial<Tag> = {}): Tag => ({ text, exact: false, exclude: false, ...more });

describe('the Filters form: typed entries to tags', () => {
  it('splits at commas and line breaks, except inside quotes', () => {
    expect(splitEntries('Nurse, "Acme, Inc."\nCharge Nurse,, -')).toEqual([
      'Nurse',
      '"Acme, Inc."',
      'Charge Nurse',
    ]);
  });

  it('reads typed syntax: quotes are exact, a leading - excludes', () => {
    expect(entriesToTags(field('current_title'), '"Registered Nurse", -intern').tags).toEqual([
      tag('Registered Nurse', { exact: true }),
      tag('intern', { exclude: true }),
    ]);
  });

  it('locations take the radius given, or the one typed in the value', () => {
    const { tags } = entriesToTags(field('location'), 'Boston; Berlin::~10km', { radius: 25, unit: 'mi' });
    expect(tags).toEqual([
      tag('Boston', { radius: 25, unit: 'mi' }),
      tag('Berlin', { radius: 10, unit: 'km' }),
    ]);
  });

  it('a location keeps the commas of its name; semicolons and line breaks separate locations', () => {
    const { tags } = entriesToTags(field('location'), 'Boston, MA; London, United Kingdom\n-Cambridge, MA');
    expect(tags.map((t) => [t.text, t.exclude])).toEqual([
      ['Boston, MA', false],
      ['London, United Kingdom', false],
      ['Cambridge, MA', true],
    ]);
    expect(entriesToTags(field('current_title'), 'Nurse, Doctor').tags).toHaveLength(2);
  });

  it('numeric fields are checked, with a message naming the field and the value', () => {
    expect(entriesToTags(field('years_experience'), '3 - 5, 10+').tags.map((t) => t.text)).toEqual([
      '3-5',
      '10+',
    ]);
    const bad = entriesToTags(field('company_size'), '50-200, lots');
    expect(bad.tags).toEqual([]);
    expect(bad.problem).toBe(
      'Company size: "lots" is not a number, range (3-5) or bound (5+, <10, >=2, <=8).',
    );
  });
});

describe('the Filters form: tags to search_criteria and back', () => {
  it('builds the spec value syntax, with blank fields left out', () => {
    const criteria = buildCriteria({
      current_title: [tag('Registered Nurse', { exact: true }), tag('intern', { exclude: true })],
      location: [tag('Boston', { radius: 25, unit: 'mi' }), tag('Cambridge', { radius: null })],
      current_employer: [tag('Acme Health', { exact: true, exclude: true })],
      years_experience: [tag('3-5')],
      skills: [],
      company_size: [tag('51-200')],
      health_specialization: [tag('  ')],
    });
    expect(criteria).toEqual({
      current_title: ['"Registered Nurse"', '-intern'],
      location: ['Boston::~25mi', 'Cambridge'],
      current_employer: ['-"Acme Health"'],
      years_experience: ['3-5'],
      company_size: ['51-200'],
    });
  });

  it('keeps criteria the form has no field for', () => {
    expect(buildCriteria({ skills: [tag('Go')] }, { department: ['Nursing'] })).toEqual({
      department: ['Nursing'],
      skills: ['Go'],
    });
  });

  it('what the service understood loads into the form and builds back to the same criteria', () => {
    const understood = {
      current_title: ['Registered Nurse', 'Charge Nurse'],
      current_employer: ['-Acme Health'],
      location: ['Boston, MA::~25mi'],
      years_experience: ['3+'],
      major: ['Nursing'],
      department: ['ICU'],
    };
    const form = criteriaToForm(understood);
    expect(form.tags.current_employer).toEqual([tag('Acme Health', { exclude: true })]);
    expect(form.tags.location).toEqual([tag('Boston, MA', { radius: 25, unit: 'mi' })]);
    expect(form.extra).toEqual({ department: ['ICU'] });
    expect(buildCriteria(form.tags, form.extra)).toEqual(understood);
  });
});

describe('free text and job description limits, checked in the panel', () => {
  it('counts to 300 and 8,500', () => {
    expect(counter('  hello ', 300)).toBe('5 / 300');
    expect(counter('x'.repeat(8600), 8500)).toBe('8,600 / 8,500');
  });

  it('refuses empty and over-long input with a specific message', () => {
    expect(freeTextProblem('   ')).toBe('Describe who you are looking for in Free text.');
    expect(freeTextProblem('x'.repeat(300))).toBeNull();
    expect(freeTextProblem('x'.repeat(312))).toBe(
      'Free text is 312 characters; the limit is 300. Shorten it by 12.',
    );
    expect(jdProblem('')).toBe('Paste a job description first.');
    expect(jdProblem('x'.repeat(8500))).toBeNull();
    expect(jdProblem('x'.repeat(9000))).toBe(
      'The job description is 9,000 characters; the limit is 8,500. Shorten it by 500.',
    );
  });
});

describe('CSV export of the results held', () => {
  const profile = (id: string, name: string, social_url?: string) => ({
    id,
    name,
    current_title: 'Registered Nurse',
    current_employer: 'Arbor Health, Inc.',
    location: 'Boston, MA',
    ...(social_url ? { social_url } : {}),
  });
  const page = (start: number, profiles: ReturnType<typeof profile>[]) => ({
    start,
    profiles,
    total: 3,
    hasNext: false,
    nextStart: null,
    charged: 1,
    at: '2025-01-01T00:00:00.000Z',
  });

  it('takes every page held, in page order, each profile once', () => {
    const session = {
      pages: [
        page(3, [profile('3', 'C')]),
        page(1, [profile('1', 'A'), profile('2', 'B')]),
        page(2, [profile('2', 'B')]),
      ],
    } as unknown as SearchSession;
    expect(heldProfiles(session).map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(heldProfiles(null)).toEqual([]);
  });

  it('writes the vault email and phone for revealed rows, "Not found" with its day where the service had none, blanks otherwise', () => {
    const zoe = profile('7', 'Zoë Schröder', 'https://www.linkedin.com/in/zoe');
    const record = {
      email: { found: true, value: 'zoe@example.org', at: '2026-12-06T09:00:00.000Z' },
      phone: { found: false, at: '2026-12-06T09:00:00.000Z' },
    } as unknown as ContactRecord;
    const text = candidatesCsv([zoe, profile('8', 'Li "Lee" Wang')], (p) => (p.id === '7' ? record : null));
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines[1]).toBe(
      'Zoë Schröder,Registered Nurse,"Arbor Health, Inc.","Boston, MA",https://www.linkedin.com/in/zoe,zoe@example.org,Not found · 6 Dec,,,,,,,',
    );
    expect(lines[2]).toBe('"Li ""Lee"" Wang",Registered Nurse,"Arbor Health, Inc.","Boston, MA",,,,,,,,,,');
  });

  it('writes skills and NPI data when the vault holds them', () => {
    const nurse = profile('9', 'Ada Nurse', 'https://www.linkedin.com/in/ada-nurse');
    const record = {
      detailed_profile: {
        found: true,
        value: { skills: ['Triage', { name: 'ICU' }], experience: [], education: [], job_history: [] },
        at: '',
      },
      healthcare_profile: {
        found: true,
        value: {
          npi_number: '1234567890',
          license_number: 'RN-1',
          license_state: 'MA',
          specialty: 'Critical Care',
          credentials: 'RN',
        },
        at: '',
      },
    } as unknown as ContactRecord;
    const [, row] = candidatesCsv([nurse], () => record)
      .slice(1)
      .split('\r\n');
    expect(row).toBe(
      'Ada Nurse,Registered Nurse,"Arbor Health, Inc.","Boston, MA",https://www.linkedin.com/in/ada-nurse,,,Triage; ICU,1234567890,RN-1 (MA),Critical Care,RN,,',
    );
  });

  it('names the file after the local date', () => {
    expect(csvFileName(new Date(2025, 0, 5, 23, 59))).toBe('candidates-2025-01-05.csv');
  });
});
