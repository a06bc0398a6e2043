import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api/errors';
import { SEARCH_CRITERIA_KEYS } from '../../../../src/api/schema';
import {
  CRITERION_LABEL,
  criteriaInWords,
  criterionChip,
  criterionLabel,
} from '../../../../src/ui/words/criteria';
import { capOf, errorWords, plainText } from '../../../../src/ui/words/errors';
import { itemsInWords } from '../../../../src/ui/words/items';

const API_NAME = /\b[a-z]+(_[a-z]+)+\b/;

describe('plain words for the service names', () => {
  it('names every search criterion the contract knows, without underscores', () => {
    for (const key of SEARCH_CRITERIA_KEYS) {
      expect(CRITERION_LABEL[key], key).toBeTruthy();
      expect(criterionLabel(key)).not.toMatch(API_NAME);
    }
    expect(criterionLabel('some_new_key')).toBe('Some new key');
  });

  it.each([
    ['location', 'London, United Kingdom::~30mi', 'London, United Kingdom, within 30 mi'],
    ['location', 'Austin::~50km', 'Austin, within 50 km'],
    ['location', 'Boston', 'Boston'],
    ['current_employer', '-Tessellate Pay', 'not Tessellate Pay'],
    ['current_title', '"Registered Nurse"', 'exactly “Registered Nurse”'],
    ['current_title', '-"Travel Nurse"', 'not exactly “Travel Nurse”'],
    ['years_experience', '5+', '5 or more'],
    ['years_experience', '<10', 'under 10'],
    ['years_experience', '<=8', '8 or fewer'],
    ['company_size', '51-200', '51 to 200'],
    ['skills', 'Go', 'Go'],
  ])('chip for %s = %s reads "%s"', (key, value, words) => {
    expect(criterionChip(key, value)).toBe(words);
  });

  it('lists items inside a sentence', () => {
    expect(itemsInWords(['email'])).toBe('personal email');
    expect(itemsInWords(['email', 'phone', 'detailed_profile'])).toBe(
      'personal email, mobile phone and detailed profile',
    );
  });

  it('replaces API names inside a sentence from the service', () => {
    expect(plainText('free_text_search must be 300 characters or fewer')).toBe(
      'free text must be 300 characters or fewer',
    );
    expect(plainText('Use either "jd_search" or search_criteria')).toBe(
      'Use either job description or search filters',
    );
    expect(plainText('London, United Kingdom::~30mi')).toBe('London, United Kingdom within 30 mi');
    expect(plainText('reveal_phone needs current_employer')).toBe('mobile phone needs current employer');
    expect(plainText('write to jane_doe@example.org')).toBe('write to jane_doe@example.org');
  });
});

