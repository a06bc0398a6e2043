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
import {
  linkedinFixture as fixture,
  IN,
  htmlDocument as page,
  pagePerson as person,
} from '../../../support/linkedin-documents';

/** Grace Okafor as her search card and her profile by member id show her. */
const GRACE = person({
  name: 'Grace Okafor',
  headline: 'Registered Nurse, ICU at Brightpath Health | CCRN',
  location: 'Boston, Massachusetts, United States',
  publicUrl: `${IN}grace-okafor-rn-demo`,
});
/** Kwame Mensah as his public profile pages show him (no location in their headers). */
const KWAME_PROFILE = person({
  name: 'Kwame Mensah',
  headline: 'Enterprise Account Executive at Tessellate Pay',
  publicUrl: `${IN}kwame-mensah-demo`,
});

/** Ada Lovelace as her Sales Navigator lead page shows her. */
const ADA_LEAD = person({
  name: 'Ada Lovelace',
  headline: 'Principal Software Engineer at Analytical Engines | compilers, developer tools',
  location: 'London, England, United Kingdom',
});

/** The people search for "nurse", as its pages of both markup generations list it. */
const NURSE_SEARCH = [
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
  GRACE,
];

/** A 2026 people search for "nurse": every case of shared/linkedin's structure, with invented people. */
const NURSE_SEARCH_2026 = [
  person({
    name: 'Ada Lovelace',
    headline: 'Principal Software Engineer at Analytical Engines',
    location: 'London, England, United Kingdom',
    publicUrl: `${IN}ada-lovelace-demo`,
  }),
  // Her photo's alt text is "Grace Okafor is open to work".
  { ...GRACE },
  person({
    name: 'José Álvarez',
    headline: 'Senior Product Manager at Tessellate Pay | payments, growth, experimentation',
    location: 'Madrid, Community of Madrid, Spain',
    publicUrl: `${IN}jose-alvarez-demo`,
  }),
  // No link of their own; their mutual connection's link and face are not their name.
  person({
    name: 'LinkedIn Member',
    headline: 'Nurse Practitioner at Brightpath Health',
    location: 'Cambridge, Massachusetts, United States',
  }),
  person({
    name: '🔺 Mira Solberg',
    headline: 'Head of Talent at Fjordline',
    location: 'Oslo, Norway',
    publicUrl: `${IN}%F0%9F%94%BA-mira-solberg-4b1a2c3d`,
  }),
  person({
    name: 'Wei Chen',
    headline: 'Senior Data Scientist at Tessellate Pay | fraud models, causal inference',
    location: 'Singapore',
    publicUrl: `${IN}wei-chen-demo`,
  }),
  person({
    name: 'Kwame Mensah',
    headline: 'Enterprise Account Executive at Tessellate Pay',
    location: 'Accra, Greater Accra Region, Ghana',
    pageUrl: `${IN}ACoAAAF3kwame0Mensah/`,
  }),
];

/** Amara Nwosu as her 2026 profile's top card shows her to a 1st-degree connection (a "· 1st" line before the headline). */
const AMARA_2026 = person({
  name: 'Amara Nwosu',
  headline: 'Staff Site Reliability Engineer at Nimbus Cloud | on-call that sleeps',
  location: 'Lagos, Lagos State, Nigeria',
  publicUrl: `${IN}amara-nwosu-demo`,
});

