import { describe, expect, it } from 'vitest';
import { isLinkedInHost, profileUrl } from '@/src/sites/linkedin/url';

const JOHN = 'https://www.linkedin.com/in/john-doe';
const JOSE = 'https://www.linkedin.com/in/jos%C3%A9-%C3%A1lvarez';

describe('profileUrl: member profiles', () => {
  it.each([
    // The canonical form is a fixed point.
    [JOHN, JOHN],
    ['https://www.linkedin.com/in/john-doe/', JOHN],
    ['https://linkedin.com/in/john-doe', JOHN],
    ['http://www.linkedin.com/in/john-doe', JOHN],
    // Country subdomains.
    ['https://uk.linkedin.com/in/john-doe', JOHN],
    ['https://de.linkedin.com/in/john-doe/', JOHN],
    ['https://fr.linkedin.com/in/john-doe', JOHN],
    ['https://in.linkedin.com/in/john-doe', JOHN],
    ['https://br.linkedin.com/in/john-doe?originalSubdomain=br', JOHN],
    // Mobile web.
    ['https://m.linkedin.com/in/john-doe', JOHN],
    ['https://www.linkedin.com/mwlite/in/john-doe', JOHN],
    ['https://www.linkedin.com/m/in/john-doe/', JOHN],
    // Pasted without a scheme, with surrounding whitespace.
    ['linkedin.com/in/john-doe', JOHN],
    ['www.linkedin.com/in/john-doe/', JOHN],
    ['//www.linkedin.com/in/john-doe', JOHN],
    ['  https://www.linkedin.com/in/john-doe \n', JOHN],
    ['linkedin.com/in/x', 'https://www.linkedin.com/in/x'],
    // Sections of the same profile.
    ['https://www.linkedin.com/in/john-doe/details/experience/', JOHN],
    ['https://www.linkedin.com/in/john-doe/overlay/contact-info/', JOHN],
    ['https://www.linkedin.com/in/john-doe/recent-activity/all/', JOHN],
    ['https://www.linkedin.com/in/john-doe/edit/intro/?profileFormEntryPoint=PROFILE_SECTION', JOHN],
    ['https://www.linkedin.com/in/john-doe/fr', JOHN],
    // Query and hash.
    ['https://www.linkedin.com/in/john-doe?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAAB', JOHN],
    ['https://www.linkedin.com/in/john-doe/#experience', JOHN],
    ['https://www.linkedin.com/in/john-doe?trk=public_profile#top', JOHN],
    // Case: host, path and slug.
    ['HTTPS://WWW.LINKEDIN.COM/IN/JOHN-DOE', JOHN],
    ['https://www.LinkedIn.com/in/John-Doe/', JOHN],
    ['https://www.linkedin.com.:443/in/john-doe', JOHN],
    // Slugs with digits and underscores.
    ['https://www.linkedin.com/in/john-doe-4b1a2c3d/', 'https://www.linkedin.com/in/john-doe-4b1a2c3d'],
    ['https://www.linkedin.com/in/jane_doe_42', 'https://www.linkedin.com/in/jane_doe_42'],
    // Percent-encoding: one spelling whatever the input (upper-case hex, lowercase letters, NFC).
    [JOSE, JOSE],
    ['https://www.linkedin.com/in/jos%c3%a9-%c3%a1lvarez/', JOSE],
    ['https://www.linkedin.com/in/josé-álvarez', JOSE],
    ['https://www.linkedin.com/in/JOS%C3%89-%C3%81LVAREZ', JOSE],
    ['https://www.linkedin.com/in/JOSÉ-ÁLVAREZ', JOSE],
    ['https://www.linkedin.com/in/jose\u0301-a\u0301lvarez', JOSE],
    ['https://www.linkedin.com/in/jo%73e%CC%81-%C3%A1lvarez', JOSE],
    ['https://cn.linkedin.com/in/%E6%9D%8E%E5%8D%8E', 'https://www.linkedin.com/in/%E6%9D%8E%E5%8D%8E'],
    ['https://www.linkedin.com/in/李华/', 'https://www.linkedin.com/in/%E6%9D%8E%E5%8D%8E'],
  ])('%j -> %s', (input, expected) => {
    expect(profileUrl(input)).toBe(expected);
  });
});

