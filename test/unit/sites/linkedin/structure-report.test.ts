import { describe, expect, it } from 'vitest';
import { readPage } from '@/src/sites/linkedin/read-request';
import { keyShape, pathShape, structureReport } from '@/src/sites/linkedin/structure-report';

import { linkedinFixture as fixture } from '../../../support/linkedin-documents';

const SEARCH =
  'https://www.linkedin.com/search/results/people/?keywords=nurse%20boston&geoUrn=%5B%22102380872%22%5D';

/**
 * What the fixture pages hold that is theirs, not LinkedIn's: names (as written, and in slugs), contact details,
 * member and entity ids, query strings, words of the page. None may reach a report.
 */
const SECRETS = [
  // Names, with and without their accents, in any case.
  'Ada',
  'Lovelace',
  'Grace',
  'Okafor',
  'José',
  'Jose',
  'Álvarez',
  'Alvarez',
  'Kwame',
  'Mensah',
  'Wei',
  'Chen',
  'Zoë',
  'Müller',
  'Muller',
  'Siobhán',
  'Siobhan',
  'Kelly',
  'LinkedIn Member',
  // Slugs and ids.
  'ada-lovelace-demo',
  'grace-okafor-rn-demo',
  'jos%C3%A9',
  'ACoAAAF',
  'kwame0Mensah',
  '100000005',
  'urn:li',
  'urn%3A',
  'miniProfileUrn',
  'fsd_profile',
  'results-ACoAAAF1secret',
  'ACoAAAF1secret',
  // Contact-like strings.
  'ada@analytical-engines.example',
  'analytical-engines',
  'grace.okafor@brightpath.example',
  'brightpath',
  '7946',
  '0958',
  '555-0142',
  '6175550142',
  '1234567893',
  'mailto:grace',
  'tel:+1',
  // Query strings and words of the page.
  'keywords',
  'nurse',
  'boston',
  'geoUrn',
  'campaign',
  'trk=',
  'sid=',
  'tok3n',
  'Principal Software Engineer',
  'Registered Nurse',
  'Tessellate',
  'Acme',
  'Promoted',
  'Full-time',
  'Show all',
  'People you may know',
  'People also viewed',
  'London',
  'Accra',
  'Madrid',
  'Massachusetts',
  'Verified',
  'mutual',
  // The 2026 pages' people, slugs, ids and words.
  'Mira',
  'Solberg',
  '%F0',
  '🔺',
  '4b1a2c3d',
  'Fjordline',
  'Oslo',
  'Tomás',
  'Tomas',
  'Priya',
  'Natarajan',
  'wei-chen-demo',
  'wei0Chen',
  'member0Hidden',
  'open to work',
  'Premium',
  'Contact info',
  'He/Him',
  'Singapore',
];

const PAGES = [
  ['people-search-unreadable.html', SEARCH],
  ['people-search-today.html', SEARCH],
  ['people-search.html', SEARCH],
  ['people-search-2026.html', SEARCH],
  ['profile-2026.html', 'https://www.linkedin.com/in/%F0%9F%94%BA-mira-solberg-4b1a2c3d/'],
  ['profile-today.html', 'https://www.linkedin.com/in/grace-okafor-rn-demo/?trk=public_profile'],
  ['profile-details-today.html', 'https://www.linkedin.com/in/kwame-mensah-demo/details/experience/'],
  ['member-id-profile.html', 'https://www.linkedin.com/in/ACoAAAF3kwame0Mensah?miniProfileUrn=urn%3Ali%3Afs'],
  [
    'sales-list.html',
    'https://www.linkedin.com/sales/lists/people/7123456789012345678?sortCriteria=CREATED_TIME',
  ],
  ['recruiter-project.html', 'https://www.linkedin.com/talent/hire/1234567/manage/all'],
] as const;

