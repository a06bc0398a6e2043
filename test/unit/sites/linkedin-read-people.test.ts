import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import * as memberIdProfile from '@/src/sites/linkedin/member-id-profile';
import type { PageReader } from '@/src/sites/linkedin/page-kind';
import * as peopleSearch from '@/src/sites/linkedin/people-search';
import * as profile from '@/src/sites/linkedin/profile';
import type { PagePerson, PeopleSelectors } from '@/src/sites/linkedin/read-people';
import { readPage } from '@/src/sites/linkedin/read-request';
import * as recruiterList from '@/src/sites/linkedin/recruiter-list';
import * as recruiterProfile from '@/src/sites/linkedin/recruiter-profile';
import * as salesLead from '@/src/sites/linkedin/sales-lead';
import * as salesPeople from '@/src/sites/linkedin/sales-people';

/** A fixture page as a document (linkedom's types are its own; the DOM's shape is the same). */
function fixture(name: string): ParentNode {
  const html = readFileSync(resolve(import.meta.dirname, '../../fixtures/linkedin', name), 'utf8');
  return parseHTML(html).document as unknown as ParentNode;
}

const IN = 'https://www.linkedin.com/in/';
const person = (fields: Partial<PagePerson>): PagePerson => ({
  name: null,
  headline: null,
  location: null,
  publicUrl: null,
  pageUrl: null,
  ...fields,
});

interface Case {
  file: string;
  url: string;
  people: PagePerson[];
}

