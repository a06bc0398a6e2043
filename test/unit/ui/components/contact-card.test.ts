import { describe, expect, it } from 'vitest';
import { describeItem } from '../../../../src/ui/components/contact-card';

describe('describeItem: list items of unspecified shape, in reading order whatever the key order', () => {
  it.each([
    ['a skill', 'TypeScript', 'TypeScript'],
    ['a named skill', { name: 'Triage', level: 3 }, 'Triage'],
    [
      'a job, keys sorted as storage returns them',
      { company: 'Harborview', end_date: '2020-06', start_date: '2017-06', title: 'Staff Nurse' },
      'Staff Nurse at Harborview, Jun 2017 – Jun 2020',
    ],
    [
      'the current job',
      {
        company: 'Brightpath',
        end_date: null,
        is_current: true,
        start_date: '2020-07',
        title: 'Registered Nurse',
      },
      'Registered Nurse at Brightpath, Jul 2020 – present',
    ],
    [
      'an experience with a location',
      { company: 'Acme', location: 'Boston, MA', start_date: '2019-01', title: 'Engineer' },
      'Engineer at Acme, Boston, MA, Jan 2019 – present',
    ],
    [
      'education',
      {
        degree: 'Bachelor of Science in Nursing',
        degree_abbreviation: 'BSN',
        end_year: 2017,
        major: 'Nursing',
        school: 'Northeastern University',
        start_year: 2013,
      },
      'Bachelor of Science in Nursing, Northeastern University, 2013 – 2017',
    ],
    [
      'a degree that does not name its major',
      { degree: 'Master of Business Administration', major: 'Finance', school: 'UT Austin' },
      'Master of Business Administration in Finance, UT Austin',
    ],
    ['anything else: its text values, never true/false', { a: 'x', b: true, c: 2 }, 'x · 2'],
    ['nothing', null, ''],
  ])('%s', (_label, item, expected) => {
    expect(describeItem(item)).toBe(expected);
  });
});