/** Slugs shaped like those LinkedIn issues to real members (invented people), each with its one canonical spelling. */
const REAL_SLUGS: Array<[string, string, string[]]> = [
  // An emoji from the member's name, then the name and a member suffix.
  [
    'emoji, name and member suffix',
    'https://www.linkedin.com/in/%F0%9F%94%BA-mira-solberg-4b1a2c3d',
    [
      'https://www.linkedin.com/in/🔺-mira-solberg-4b1a2c3d/',
      'https://www.linkedin.com/in/%f0%9f%94%ba-Mira-Solberg-4B1A2C3D',
    ],
  ],
  [
    'emoji with a skin tone and a joiner',
    'https://www.linkedin.com/in/%F0%9F%91%A9%F0%9F%8F%BD%E2%80%8D%F0%9F%92%BB-ana-ruiz-12ab34cd',
    ['https://www.linkedin.com/in/👩🏽‍💻-ana-ruiz-12ab34cd'],
  ],
  [
    'emoji with a variation selector',
    'https://www.linkedin.com/in/%E2%9D%A4%EF%B8%8F-lee-park',
    ['https://www.linkedin.com/in/❤️-lee-park', 'linkedin.com/in/%e2%9d%a4%ef%b8%8f-LEE-park'],
  ],
  [
    'accents',
    'https://www.linkedin.com/in/fran%C3%A7ois-m%C3%BCller-b2c3d4e5',
    [
      'https://fr.linkedin.com/in/François-Müller-b2c3d4e5',
      'https://www.linkedin.com/in/franc%CC%A7ois-mu%CC%88ller-b2c3d4e5',
    ],
  ],
  [
    'CJK',
    'https://www.linkedin.com/in/%E7%8E%8B%E8%8A%B3-7c8d9e0f',
    ['https://cn.linkedin.com/in/王芳-7C8D9E0F/', 'https://www.linkedin.com/in/%e7%8e%8b%e8%8a%b3-7c8d9e0f'],
  ],
  [
    'Cyrillic',
    'https://www.linkedin.com/in/%D0%B0%D0%BD%D0%BD%D0%B0-%D0%B8%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0',
    [
      'https://www.linkedin.com/in/Анна-Иванова',
      'https://www.linkedin.com/in/%D0%90%D0%BD%D0%BD%D0%B0-%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0/',
    ],
  ],
  ['digits only', 'https://www.linkedin.com/in/123456789', ['https://www.linkedin.com/in/123456789/']],
  [
    'a dot and an apostrophe from the name',
    "https://www.linkedin.com/in/j.-o'neil-9f8e7d6c",
    ["https://www.linkedin.com/in/J.-O'Neil-9F8E7D6C", 'https://www.linkedin.com/in/j.-o%27neil-9f8e7d6c'],
  ],
];

describe('profileUrl: every slug LinkedIn issues, one spelling each', () => {
  it.each(REAL_SLUGS)('%s', (_, canonical, spellings) => {
    expect(profileUrl(canonical)).toBe(canonical);
    for (const spelling of spellings) expect(profileUrl(spelling), spelling).toBe(canonical);
  });
});

describe('profileUrl: not a member profile', () => {
  it.each([
    // Other LinkedIn pages.
    'https://www.linkedin.com/company/acme/',
    'https://www.linkedin.com/school/mit/',
    'https://www.linkedin.com/jobs/view/1234567890/',
    'https://www.linkedin.com/feed/',
    'https://www.linkedin.com/search/results/people/?keywords=john%20doe',
    'https://www.linkedin.com/messaging/thread/2-abc/',
    'https://www.linkedin.com/mynetwork/',
    'https://www.linkedin.com/posts/john-doe_activity-7000000000000000000-abcd',
    'https://www.linkedin.com/sales/lead/ACwAAB,NAME_SEARCH,abc',
    'https://www.linkedin.com/',
    'https://www.linkedin.com/company/acme/in/john-doe',
    // `/in/` without a usable slug.
    'https://www.linkedin.com/in/',
    'https://www.linkedin.com/in',
    'https://www.linkedin.com/in//john-doe',
    'https://www.linkedin.com/in/me/',
    'https://www.linkedin.com/in/unavailable/',
    'https://www.linkedin.com/in/john%20doe',
    'https://www.linkedin.com/in/john%2Fdoe',
    'https://www.linkedin.com/in/john%E0%A4%A',
    'https://www.linkedin.com/in/<script>',
    'https://www.linkedin.com/in/%3Cscript%3E',
    'https://www.linkedin.com/in/a%3Fb',
    'https://www.linkedin.com/in/a%23b',
    'https://www.linkedin.com/in/a%00b',
    'https://www.linkedin.com/in/a%E2%80%AEb',
    'https://www.linkedin.com/in/a=b',
    'https://www.linkedin.com/in/%2E%2E',
    `https://www.linkedin.com/in/${'a'.repeat(101)}`,
    `https://www.linkedin.com/in/${'李'.repeat(31)}`,
    // Opaque member ids and old public URLs.
    'https://www.linkedin.com/in/ACoAABcDeFgHiJkLmNoPqRsTuVwXyZ0123456789',
    'https://www.linkedin.com/pub/john-doe/12/345/678',
    'https://www.linkedin.com/pub/dir/John/Doe',
    // Other hosts, lookalikes included.
    'https://linkedin.com.evil.example/in/john-doe',
    'https://evil-linkedin.com/in/john-doe',
    'https://www.linkedin.co/in/john-doe',
    'https://www.linkedin.cn/in/john-doe',
    'https://lnkd.in/john-doe',
    'https://business.linkedin.com/in/john-doe',
    'https://www.evil.example/?u=https://www.linkedin.com/in/john-doe',
    'https://www.linkedin.com@evil.example/in/john-doe',
    // Credentials, ports and other schemes.
    'https://user:pass@www.linkedin.com/in/john-doe',
    'https://www.linkedin.com:8443/in/john-doe',
    'ftp://www.linkedin.com/in/john-doe',
    'javascript:alert(1)//www.linkedin.com/in/john-doe',
    'chrome-extension://abc/in/john-doe',
    // Not URLs.
    '',
    '   ',
    'john-doe',
    'https://',
  ])('%j -> null', (input) => {
    expect(profileUrl(input)).toBeNull();
  });
});

describe('isLinkedInHost', () => {
  it.each([
    ['linkedin.com', true],
    ['www.linkedin.com', true],
    ['WWW.LinkedIn.COM', true],
    ['uk.linkedin.com', true],
    ['business.linkedin.com', true],
    ['www.linkedin.com.', true],
    ['linkedin.com.evil.example', false],
    ['evil-linkedin.com', false],
    ['evillinkedin.com', false],
    ['linkedin.co', false],
    ['', false],
  ])('%j -> %s', (hostname, expected) => {
    expect(isLinkedInHost(hostname)).toBe(expected);
  });
});