/** Wei Chen as his 2026 profile's top card shows him. */
const WEI_2026 = person({
  name: 'Wei Chen',
  headline: 'Senior Data Scientist at Tessellate Pay | fraud models, causal inference',
  publicUrl: `${IN}wei-chen-demo`,
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
        people: NURSE_SEARCH,
      },
      {
        // Today's markup: role/data-view-name cards, hashed classes, a promoted slot among the results, a mutual
        // connection's profile link inside a card, "People you may know" and an ad in the right rail, results
        // below the fold not rendered yet.
        file: 'people-search-today.html',
        url: 'https://www.linkedin.com/search/results/people/?keywords=nurse&origin=GLOBAL_SEARCH_HEADER',
        people: NURSE_SEARCH,
      },
      {
        // 2026: componentkey cards, no data-view-name, a profile link around each whole card, badges after names,
        // alt texts with words added, a promotion between results, the right rail.
        file: 'people-search-2026.html',
        url: 'https://www.linkedin.com/search/results/people/?keywords=nurse&origin=SWITCH_SEARCH_VERTICAL',
        people: NURSE_SEARCH_2026,
      },
      {
        // 2026 cards with LinkedIn's own notes: an AI "Summary:" line before the headline, "About this profile"
        // before the place. Neither is taken for the person's headline or place.
        file: 'people-search-2026-notes.html',
        url: 'https://www.linkedin.com/search/results/people/?keywords=platform',
        people: [
          person({
            name: 'Lucía Ferrante',
            headline: 'Head of Platform at Northwind Ledger',
            location: 'Turin, Piedmont, Italy',
            publicUrl: `${IN}lucia-ferrante-demo`,
          }),
          person({
            name: 'Tariq Haddad',
            headline: 'Recruiting Lead at Harbor & Finch',
            location: 'Dubai, United Arab Emirates',
            publicUrl: `${IN}tariq-haddad-demo`,
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
        people: [ADA_LEAD],
      },
      {
        file: 'sales-lead-menu-open.html',
        url: 'https://www.linkedin.com/sales/lead/ACwAAAAda1Lovelace,NAME_SEARCH,aB1c',
        // The lead's menu, open, shows the public profile URL.
        people: [{ ...ADA_LEAD, publicUrl: `${IN}ada-lovelace-demo` }],
      },
      {
        file: 'sales-lead-obfuscated.html',
        url: 'https://www.linkedin.com/sales/lead/ACwAAAAdb2Okafor,NAME_SEARCH,cD3e',
        people: [GRACE],
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
        people: [{ ...KWAME_PROFILE, location: 'Accra, Greater Accra Region, Ghana' }],
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
        people: [{ ...KWAME_PROFILE, location: 'Accra, Greater Accra Region, Ghana' }],
      },
      {
        // Today's profile by member id: "People you may know" inside main and "People also viewed" beside it
        // link other members' public URLs, which are not this member's.
        file: 'profile-today.html',
        url: 'https://www.linkedin.com/in/ACoAAAF5grace0Okafor',
        people: [GRACE],
      },
      {
        // 2026's profile by member id: no h1, the top card's h2; the public URL from its contact-info link.
        file: 'profile-2026.html',
        url: 'https://www.linkedin.com/in/ACoAAAF4wei0Chen',
        people: [WEI_2026],
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
        // Today's profile: the top card's h1, with people in "People you may know" and "People also viewed".
        file: 'profile-today.html',
        url: 'https://www.linkedin.com/in/grace-okafor-rn-demo/',
        people: [
          // Her place from the card, never one of the people the page suggests.
          GRACE,
        ],
      },
      {
        // 2026's profile: no h1; the top card's h2 and the line after it, never "About" or "People you may know";
        // the place is the line before "Contact info".
        file: 'profile-2026.html',
        url: 'https://www.linkedin.com/in/wei-chen-demo/',
        people: [{ ...WEI_2026, location: 'Singapore' }],
      },
      {
        // 2026's profile seen by a 1st-degree connection: the degree line ("· 1st", after a verification mark) comes
        // before the headline and is never taken for it.
        file: 'profile-2026-connection.html',
        url: 'https://www.linkedin.com/in/amara-nwosu-demo/',
        people: [AMARA_2026],
      },
      {
        // A section page has no h1 of its own (the site header's hidden one is not the name): the sticky header.
        file: 'profile-details-today.html',
        url: 'https://www.linkedin.com/in/kwame-mensah-demo/details/experience/',
        people: [KWAME_PROFILE],
      },
      {
        file: 'member-id-profile.html',
        url: 'https://www.linkedin.com/in/Kwame-Mensah-Demo/details/experience/',
        people: [{ ...KWAME_PROFILE, location: 'Accra, Greater Accra Region, Ghana' }],
      },
    ],
  },
];

describe.each(KINDS)('$id: reading fixture pages', ({ read, cases }) => {
  it.each(cases)('$file', ({ file, url, people }) => {
    expect(read(fixture(file), url).people).toEqual(people);
    // What the content script answers for that page: the same people, picked by the URL's kind, and no report.
    expect(readPage(fixture(file), url)).toEqual({ url, people, cards: expect.any(Number), report: null });
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
  it('reads nobody on a page of no known kind, and has no report to make', () => {
    expect(readPage(fixture('people-search.html'), 'https://www.linkedin.com/feed/')).toEqual({
      url: 'https://www.linkedin.com/feed/',
      people: [],
      cards: 0,
      report: null,
    });
  });

  it('says a page it cannot read has no cards, and makes its structure report', () => {
    const url = 'https://www.linkedin.com/search/results/people/?keywords=nurse';
    const read = readPage(fixture('people-search-unreadable.html'), url);
    expect(read).toMatchObject({ url, people: [], cards: 0 });
    expect(read.report).toContain('page: people-search at /search/results/people/');
  });

  it('tells cards not rendered yet from a page it cannot read', () => {
    const url = 'https://www.linkedin.com/search/results/people/?keywords=nurse';
    const loading = fixture('people-search-today.html');
    for (const card of loading.querySelectorAll('[data-view-name="people-search-result"]')) {
      card.innerHTML = '<div aria-busy="true"></div>';
    }
    expect(readPage(loading, url)).toMatchObject({ people: [], cards: 7 });
    expect(readPage(loading, url).report).toContain('people read: 0');
  });

  it('makes a report for a profile whose name it cannot read, and still gives its URL', () => {
    const url = 'https://www.linkedin.com/in/grace-okafor-rn-demo/';
    const read = readPage(page('<main><section><div class="_x"></div></section></main>'), url);
    expect(read.people).toEqual([person({ publicUrl: `${IN}grace-okafor-rn-demo` })]);
    expect(read.report).toContain('page: profile at /in/*/');
  });
});

/** Every class name replaced by another hash, as LinkedIn does from one release to the next. */
function rehashed(file: string): Document {
  const doc = fixture(file);
  let n = 0;
  for (const element of doc.querySelectorAll('[class]')) {
    const hashed = (element.getAttribute('class') ?? '').split(/\s+/).filter((c) => /^_|\d/.test(c));
    if (hashed.length > 0)
      element.setAttribute('class', hashed.map(() => `_${(n++).toString(16)}zz`).join(' '));
  }
  return doc;
}

describe("today's markup is read without its class names", () => {
  it.each(['people-search-today.html', 'people-search-2026.html'])(
    '%s, every hashed class renamed',
    (file) => {
      const url = 'https://www.linkedin.com/search/results/people/?keywords=nurse';
      const read = peopleSearch.read(fixture(file), url);
      expect(read.people.length).toBeGreaterThan(4);
      expect(peopleSearch.read(rehashed(file), url)).toEqual(read);
    },
  );

  it('profile-2026.html, every hashed class renamed', () => {
    expect(
      profile.read(rehashed('profile-2026.html'), 'https://www.linkedin.com/in/wei-chen-demo/').people,
    ).toEqual([{ ...WEI_2026, location: 'Singapore' }]);
    expect(memberIdProfile.read(rehashed('profile-2026.html'), `${IN}ACoAAAF4wei0Chen`).people).toEqual([
      WEI_2026,
    ]);
  });

  it('2026 people search cards with no componentkey left: the listitem roles and the profile links still hold them', () => {
    const doc = fixture('people-search-2026.html');
    for (const element of doc.querySelectorAll('[componentkey]')) element.removeAttribute('componentkey');
    const url = 'https://www.linkedin.com/search/results/people/?keywords=nurse';
    // Only people with a link of their own are told from other list items then: never a mutual connection.
    expect(peopleSearch.read(doc, url).people).toEqual(
      NURSE_SEARCH_2026.filter((p) => p.name !== 'LinkedIn Member'),
    );
  });

  it('people search cards with no data-view-name left: the listitem roles and the profile links still hold them', () => {
    const doc = fixture('people-search-today.html');
    for (const element of doc.querySelectorAll('[data-view-name]')) element.removeAttribute('data-view-name');
    const url = 'https://www.linkedin.com/search/results/people/?keywords=nurse';
    // The member without a link is no longer told from the promoted slot, so only people with links are listed.
    expect(
      peopleSearch.read(doc, url).people.map(({ name, publicUrl, pageUrl }) => [name, publicUrl ?? pageUrl]),
    ).toEqual([
      ['Ada Lovelace', `${IN}ada-lovelace-demo`],
      ['José Álvarez', `${IN}jos%C3%A9-%C3%A1lvarez-demo`],
      ['Kwame Mensah', `${IN}ACoAAAF3kwame0Mensah`],
      ['Grace Okafor', `${IN}grace-okafor-rn-demo`],
    ]);
  });
});