/** Each kind: its reader, selectors, and fixture pages with the people a recruiter sees on them. */
const KINDS: Array<{ id: string; read: PageReader; selectors?: PeopleSelectors; cases: Case[] }> = [
  {
    id: 'people-search',
    read: peopleSearch.read,
    selectors: peopleSearch.SELECTORS,
    cases: [
      {
        file: 'people-search.html',
        url: 'https://www.linkedin.com/search/results/people/?keywords=nurse',
        people: [
          person({
            name: 'Ada Lovelace',
            headline: 'Principal Software Engineer at Analytical Engines',
            location: 'London, England, United Kingdom',
            publicUrl: `${IN}ada-lovelace-demo`,
          }),
          person({
            name: 'José Álvarez',
            headline: 'Senior Product Manager at Tessellate Pay | payments, growth, experimentation',
            location: 'Madrid, Community of Madrid, Spain',
            publicUrl: `${IN}jos%C3%A9-%C3%A1lvarez-demo`,
          }),
          person({
            name: 'Kwame Mensah',
            headline: 'Enterprise Account Executive at Tessellate Pay',
            location: 'Accra, Greater Accra Region, Ghana',
            pageUrl: `${IN}ACoAAAF3kwame0Mensah`,
          }),
          person({
            name: 'LinkedIn Member',
            headline: 'Registered Nurse',
            location: 'Boston, Massachusetts, United States',
          }),
          person({
            name: 'Grace Okafor',
            headline: 'Registered Nurse, ICU at Brightpath Health | CCRN',
            location: 'Boston, Massachusetts, United States',
            publicUrl: `${IN}grace-okafor-rn-demo`,
          }),
        ],
      },
      {
        // Obfuscated classes, and results below the fold not rendered yet: read what is there, nothing more.
        file: 'people-search-obfuscated-lazy.html',
        url: 'https://www.linkedin.com/search/results/people/?keywords=data',
        people: [
          person({
            name: 'Wei Chen',
            headline: 'Senior Data Scientist at Tessellate Pay | fraud models, causal inference',
            location: 'Singapore',
            publicUrl: `${IN}wei-chen-demo`,
          }),
          person({
            name: 'Zoë Müller',
            headline: 'Data Analyst',
            location: 'Berlin, Germany',
            publicUrl: `${IN}zoe-muller-demo`,
          }),
        ],
      },
      {
        file: 'people-search-no-urn.html',
        url: 'https://www.linkedin.com/search/results/people/',
        people: [
          person({
            name: 'Siobhán Kelly',
            headline: 'Technical Recruiter at Analytical Engines',
            location: 'Dublin, County Dublin, Ireland',
            publicUrl: `${IN}siobhan-kelly-demo`,
          }),
        ],
      },
    ],
  },
  {
    id: 'sales-lead',
    read: salesLead.read,
    selectors: salesLead.SELECTORS,
    cases: [
      {
        file: 'sales-lead.html',
        url: 'https://www.linkedin.com/sales/lead/ACwAAAAda1Lovelace,NAME_SEARCH,aB1c',
        people: [
          person({
            name: 'Ada Lovelace',
            headline: 'Principal Software Engineer at Analytical Engines | compilers, developer tools',
            location: 'London, England, United Kingdom',
          }),
        ],
      },
      {
        file: 'sales-lead-menu-open.html',
        url: 'https://www.linkedin.com/sales/lead/ACwAAAAda1Lovelace,NAME_SEARCH,aB1c',
        people: [
          person({
            name: 'Ada Lovelace',
            headline: 'Principal Software Engineer at Analytical Engines | compilers, developer tools',
            location: 'London, England, United Kingdom',
            publicUrl: `${IN}ada-lovelace-demo`,
          }),
        ],
      },
      {
        file: 'sales-lead-obfuscated.html',
        url: 'https://www.linkedin.com/sales/lead/ACwAAAAdb2Okafor,NAME_SEARCH,cD3e',
        people: [
          person({
            name: 'Grace Okafor',
            headline: 'Registered Nurse, ICU at Brightpath Health | CCRN',
            location: 'Boston, Massachusetts, United States',
            publicUrl: `${IN}grace-okafor-rn-demo`,
          }),
        ],
      },
    ],
  },
  {
    id: 'sales-people',
    read: salesPeople.read,
    selectors: salesPeople.SELECTORS,
    cases: [
      {
        // Rows below the fold are loaders until they scroll into view.
        file: 'sales-search.html',
        url: 'https://www.linkedin.com/sales/search/people?query=(keywords%3Anurse)',
        people: [
          person({
            name: 'Ada Lovelace',
            headline: 'Principal Software Engineer at Analytical Engines',
            location: 'London, England, United Kingdom',
            pageUrl: 'https://www.linkedin.com/sales/lead/ACwAAAAda1Lovelace,NAME_SEARCH,aB1c',
          }),
          person({
            name: 'Grace Okafor',
            headline: 'Registered Nurse, ICU at Brightpath Health',
            location: 'Boston, Massachusetts, United States',
            pageUrl: 'https://www.linkedin.com/sales/lead/ACwAAAAdb2Okafor,NAME_SEARCH,cD3e',
          }),
        ],
      },
      {
        file: 'sales-list.html',
        url: 'https://www.linkedin.com/sales/lists/people/7123456789012345678',
        people: [
          person({
            name: 'Grace Okafor',
            headline: 'Registered Nurse, ICU at Brightpath Health',
            location: 'Boston, Massachusetts, United States',
            pageUrl: 'https://www.linkedin.com/sales/lead/ACwAAAAdb2Okafor,NAME_SEARCH,cD3e',
          }),
          person({
            name: 'Siobhán Kelly',
            headline: 'Technical Recruiter at Analytical Engines',
            location: 'Dublin, County Dublin, Ireland',
            pageUrl: 'https://www.linkedin.com/sales/lead/ACwAAAAdc3Kelly,NAME_SEARCH,fG4h',
          }),
        ],
      },
      {
        file: 'sales-list-obfuscated.html',
        url: 'https://www.linkedin.com/sales/lists/people/7123456789012345678',
        people: [
          person({
            name: 'Wei Chen',
            pageUrl: 'https://www.linkedin.com/sales/lead/ACwAAAAdd4Chen,NAME_SEARCH,iJ5k',
          }),
          person({
            name: 'Zoë Müller',
            publicUrl: `${IN}zoe-muller-demo`,
            pageUrl: 'https://www.linkedin.com/sales/people/ACwAAAAde5Muller,NAME_SEARCH,lM6n',
          }),
        ],
      },
    ],
  },
  {
    id: 'recruiter-profile',
    read: recruiterProfile.read,
    selectors: recruiterProfile.SELECTORS,
    cases: [
      {
        file: 'recruiter-profile.html',
        url: 'https://www.linkedin.com/talent/profile/AEMAAAKwame0Mensah?project=1234567',
        people: [
          person({
            name: 'Kwame Mensah',
            headline: 'Enterprise Account Executive at Tessellate Pay',
            location: 'Accra, Greater Accra Region, Ghana',
            publicUrl: `${IN}kwame-mensah-demo`,
          }),
        ],
      },
      {
        file: 'recruiter-profile-no-public-link.html',
        url: 'https://www.linkedin.com/talent/hire/1234567/manage/all/profile/AEMAAAZoe0Muller',
        people: [person({ name: 'Zoë Müller', headline: 'Data Analyst' })],
      },
    ],
  },
  {
    id: 'recruiter-list',
    read: recruiterList.read,
    selectors: recruiterList.SELECTORS,
    cases: [
      {
        file: 'recruiter-project.html',
        url: 'https://www.linkedin.com/talent/hire/1234567/manage/all',
        people: [
          person({
            name: 'Ada Lovelace',
            headline: 'Principal Software Engineer at Analytical Engines | compilers, developer tools',
            location: 'London, England, United Kingdom',
            pageUrl: 'https://www.linkedin.com/talent/hire/1234567/manage/all/profile/AEMAAAAda0Lovelace',
          }),
          person({
            name: 'Wei Chen',
            headline: 'Senior Data Scientist at Tessellate Pay',
            location: 'Singapore',
            pageUrl: 'https://www.linkedin.com/talent/hire/1234567/manage/all/profile/AEMAAAWei0Chen',
          }),
        ],
      },
      {
        file: 'recruiter-search-obfuscated.html',
        url: 'https://www.linkedin.com/talent/hire/1234567/discover/recruiterSearch?searchContextId=abc',
        people: [
          person({
            name: 'Siobhán Kelly',
            headline: 'Technical Recruiter at Analytical Engines',
            location: 'Dublin, County Dublin, Ireland',
            pageUrl:
              'https://www.linkedin.com/talent/hire/1234567/discover/recruiterSearch/profile/AEMAAASiobhan0Kelly',
          }),
          person({
            name: 'José Álvarez',
            headline: 'Senior Product Manager at Tessellate Pay',
            publicUrl: `${IN}jose-alvarez-demo`,
            pageUrl: 'https://www.linkedin.com/talent/profile/AEMAAAJose0Alvarez',
          }),
        ],
      },
    ],
  },
  {
    id: 'member-id-profile',
    read: memberIdProfile.read,
    selectors: memberIdProfile.SELECTORS,
    cases: [
      {
        file: 'member-id-profile.html',
        url: 'https://www.linkedin.com/in/ACoAAAF3kwame0Mensah',
        people: [
          person({
            name: 'Kwame Mensah',
            headline: 'Enterprise Account Executive at Tessellate Pay',
            location: 'Accra, Greater Accra Region, Ghana',
            publicUrl: `${IN}kwame-mensah-demo`,
          }),
        ],
      },
      {
        file: 'member-id-profile-loading.html',
        url: 'https://www.linkedin.com/in/ACoAAAF3kwame0Mensah',
        people: [
          person({ name: 'Kwame Mensah', headline: 'Enterprise Account Executive at Tessellate Pay' }),
        ],
      },
    ],
  },
  {
    id: 'profile',
    read: profile.read,
    cases: [
      {
        file: 'member-id-profile.html',
        url: 'https://www.linkedin.com/in/Kwame-Mensah-Demo/details/experience/',
        people: [
          person({
            name: 'Kwame Mensah',
            headline: 'Enterprise Account Executive at Tessellate Pay',
            publicUrl: `${IN}kwame-mensah-demo`,
          }),
        ],
      },
    ],
  },
];