describe('structureReport', () => {
  it.each(PAGES)(
    '%s: carries none of the page text, names, slugs, ids, contact details or query strings',
    (file, url) => {
      const report = structureReport(fixture(file), url, 'people-search', 0).toLowerCase();
      for (const secret of SECRETS) expect(report, secret).not.toContain(secret.toLowerCase());
      // Ids of any kind: no run of five digits, no member id.
      expect(report).not.toMatch(/\d{5}/);
    },
  );

  it('describes the structure a fixture page needs: kinds, roles, data-view-name values, class shapes, link shapes', () => {
    const report = structureReport(fixture('people-search-today.html'), SEARCH, 'people-search', 5);
    expect(report).toContain('page: people-search at /search/results/people/');
    expect(report).toContain('people read: 5');
    expect(report).toMatch(/person links: .*\/in\/\* ×4, \/in\/ACoAA\* ×2$/m);
    expect(report).toContain('div[role=list].#');
    expect(report).toContain('div[data-view-name=people-search-result].#');
    expect(report).toContain('div[role=complementary][aria-label].#');
    // A card as a developer rebuilds it: the link's shape and attribute, hashed classes as `#`.
    expect(report).toContain('a[data-view-name=search-result-lockup-title][href=/in/*].# "');
    expect(report).toContain('a[data-view-name=search-result-lockup-title][href=/in/ACoAA*].# "');
    // Identical neighbours are written once, with their count: the two loading cards.
    expect(report).toMatch(/div\[role=listitem\]\.#.* ×2/);
  });

  it("outlines a 2026 result card's whole interior, with its keys as shapes", () => {
    const report = structureReport(fixture('people-search-2026.html'), SEARCH, 'people-search', 0);
    expect(report).toContain(
      'div[role=main][data-sdui-screen=com.linkedin.sdui.flagshipnav.search.SearchResultsPeople]',
    );
    expect(report).toContain('div[role=listitem][componentkey=SearchResults*].#');
    // The name link inside the card's first line, the badge after it, the mutual connections' links: all shown.
    expect(report).toMatch(
      /^ {2,}a\[href=\/in\/\*\/\]\.# "\n {2,}span\.#\n {2,}span\[role=img\]\[aria-label\]\.#$/m,
    );
    expect(report).toMatch(/^ {2,}a\[href=\/in\/\*\/\]\.#\n {2,}strong "$/m);
    expect(report).toContain('button[data-testid=pagination-controls-next-button-visible].#');
    // The page around the results is outlined too, the results' region once.
    expect(report).toContain('aside[aria-hidden].#');
    expect(report.match(/componentkey=SearchResults\*/g)).toHaveLength(7);
    expect(report).not.toContain('undefined');
  });

  it("outlines a 2026 profile's top card, its key a shape", () => {
    const report = structureReport(
      fixture('profile-2026.html'),
      'https://www.linkedin.com/in/wei-chen-demo/',
      'profile',
      1,
    );
    expect(report).toContain('section[componentkey=com.linkedin.sdui.profile.card.ref*Topcard].#');
    expect(report).toContain(
      'section[componentkey=com.linkedin.sdui.profile.card.ref*ExperienceTopLevelSection].#',
    );
    expect(report).toContain('[data-sdui-screen=com.linkedin.sdui.flagshipnav.profile.Profile]');
    expect(report).toMatch(/^ +h2\.# "$/m);
  });

  it('keeps the readable class names of an older markup as they are', () => {
    const report = structureReport(fixture('people-search.html'), SEARCH, 'people-search', 0);
    expect(report).toContain('.entity-result__title-text');
    expect(report).toContain('[data-chameleon-result-urn]');
  });

  it('is what the content script sends with a page it could not read', () => {
    const read = readPage(fixture('people-search-unreadable.html'), SEARCH);
    expect(read.report).toBe(
      structureReport(fixture('people-search-unreadable.html'), SEARCH, 'people-search', 0),
    );
    expect(read.report).toContain('[data-href][role=link]');
  });
});

describe('keyShape', () => {
  it.each([
    ['SearchResultsACoAAAF1ada0Lovelace', 'SearchResults*'],
    ['SearchResults123456789', 'SearchResults*'],
    [
      'com.linkedin.sdui.profile.card.refACoAAAF4wei0ChenTopcard',
      'com.linkedin.sdui.profile.card.ref*Topcard',
    ],
    [
      'com.linkedin.sdui.flagshipnav.search.SearchResultsPeople',
      'com.linkedin.sdui.flagshipnav.search.SearchResultsPeople',
    ],
    ['profile-ada-lovelace-demo', 'profile*'],
    ['%F0%9F%94%BA-mira', '*'],
    ['', ''],
  ])('%s is %s', (value, shape) => {
    expect(keyShape(value)).toBe(shape);
  });
});

describe('pathShape', () => {
  it.each([
    ['https://www.linkedin.com/in/ada-lovelace-demo?miniProfileUrn=x', '/in/*'],
    ['/in/ACoAAAF3kwame0Mensah/', '/in/ACoAA*/'],
    ['/in/skills/details/skills/', '/in/*/details/skills/'],
    ['https://www.linkedin.com/sales/lead/ACwAAAkDbz0BqQ2z,NAME_SEARCH,Xk2L', '/sales/lead/*'],
    ['https://www.linkedin.com/sales/lists/people/7123456789012345678', '/sales/lists/people/*'],
    [
      'https://www.linkedin.com/talent/hire/1234567/manage/all/profile/AEMAAAKw',
      '/talent/hire/*/manage/all/profile/*',
    ],
    ['/search/results/people/?keywords=nurse', '/search/results/people/'],
    ['https://uk.linkedin.com/company/acme/', '/company/*/'],
    ['https://ads.example.com/click?x=1', 'elsewhere'],
    ['mailto:ada@example.org', 'mailto:'],
    ['tel:+441234', 'tel:'],
    ['javascript:void(0)', 'javascript:'],
  ])('%s is %s', (href, shape) => {
    expect(pathShape(href)).toBe(shape);
  });
});
