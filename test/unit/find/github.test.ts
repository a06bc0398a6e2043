import { describe, expect, it } from 'vitest';
import { gitHubProfile } from '../../../src/find/github';

describe('GitHub profile pages', () => {
  it.each([
    ['https://github.com/octocat', 'octocat'],
    ['https://github.com/Octo-Cat/?tab=repositories', 'Octo-Cat'],
    ['https://www.github.com/ada-codes#readme', 'ada-codes'],
    ['https://github.com/a', 'a'],
    [`https://github.com/${'a'.repeat(39)}`, 'a'.repeat(39)],
  ])('%s is the profile of %s', (url, handle) => {
    expect(gitHubProfile(url)).toEqual({ handle, link: `https://github.com/${handle}` });
  });

  it.each([
    'https://github.com/',
    'https://github.com/octocat/hello-world',
    'https://github.com/settings/profile',
    'https://github.com/settings',
    'https://github.com/orgs/acme/people',
    'https://github.com/explore',
    'https://github.com/Marketplace',
    'https://github.com/-octocat',
    'https://github.com/octo--cat',
    'https://github.com/octocat-',
    `https://github.com/${'a'.repeat(40)}`,
    'https://github.com/octo_cat',
    'http://github.com/octocat',
    'https://gist.github.com/octocat',
    'https://gitlab.com/octocat',
    'https://www.linkedin.com/in/octocat',
    'github.com/octocat',
    '',
    null,
  ])('%s is not a profile', (url) => {
    expect(gitHubProfile(url)).toBeNull();
  });
});
