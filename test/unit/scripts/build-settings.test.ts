import { describe, expect, it } from 'vitest';
import {
  geckoId,
  grantedOrigins,
  homepageUrl,
  notForStores,
  PLACEHOLDER_GECKO_ID,
  PLACEHOLDER_HOMEPAGE,
  SIMULATOR_URL,
} from '../../../scripts/build-settings';

describe('what a build is granted and where it points', () => {
  it('grants a simulator build LinkedIn and loopback', () => {
    const loopback = [
      'https://*.linkedin.com/*',
      'http://127.0.0.1/*',
      'http://localhost/*',
      'https://127.0.0.1/*',
      'https://localhost/*',
    ];
    expect(grantedOrigins(SIMULATOR_URL)).toEqual(loopback);
    expect(grantedOrigins('https://127.0.0.1:9443')).toEqual(loopback);
  });

  it('grants a build for a real service LinkedIn and that origin alone, whatever its port and path', () => {
    expect(grantedOrigins('https://api.service.example:8443/base')).toEqual([
      'https://*.linkedin.com/*',
      'https://api.service.example/*',
    ]);
  });

  it('takes the project address from the environment, https only, with a placeholder without it', () => {
    expect(homepageUrl(undefined)).toBe(PLACEHOLDER_HOMEPAGE);
    expect(homepageUrl('')).toBe(PLACEHOLDER_HOMEPAGE);
    expect(homepageUrl('https://github.com/acme/candidate-lens')).toBe(
      'https://github.com/acme/candidate-lens',
    );
    expect(() => homepageUrl('http://acme.example')).toThrow(/must start with https:\/\//);
    expect(() => homepageUrl('acme')).toThrow(/not a URL: "acme"/);
  });

  it("takes Firefox's add-on id from the environment, in the form Firefox accepts", () => {
    expect(geckoId(undefined)).toBe(PLACEHOLDER_GECKO_ID);
    expect(geckoId('lens@acme.example')).toBe('lens@acme.example');
    expect(() => geckoId('lens at acme')).toThrow(/name@your-domain.com/);
    expect(() => geckoId(`${'a'.repeat(80)}@acme.example`)).toThrow(/80 characters at most/);
  });

  it('says what a package still needs before it goes to the stores', () => {
    expect(notForStores(SIMULATOR_URL, PLACEHOLDER_HOMEPAGE, PLACEHOLDER_GECKO_ID)).toBe(
      'Not a package for the stores: set WXT_API_BASE_URL (it targets the local simulator), WXT_HOMEPAGE_URL ' +
        `(it carries ${PLACEHOLDER_HOMEPAGE}), WXT_GECKO_ID (Firefox's id is ${PLACEHOLDER_GECKO_ID}). ` +
        'See "The packages" in docs/publishing.md.',
    );
    expect(notForStores('https://api.service.example', PLACEHOLDER_HOMEPAGE, 'lens@acme.example')).toMatch(
      /^Not a package for the stores: set WXT_HOMEPAGE_URL \(/,
    );
    expect(
      notForStores('https://api.service.example', 'https://acme.example/lens', 'lens@acme.example'),
    ).toBeNull();
  });
});
