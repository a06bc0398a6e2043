import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PROFILES } from '../../../sim/demo-profiles';
import { gitHubUserKey } from '../../../sim/social-url';
import { search, sharedSimulator } from './helpers';

const sim = sharedSimulator();
beforeEach(() => sim.state.reset());

/** The ids a search by these criteria returns, with what it charged. */
async function found(criteria: Record<string, unknown>) {
  const { status, json } = await search(sim.app, { search_criteria: criteria, page_size: 100 });
  expect(status).toBe(200);
  return { ids: json.data.profiles.map((p: { id: unknown }) => String(p.id)), used: json.credits.used };
}

describe('GitHub profiles in the simulator', () => {
  it.each([
    ['https://github.com/ada-codes', 'ada-codes'],
    ['github.com/Ada-Codes/', 'ada-codes'],
    ['http://www.github.com/ada-codes?tab=repositories', 'ada-codes'],
    ['https://github.com/ada-codes/compiler', null],
    ['https://gist.github.com/ada-codes', null],
    ['https://www.linkedin.com/in/ada-codes', null],
    ['ada-codes', null],
  ])('reads the user of %s as %s', (url, user) => {
    expect(gitHubUserKey(url)).toBe(user);
  });

  it('demo profiles hold GitHub users', () => {
    expect(DEMO_PROFILES.full.github).toBe('ada-codes');
    expect(DEMO_PROFILES.nothing.github).toBe('zmueller');
    expect(DEMO_PROFILES.numericId.github).toBe('weichen-ml');
    expect(DEMO_PROFILES.emailOnly.github).toBeNull();
  });

  it('finds the person by GitHub link and handle together, and charges 1 credit', async () => {
    const result = await found({ link: ['https://github.com/ada-codes'], handle: ['ada-codes'] });
    expect(result).toEqual({ ids: ['demo-ada-lovelace'], used: 1 });
  });

  it('a handle matches a LinkedIn slug or a GitHub user; a link keeps the networks apart', async () => {
    expect((await found({ handle: ['@weichen-ml'] })).ids).toEqual(['100200300']);
    expect((await found({ handle: ['wei-chen-demo'] })).ids).toEqual(['100200300']);
    // A LinkedIn URL naming the GitHub user, and a GitHub URL naming the LinkedIn slug, match no one: free.
    expect(await found({ link: ['https://www.linkedin.com/in/weichen-ml'] })).toEqual({ ids: [], used: 0 });
    expect(await found({ link: ['https://github.com/wei-chen-demo'] })).toEqual({ ids: [], used: 0 });
    // LinkedIn links as before, bare slugs included.
    expect((await found({ link: ['wei-chen-demo'] })).ids).toEqual(['100200300']);
  });

  it('an unknown GitHub profile finds no one and costs nothing', async () => {
    expect(await found({ link: ['https://github.com/octocat'], handle: ['octocat'] })).toEqual({
      ids: [],
      used: 0,
    });
  });

  it('finds by email and by name at a company domain, as a find sends them', async () => {
    expect((await found({ email: ['ada.lovelace@example.com'] })).ids).toEqual(['demo-ada-lovelace']);
    expect((await found({ name: ['Wei Chen'], company_domain: ['tessellatepay.com'] })).ids).toContain(
      '100200300',
    );
  });
});
