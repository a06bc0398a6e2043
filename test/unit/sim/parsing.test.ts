import { describe, expect, it } from 'vitest';
import { mergeCriteria } from '../../../sim/search/merge';
import { parseYears } from '../../../sim/search/parse-common';
import { parseFreeText } from '../../../sim/search/parse-free-text';
import { parseJd } from '../../../sim/search/parse-jd';
import { similarTitles } from '../../../sim/search/similar-titles';
import { sharedSimulator } from './helpers';

const { state } = sharedSimulator();
const vocabulary = state.search.vocabulary;
const companies = state.dataset.companies;

describe('free_text_search parsing (rule 4)', () => {
  it('maps titles, location with radius, years, previous employer, major, industry', () => {
    expect(
      parseFreeText(
        'senior software engineers within 25 miles of Austin with 5+ years, ex-Cobalt Labs, CS degree, fintech',
        vocabulary,
      ),
    ).toEqual({
      current_title: ['Senior Software Engineer'],
      location: ['Austin, TX::~25mi'],
      previous_employer: ['Cobalt Labs'],
      major: ['Computer Science'],
      company_industry: ['Financial Services'],
      years_experience: ['5+'],
    });
  });

  it('maps current employer, school, degree, state and country', () => {
    expect(parseFreeText('Registered nurses at Brightpath Health in Massachusetts', vocabulary)).toEqual({
      current_title: ['Registered Nurse'],
      current_employer: ['Brightpath Health'],
      location: ['Massachusetts'],
    });
    expect(
      parseFreeText('data scientists who studied at Stanford with a PhD, based in Germany', vocabulary),
    ).toEqual({
      current_title: ['Data Scientist'],
      school: ['Stanford University'],
      degree: ['PhD'],
      location: ['Germany'],
    });
  });

  it('takes employers it does not know from capitals after "at"', () => {
    expect(parseFreeText('product managers at Initrode Systems', vocabulary)).toEqual({
      current_title: ['Product Manager'],
      current_employer: ['Initrode Systems'],
    });
  });

  it('reads a major only when something marks it as one', () => {
    expect(parseFreeText('accountants in finance', vocabulary)).toEqual({
      current_title: ['Accountant'],
      company_industry: ['Financial Services'],
    });
    expect(parseFreeText('accountants with a finance degree', vocabulary).major).toEqual(['Finance']);
  });

  it.each([
    ['3-5 years of experience', '3-5'],
    ['at least 7 years', '7+'],
    ['10+ yrs', '10+'],
    ['less than 2 years', '<2'],
    ['up to 4 years', '<=4'],
    ['6 years', '6+'],
    ['no numbers here', null],
  ])('years: %s → %s', (text, expected) => {
    expect(parseYears(text)).toBe(expected);
  });
});

describe('jd_search parsing (rule 5)', () => {
  const JD = [
    'ICU Registered Nurse',
    'Brightpath Health is hiring a Registered Nurse for our ICU in Boston, MA. This is an on-site role.',
    'Requirements: 2+ years of experience in critical care; Bachelor of Science in Nursing (BSN) or a degree in Nursing.',
    'Benefits: health insurance, 401(k).',
    'About Brightpath Health',
    'Brightpath Health is a leading healthcare provider in New England.',
  ].join('\n');

  it('maps title, location with radius, years, major, industry; excludes the hiring company', () => {
    expect(parseJd(JD, vocabulary, companies)).toEqual({
      current_title: ['Registered Nurse'],
      location: ['Boston, MA::~30mi'],
      years_experience: ['2+'],
      major: ['Nursing'],
      company_industry: ['Hospitals and Health Care'],
      current_employer: ['-Brightpath Health'],
    });
  });

  it('reads title and location lines, explicit radii, and unknown hiring companies', () => {
    const jd = [
      'Job Title: Senior Data Engineer',
      'Location: Seattle, WA (within 20 miles of Seattle)',
      'Acme Rockets is looking for an engineer with 4-6 years of experience building pipelines.',
    ].join('\n');
    expect(parseJd(jd, vocabulary, companies)).toMatchObject({
      current_title: ['Senior Data Engineer'],
      location: ['Seattle, WA::~20mi'],
      years_experience: ['4-6'],
      current_employer: ['-Acme Rockets'],
    });
  });
});

describe('similar titles (rule 6)', () => {
  it('tops titles up to 10 with their family, keeping seniority, without repeating', () => {
    const added = similarTitles(['Senior Software Engineer']);
    expect(added).toHaveLength(9);
    expect(added[0]).toBe('Senior Software Developer');
    expect(added.every((title) => title.startsWith('Senior '))).toBe(true);
    expect(new Set(added).size).toBe(added.length);
  });

  it('takes families in turn and stops at 10 in all', () => {
    const added = similarTitles(['Registered Nurse', 'Physician']);
    expect(added.slice(0, 2)).toEqual(['Staff Nurse', 'Hospitalist']);
    expect(added.length + 2).toBe(10);
  });

  it('adds nothing to 10 titles, nor for titles it does not know', () => {
    expect(similarTitles(Array.from({ length: 10 }, (_, i) => `Title ${i}`))).toEqual([]);
    expect(similarTitles(['Chief Happiness Wizard'])).toEqual([]);
  });
});

describe('merging parsed criteria (rule 3)', () => {
  it('combines arrays (parsed first, no repeats) and lets parsed years_experience replace the given one', () => {
    const merged = mergeCriteria(
      {
        current_title: ['Nurse Manager', 'registered nurse'],
        years_experience: ['10+'],
        school: ['Harvard University'],
      },
      { current_title: ['Registered Nurse'], years_experience: ['2+'], location: ['Boston, MA'] },
    );
    expect(merged).toEqual({
      current_title: ['Registered Nurse', 'Nurse Manager'],
      years_experience: ['2+'],
      school: ['Harvard University'],
      location: ['Boston, MA'],
    });
  });

  it('keeps the given years_experience when nothing was parsed for it', () => {
    expect(
      mergeCriteria({ years_experience: ['3-5'] }, { current_title: ['Recruiter'] }).years_experience,
    ).toEqual(['3-5']);
  });
});