describe.each(KINDS)('$id: reading fixture pages', ({ read, cases }) => {
  it.each(cases)('$file', ({ file, url, people }) => {
    expect(read(fixture(file), url)).toEqual(people);
    // What the content script answers for that page: the same people, picked by the URL's kind.
    expect(readPage(fixture(file), url)).toEqual({ url, people });
  });
});

/** Every selector of every field, with its kind's fixtures. */
const SELECTOR_ROWS = KINDS.flatMap(({ id, selectors, cases }) =>
  Object.entries(selectors ?? {}).flatMap(([field, list]) =>
    Array.isArray(list)
      ? (list as string[]).map((selector) => ({ id, field, selector, files: cases.map((c) => c.file) }))
      : [],
  ),
);

describe('every selector is exercised by a fixture page of its kind', () => {
  it.each(SELECTOR_ROWS)('$id $field: $selector', ({ selector, files }) => {
    const hits = files.filter((file) => fixture(file).querySelector(selector) !== null);
    expect(hits, `no fixture has ${selector}`).not.toEqual([]);
  });
});

describe('readPage', () => {
  it('reads nobody on a page of no known kind', () => {
    expect(readPage(fixture('people-search.html'), 'https://www.linkedin.com/feed/')).toEqual({
      url: 'https://www.linkedin.com/feed/',
      people: [],
    });
  });
});