describe('errorWords: a refusal said once, with the next step', () => {
  it('hides schema checker output behind a plain sentence', () => {
    const error = new ApiError({
      kind: 'invalid-request',
      message: 'Invalid "saveConnection" request: ✖ Too big: expected string to have <=2048 characters',
    }).toJSON();
    const words = errorWords(error);
    expect(words.title).toBe('Not sent');
    expect(words.detail).toBe('The extension could not read what was asked.');
    expect(JSON.stringify(words)).not.toMatch(/saveConnection|✖|request/);
  });

  it('says "may have charged" once, in the next step', () => {
    const error = new ApiError({
      kind: 'timeout',
      operation: 'lookup',
      outcomeUnknown: true,
      message:
        'The contact lookup got no answer within 30 seconds. It may have been charged; check your balance before retrying.',
    }).toJSON();
    const words = errorWords(error);
    const all = [words.title, words.detail, words.nextStep].join(' ');
    expect(all.match(/may have/gi)).toHaveLength(1);
    expect(words.detail).toBe('The contact lookup got no answer within 30 seconds.');
    expect(words.nextStep).toMatch(/check your balance/);
  });

  it('translates API names in the service own refusal', () => {
    const error = new ApiError({
      kind: 'bad-request',
      operation: 'search',
      message: 'free_text_search cannot be combined with jd_search',
    }).toJSON();
    expect(errorWords(error).detail).toBe('free text cannot be combined with job description');
  });

  it('gives each refusal its control: Retry, the cap field, who adds credits', () => {
    const server = errorWords(new ApiError({ kind: 'server', operation: 'lookup', message: '503' }).toJSON());
    expect(server).toEqual({
      title: 'The service is having trouble',
      detail: 'Nothing was charged.',
      nextStep: 'Try again now or in a few minutes.',
      action: 'retry',
    });
    const cap = errorWords(
      new ApiError({
        kind: 'over-cap',
        message:
          'This may cost up to 9 credits, which would pass your monthly cap: 95 of 100 credits are spent or under way this month. To go ahead, raise the cap in Options (Spending caps).',
      }).toJSON(),
    );
    expect(cap.action).toBe('open-cap');
    expect(cap.detail).not.toMatch(/Options/);
    expect(capOf(cap.detail)).toBe('monthly');
    const credits = errorWords(
      new ApiError({
        kind: 'insufficient-credits',
        operation: 'lookup',
        creditsInfo: { required: 9, available: 2 },
        message: 'Insufficient credits',
      }).toJSON(),
    );
    expect(credits).toEqual({
      title: 'Not enough credits',
      detail: 'This reveal may cost up to 9 credits; your balance is 2 credits. Nothing was charged.',
      nextStep: 'Ask your account admin to add credits, or reveal fewer items.',
      action: 'check-balance',
    });
    // A call that may have been charged is never offered as a plain retry.
    const unknown = new ApiError({
      kind: 'timeout',
      operation: 'lookup',
      outcomeUnknown: true,
      message: 'No answer.',
    });
    expect(errorWords(unknown.toJSON()).action).toBeUndefined();
    expect(
      errorWords(new ApiError({ kind: 'timeout', operation: 'search', message: 'No answer.' }).toJSON())
        .action,
    ).toBe('retry');
  });

  it('the service out of reach: said plainly, Retry when nothing can have been charged, never Options', () => {
    const down = (outcomeUnknown: boolean) =>
      new ApiError({
        kind: 'network',
        operation: 'lookup',
        outcomeUnknown,
        message: 'Failed to fetch',
      }).toJSON();
    expect(errorWords(down(false))).toEqual({
      title: "Can't reach the candidate service right now",
      detail: 'Nothing was charged.',
      nextStep: 'Try again in a moment.',
      action: 'retry',
    });
    expect(errorWords(down(true)).action).toBeUndefined();
    expect(errorWords(down(true)).title).toBe("Can't reach the candidate service right now");
    // On the options page an address nothing answers is likely mistyped: the step points to it.
    expect(errorWords(down(false), 'options').title).toBe('Could not reach the service');
    // The extension's own worker not answering is retried, in words.
    expect(
      errorWords(new ApiError({ kind: 'unexpected', message: 'The extension did not answer.' }).toJSON())
        .action,
    ).toBe('retry');
  });
});

describe("a search's criteria in words", () => {
  it('labels each criterion and says each value, whatever the criterion', () => {
    expect(
      criteriaInWords({
        current_title: ['"Registered Nurse"', 'Charge Nurse'],
        location: ['Boston, MA::~30mi'],
        current_employer: ['-Tessellate Pay'],
        years_experience: ['5+'],
        company_publicly_traded: true,
      }),
    ).toEqual([
      ['Job titles', 'exactly “Registered Nurse”, Charge Nurse'],
      ['Locations', 'Boston, MA, within 30 mi'],
      ['Current employers', 'not Tessellate Pay'],
      ['Years of experience', '5 or more'],
      ['Publicly traded', 'yes'],
    ]);
    expect(criteriaInWords(undefined)).toEqual([]);
  });
});
